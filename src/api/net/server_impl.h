#pragma once
// ServerImpl: the listener behind a net::Server; makes a TcpSocket per accepted connection.
#include <cstddef>

#include "api/net/server_lifecycle.h"
#include "net/listener.h"
#include "nodecc/net.h"

namespace nodecc::net::detail {

class ServerImpl final : public ::nodecc::net::Listener::Handler {
 public:
  ServerImpl(Server& facade, loop::Loop& loop);

  void listen(const ListenOptions& options);
  void close(UniqueFunction<void(Error*)> cb);
  void socketClosed();

  Server& facade;
  loop::Loop& loop;
  ::nodecc::net::Listener listener;
  size_t connections = 0;
  ServerLifecycle lifecycle;

 private:
  void onConnection(int fd) override;
};

// Resolves `host` for listen/connect: IP literals, "localhost", and "" (any address: "::" with
// dual stack, else "0.0.0.0"). nullopt when it is none of these.
std::optional<SocketAddress> resolveListenAddress(std::string_view host, uint16_t port);
std::optional<SocketAddress> resolveConnectAddress(std::string_view host, uint16_t port);

// Emits "error" on `emitter` from a nextTick; an unhandled one is an uncaught exception.
void emitErrorSoon(EventEmitter& emitter, Error err);

}  // namespace nodecc::net::detail
