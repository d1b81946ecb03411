#include "api/tls/tls_socket_impl.h"

#include <openssl/ssl.h>

#include <cstring>

#include "api/runtime.h"
#include "api/system_error.h"
#include "api/tls/context_holder.h"
#include "nodecc/process.h"
#include "os/fd.h"

namespace nodecc::tls::detail {

namespace {

std::unique_ptr<net::Socket> makeFacade(net::detail::SocketBackend* backend) {
  return std::make_unique<TLSSocket>(backend);
}

bool isIpLiteral(std::string_view host) {
  return net::isIP(host) != 0;
}

}  // namespace

TlsSocketImpl::TlsSocketImpl(loop::core::Loop& loop) : TcpSocket(loop, makeFacade) {}

TlsSocketImpl* TlsSocketImpl::accept(Server& server) {
  ServerState* state = server.state();
  auto* self = new TlsSocketImpl(nodecc::detail::Runtime::current().loop());
  self->conn_ = core::Connection::attachServer(self->stream(), state->secure.context(),
                                               state->handshakeTimeoutMs);
  if (!self->conn_) {
    delete self;
    return nullptr;
  }
  self->conn_->observer = self;
  self->server_ = &server;
  return self;
}

TlsSocketImpl* TlsSocketImpl::client(const ConnectionOptions& o,
                                     std::shared_ptr<core::Context> ctx) {
  auto* self = new TlsSocketImpl(nodecc::detail::Runtime::current().loop());
  // Node: SNI is the servername, else the host unless it is an IP address; the certificate is
  // checked against the same name (or the IP address).
  std::string name = !o.servername.empty() ? o.servername : o.host;
  core::Connection::ClientOptions co;
  co.servername = isIpLiteral(name) ? "" : name;
  co.host = o.checkServerIdentity ? "" : name;  // a custom check replaces the core's
  co.rejectUnauthorized = o.rejectUnauthorized;
  SSL_SESSION* session = nullptr;
  if (!o.session.empty()) {
    const auto* der = reinterpret_cast<const unsigned char*>(o.session.data());
    session = d2i_SSL_SESSION(nullptr, &der, long(o.session.size()));  // null: a full handshake
    co.session = session;
  }
  self->conn_ = core::Connection::attachClient(self->stream(), std::move(ctx), co);
  SSL_SESSION_free(session);  // the connection holds its own reference
  if (!self->conn_) {
    delete self;
    return nullptr;
  }
  self->conn_->observer = self;
  self->hostname_ = name;
  self->checkServerIdentity_ = o.checkServerIdentity;
  self->rejectUnauthorized_ = o.rejectUnauthorized;
  self->socket().allowHalfOpen = o.allowHalfOpen;
  self->tlsSocket().servername = co.servername;
  if (o.socket != nullptr) {
    net::detail::TcpSocket& plain = wrappable(*o.socket, true);
    if (!plain.wrappable()) {
      plain.wrapOnceConnected(*self);  // as Node: 'connect' (the plain socket's, then this one's)
    } else {
      self->takeOver(plain);
      if (!self->destroyed()) {
        self->conn_->startClient();
      }
    }
  }
  return self;
}

TlsSocketImpl* TlsSocketImpl::wrapServer(net::detail::TcpSocket& plain,
                                         std::shared_ptr<core::Context> ctx) {
  auto* self = new TlsSocketImpl(nodecc::detail::Runtime::current().loop());
  // No handshake timeout: Node's is the tls.Server's, which such a socket does not have.
  self->conn_ = core::Connection::attachServer(self->stream(), std::move(ctx), 0);
  if (!self->conn_) {
    delete self;
    return nullptr;
  }
  self->conn_->observer = self;
  self->conn_->leaveVerdict();
  self->takeOver(plain);
  return self;
}

void TlsSocketImpl::onWrappedConnect(net::detail::TcpSocket& plain) {
  takeOver(plain);
  if (destroyed()) {
    return;
  }
  TcpSocket::onConnect(0);  // 'connect' and 'ready'
  if (!destroyed()) {
    conn_->startClient();
  }
}

net::detail::TcpSocket& TlsSocketImpl::wrappable(net::Socket& socket, bool connecting) {
  auto* tcp = dynamic_cast<net::detail::TcpSocket*>(socket.backend());
  if (tcp == nullptr || !(tcp->wrappable() || (connecting && tcp->wrappableOnceConnected()))) {
    throw Error("ERR_INVALID_ARG_VALUE",
                "The socket to wrap must be an open net.Socket without TLS, connected (or, for "
                "tls.connect, connecting) and not wrapped already");
  }
  return *tcp;
}

void TlsSocketImpl::takeOver(net::detail::TcpSocket& plain) {
  std::string unsent;
  const int fd = plain.handOver(*this, &unsent);
  if (fd < 0) {
    Error e("ERR_INVALID_ARG_VALUE", "The socket to wrap has a file queued to send");
    destroy(&e);
    return;
  }
  if (auto r = adopt(fd); !r) {
    os::core::closeFd(fd);
    Error e = nodecc::detail::errnoException(r.error(), "read");
    destroy(&e);
    return;
  }
  if (!unsent.empty()) {
    // The plain socket's last words (a STARTTLS "go ahead") go before any TLS record.
    iovec iov{unsent.data(), unsent.size()};
    stream().writeRaw(&iov, 1);
  }
}

void TlsSocketImpl::wantKeylog() {
  core::Connection::enableKeylog(conn_->context());
}

void TlsSocketImpl::end() {
  if (conn_ && !conn_->handshakeDone() && !destroyed()) {
    endWanted_ = true;
    return;
  }
  TcpSocket::end();
}

void TlsSocketImpl::onTcpConnect(core::Connection&) {
  // The TCP connection: 'connect' (and 'ready'), before the handshake as in Node.
  TcpSocket::onConnect(0);
}

void TlsSocketImpl::onConnect(int status) {
  if (status == core::kTlsFailed && !conn_->error().empty()) {
    Error e = toError(conn_->error());
    destroy(&e);
    return;
  }
  if (status != 0) {
    TcpSocket::onConnect(status);
    return;
  }
  // The client's handshake is done and the server accepted (or rejectUnauthorized is off).
  if (checkServerIdentity_ && !checkIdentity()) {
    return;
  }
  tlsSocket().emit("secureConnect");
  afterSecure();
}

bool TlsSocketImpl::checkIdentity() {
  if (!tlsSocket().authorized) {
    return true;  // the chain did not verify: nothing to check the name against
  }
  std::optional<Error> err =
      checkServerIdentity_(hostname_, describeCertificate(conn_->peerCertificate()));
  if (!err) {
    return true;
  }
  TLSSocket& s = tlsSocket();
  s.authorized = false;
  s.authorizationError = !err->code.empty() ? err->code : err->message;
  if (!rejectUnauthorized_) {
    return true;
  }
  destroy(&*err);
  return false;
}

void TlsSocketImpl::onEnd() {
  if (conn_->handshakeDone() || destroyed()) {
    TcpSocket::onEnd();
    return;
  }
  // Node's words for a peer that left mid-handshake, on either side.
  failBeforeSecure(Error("ECONNRESET",
                         "Client network socket disconnected before secure TLS connection was "
                         "established"));
}

void TlsSocketImpl::onError(int err) {
  if (err == core::kTlsFailed && !conn_->error().empty()) {
    if (server_ && !conn_->handshakeDone()) {
      destroy(nullptr);  // onHandshakeError told the server ('tlsClientError')
      return;
    }
    Error e = toError(conn_->error());
    destroy(&e);
    return;
  }
  if (server_ && !conn_->handshakeDone()) {
    failBeforeSecure(nodecc::detail::errnoException(err, "read"));
    return;
  }
  TcpSocket::onError(err);
}

void TlsSocketImpl::failBeforeSecure(const Error& err) {
  if (!server_) {
    destroy(&err);
    return;
  }
  // No one holds this socket for its 'error' yet (Node's server reports it as
  // 'tlsClientError' and closes the socket quietly).
  if (server_->listenerCount("tlsClientError") > 0) {
    server_->emit("tlsClientError", err, tlsSocket());
  }
  destroy(nullptr);
}

void TlsSocketImpl::onSecure(core::Connection& c) {
  TLSSocket& s = tlsSocket();
  s.authorized = c.authorized();
  s.authorizationError = c.authorizationError().code;
  s.alpnProtocol = c.alpnProtocol();
  if (server_) {
    s.servername = c.servername();
    server_->emit("secureConnection", s);
    afterSecure();
  } else if (c.isServer()) {
    // createTLSSocket's: no server to tell, the socket says it itself (Node's 'secure').
    s.servername = c.servername();
    s.emit("secure");
    afterSecure();
  }
}

void TlsSocketImpl::afterSecure() {
  if (destroyed()) {
    return;
  }
  // Writes made before the handshake went out with its end: their callbacks are due (unless
  // the kernel left some queued, then 'drain' runs them).
  if (stream().queuedBytes() == 0) {
    runWriteCallbacks(nullptr);
  }
  if (endWanted_) {
    endWanted_ = false;
    TcpSocket::end();
  }
}

void TlsSocketImpl::onHandshakeError(core::Connection&, const core::TlsError& err) {
  if (server_ && server_->listenerCount("tlsClientError") > 0) {
    Error e = toError(err);
    server_->emit("tlsClientError", static_cast<const Error&>(e), tlsSocket());
  }
}

void TlsSocketImpl::onSession(core::Connection&, SSL_SESSION* session) {
  if (tlsSocket().listenerCount("session") == 0) {
    return;
  }
  int len = i2d_SSL_SESSION(session, nullptr);
  if (len <= 0) {
    return;
  }
  Buffer der = Buffer::allocUnsafe(size_t(len));
  auto* p = reinterpret_cast<unsigned char*>(der.data());
  i2d_SSL_SESSION(session, &p);
  // Emitted once OpenSSL's read has returned: a listener may write, and OpenSSL is not to be
  // re-entered from its own callback.
  process::nextTick([this, alive = alive_, der] {
    if (*alive) {
      tlsSocket().emit("session", der);
    }
  });
}

void TlsSocketImpl::onKeylog(core::Connection&, std::string_view line) {
  // Node's line ends with a newline (ready to append to a key log file).
  bool onSocket = tlsSocket().listenerCount("keylog") > 0;
  bool onServer = server_ && server_->listenerCount("keylog") > 0;
  if (!onSocket && !onServer) {
    return;
  }
  Buffer b = Buffer::allocUnsafe(line.size() + 1);
  std::memcpy(b.data(), line.data(), line.size());
  b.data()[line.size()] = '\n';
  if (onServer) {
    server_->emit("keylog", static_cast<const Buffer&>(b), tlsSocket());
  }
  if (onSocket) {
    tlsSocket().emit("keylog", static_cast<const Buffer&>(b));
  }
}

}  // namespace nodecc::tls::detail
