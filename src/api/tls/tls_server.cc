// tls.createServer and tls.connect: net's server and socket with TLS on every connection
// (tls.connect({socket}): over a socket connected already).

#include "api/net/server_impl.h"
#include "api/tls/context_holder.h"
#include "api/tls/tls_socket_impl.h"

namespace nodecc::tls {

namespace {

net::detail::TcpSocket* acceptTls(void* data) {
  return detail::TlsSocketImpl::accept(*static_cast<Server*>(data));
}

}  // namespace

Server::Server(const ServerOptions& options) {
  // First: a refused key throws before the server is set up (and nothing is left to free).
  state_ = new detail::ServerState(options);
  impl()->makeSocket = acceptTls;
  impl()->makeSocketData = this;
  allowHalfOpen = options.allowHalfOpen;
  pauseOnConnect = options.pauseOnConnect;
  noDelay = options.noDelay;
  keepAlive = options.keepAlive;
  keepAliveInitialDelay = options.keepAliveInitialDelay;
}

Server::~Server() {
  delete state_;
}

Buffer Server::getTicketKeys() const {
  return state_->secure.getTicketKeys();
}

void Server::setTicketKeys(const Buffer& keys) {
  state_->secure.setTicketKeys(keys);
}

void Server::addContext(std::string_view hostname, const SecureContextOptions& context) {
  state_->secure.addContext(hostname, context);
}

void Server::addContext(std::string_view hostname, const SecureContext& context) {
  state_->secure.addContext(hostname, context);
}

void Server::setSecureContext(const SecureContextOptions& options) {
  state_->secure.setSecureContext(options);
}

void Server::listenerCountChanged(std::string_view event, size_t count) {
  if (event == "keylog" && count > 0) {
    state_->secure.enableKeylog();
  }
}

Server& createServer(const ServerOptions& options,
                     UniqueFunction<void(TLSSocket&)> secureConnectionListener) {
  auto server = std::make_unique<Server>(options);
  Server* s = server.release();
  net::detail::adoptServer(s);
  if (secureConnectionListener) {
    s->on("secureConnection",
          [cb = std::make_shared<UniqueFunction<void(TLSSocket&)>>(
               std::move(secureConnectionListener))](TLSSocket& socket) { (*cb)(socket); });
  }
  return *s;
}

TLSSocket& connect(const ConnectionOptions& options, UniqueFunction<void()> secureConnectListener) {
  if (options.socket != nullptr) {
    (void)detail::TlsSocketImpl::wrappable(*options.socket, true);  // throws before anything
  }
  auto ctx = detail::makeContext(detail::toCore(options, false));  // throws for a refused option
  auto* impl = detail::TlsSocketImpl::client(options, std::move(ctx));
  if (!impl) {
    throw Error("ERR_SSL_NEW", "SSL_new failed");
  }
  TLSSocket& s = impl->tlsSocket();
  if (secureConnectListener) {
    s.once("secureConnect", [cb = std::make_shared<UniqueFunction<void()>>(
                                 std::move(secureConnectListener))] { (*cb)(); });
  }
  if (options.socket == nullptr) {
    net::detail::startConnect(impl, options.host, options.port);
  }
  return s;
}

TLSSocket& connect(uint16_t port, std::string_view host, ConnectionOptions options,
                   UniqueFunction<void()> secureConnectListener) {
  options.port = port;
  options.host = std::string(host);
  return connect(options, std::move(secureConnectListener));
}

}  // namespace nodecc::tls
