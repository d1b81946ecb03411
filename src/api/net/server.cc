#include <cerrno>

#include "api/close_on_abort.h"
#include "api/net/server_impl.h"
#include "api/net/tcp_socket.h"
#include "api/runtime.h"
#include "nodecc/process.h"
#include "os/fd.h"
#include "os/socket.h"

namespace nodecc::net {

namespace detail {

std::optional<core::SocketAddress> resolveListenAddress(std::string_view host, uint16_t port) {
  if (host.empty()) {
    // Node listens on "::" (dual stack) when IPv6 works, else on 0.0.0.0.
    auto probe = os::core::tcpSocket(AF_INET6);
    if (probe) {
      os::core::closeFd(*probe);
      return core::SocketAddress::parse("::", port);
    }
    return core::SocketAddress::parse("0.0.0.0", port);
  }
  if (host == "localhost") {
    return core::SocketAddress::parse("127.0.0.1", port);
  }
  return core::SocketAddress::parse(host, port);
}

std::optional<core::SocketAddress> resolveConnectAddress(std::string_view host, uint16_t port) {
  if (host.empty() || host == "localhost") {
    return core::SocketAddress::parse("127.0.0.1", port);
  }
  return core::SocketAddress::parse(host, port);
}

void emitErrorSoon(EventEmitter& emitter, Error err) {
  process::nextTick(
      [&emitter, err = std::move(err)] { emitter.emit("error", static_cast<const Error&>(err)); });
}

ServerImpl::ServerImpl(Server& f, loop::core::Loop& l)
    : facade(f), loop(l), listener(l, *this), lifecycle(f) {}

void ServerImpl::listen(const ListenOptions& options) {
  lifecycle.listen(options, listener,
                   [this](const net::core::Listener::Options& lo) { return listener.listen(lo); });
}

void ServerImpl::onConnection(int fd) {
  if (facade.maxConnections > 0 && connections >= facade.maxConnections) {
    os::core::closeFd(fd);
    return;
  }
  TcpSocket* sock = makeSocket ? makeSocket(makeSocketData) : new TcpSocket(loop);
  if (!sock) {
    os::core::closeFd(fd);
    return;
  }
  if (!sock->adopt(fd)) {
    os::core::closeFd(fd);
    delete sock;
    return;
  }
  sock->server = this;
  sock->socket().allowHalfOpen = facade.allowHalfOpen;
  if (facade.noDelay) {
    sock->socket().setNoDelay(true);
  }
  if (facade.keepAlive) {
    sock->socket().setKeepAlive(true, facade.keepAliveInitialDelay);
  }
  if (facade.pauseOnConnect) {
    sock->socket().pause();
  }
  ++connections;
  facade.emit("connection", sock->socket());
}

void ServerImpl::socketClosed() {
  --connections;
  lifecycle.maybeFinish(connections);
}

void ServerImpl::close(UniqueFunction<void(Error*)> cb) {
  if (lifecycle.beginClose(listener.listening(), std::move(cb))) {
    listener.close();
    lifecycle.maybeFinish(connections);
  }
}

void adoptServer(Server* server) {
  nodecc::detail::Runtime& rt = nodecc::detail::Runtime::current();
  rt.adopt(server);
  rt.addServer([server] {
    if (server->listening()) {
      server->close();
    }
  });
}

void startConnect(TcpSocket* sock, std::string_view host, uint16_t port) {
  auto addr = resolveConnectAddress(host, port);
  os::core::Result<void> r =
      addr ? sock->connectTo(*addr) : os::core::Result<void>(os::core::Errno{-EINVAL});
  if (!r) {
    // Node names the address it tried ("localhost" reads 127.0.0.1).
    Error e = errorWithAddress(r.error(), "connect", addr ? addr->ip() : host, port);
    process::nextTick([sock, e] { sock->destroy(&e); });
  }
}

}  // namespace detail

Server::Server()
    : impl_(new detail::ServerImpl(*this, nodecc::detail::Runtime::current().loop())) {}
Server::~Server() {
  delete impl_;
}

Server& Server::listen(uint16_t port, UniqueFunction<void()> cb) {
  return listen(ListenOptions{port, "", 511, false, false}, std::move(cb));
}
Server& Server::listen(uint16_t port, std::string_view host, UniqueFunction<void()> cb) {
  return listen(ListenOptions{port, std::string(host), 511, false, false}, std::move(cb));
}
Server& Server::listen(uint16_t port, std::string_view host, int backlog,
                       UniqueFunction<void()> cb) {
  return listen(ListenOptions{port, std::string(host), backlog, false, false}, std::move(cb));
}
Server& Server::listen(const ListenOptions& options, UniqueFunction<void()> cb) {
  if (listening()) {
    throw Error("ERR_SERVER_ALREADY_LISTEN",
                "Listen method has been called more than once without closing.");
  }
  if (cb) {
    once("listening", [cb = std::make_shared<UniqueFunction<void()>>(std::move(cb))] { (*cb)(); });
  }
  nodecc::detail::closeOnAbort(*this, options.signal,
                               [](EventEmitter& server) { static_cast<Server&>(server).close(); });
  impl_->listen(options);
  return *this;
}

Server& Server::close(UniqueFunction<void(Error*)> cb) {
  impl_->close(std::move(cb));
  return *this;
}

AddressInfo Server::address() const {
  core::SocketAddress a = impl_->listener.address();
  return AddressInfo{a.ip(), std::string(a.familyName()), a.port()};
}

bool Server::listening() const {
  return impl_->listener.listening();
}

void Server::getConnections(UniqueFunction<void(Error*, size_t)> cb) const {
  size_t n = impl_->connections;
  process::nextTick([cb = std::move(cb), n]() mutable { cb(nullptr, n); });
}

Server& Server::ref() {
  impl_->listener.ref();
  return *this;
}

Server& Server::unref() {
  impl_->listener.unref();
  return *this;
}

Server& createServer(UniqueFunction<void(Socket&)> connectionListener) {
  auto* server = new Server();
  detail::adoptServer(server);
  if (connectionListener) {
    server->on("connection", [cb = std::make_shared<UniqueFunction<void(Socket&)>>(
                                  std::move(connectionListener))](Socket& s) { (*cb)(s); });
  }
  return *server;
}

Socket& connect(uint16_t port, std::string_view host, UniqueFunction<void()> connectListener) {
  auto* sock = new detail::TcpSocket(nodecc::detail::Runtime::current().loop());
  Socket& s = sock->socket();
  if (connectListener) {
    s.once("connect", [cb = std::make_shared<UniqueFunction<void()>>(std::move(connectListener))] {
      (*cb)();
    });
  }
  detail::startConnect(sock, host, port);
  return s;
}

Server& createServer(const ServerOptions& options,
                     UniqueFunction<void(Socket&)> connectionListener) {
  Server& server = createServer(std::move(connectionListener));
  server.allowHalfOpen = options.allowHalfOpen;
  server.pauseOnConnect = options.pauseOnConnect;
  server.noDelay = options.noDelay;
  server.keepAlive = options.keepAlive;
  server.keepAliveInitialDelay = options.keepAliveInitialDelay;
  return server;
}

int isIP(std::string_view input) {
  auto a = core::SocketAddress::parse(input, 0);
  if (!a) {
    return 0;
  }
  return a->family() == AF_INET ? 4 : 6;
}
bool isIPv4(std::string_view input) {
  return isIP(input) == 4;
}
bool isIPv6(std::string_view input) {
  return isIP(input) == 6;
}

}  // namespace nodecc::net
