#pragma once
// ServerImpl: the listener behind a net::Server; makes a TcpSocket per accepted connection.
#include <cstddef>

#include "api/net/server_lifecycle.h"
#include "net/listener.h"
#include "nodecc/net.h"

namespace nodecc::net::detail {

class TcpSocket;

class ServerImpl final : public net::core::Listener::Handler {
 public:
  ServerImpl(Server& facade, loop::core::Loop& loop);

  void listen(const ListenOptions& options);
  void close(UniqueFunction<void(Error*)> cb);
  void socketClosed();

  Server& facade;
  loop::core::Loop& loop;
  net::core::Listener listener;
  size_t connections = 0;
  ServerLifecycle lifecycle;
  // A server whose sockets are of another kind (tls::Server) makes them here: the backend of
  // an accepted connection, ready to adopt its fd (null: refuse it). Unset: a TcpSocket.
  TcpSocket* (*makeSocket)(void* data) = nullptr;
  void* makeSocketData = nullptr;

 private:
  void onConnection(int fd) override;
};

// Resolves `host` for listen/connect: IP literals, "localhost", and "" (any address: "::" with
// dual stack, else "0.0.0.0"). nullopt when it is none of these.
std::optional<core::SocketAddress> resolveListenAddress(std::string_view host, uint16_t port);
std::optional<core::SocketAddress> resolveConnectAddress(std::string_view host, uint16_t port);

// What net::createServer does with a new server (tls::createServer too): the thread's runtime
// owns it and closes it, if it still listens, when the thread's servers are closed.
void adoptServer(Server* server);
// What net::connect does after making the socket: resolve `host` and connect, or destroy the
// socket with Node's error from a nextTick.
void startConnect(TcpSocket* socket, std::string_view host, uint16_t port);

// Emits "error" on `emitter` from a nextTick; an unhandled one is an uncaught exception.
void emitErrorSoon(EventEmitter& emitter, Error err);

}  // namespace nodecc::net::detail
