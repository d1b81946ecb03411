#pragma once
// ServerImpl: the listener behind a net::Server; makes a TcpSocket per accepted connection.
#include <cstddef>

#include "api/net/server_lifecycle.h"
#include "net/listener.h"
#include "nodecc/net.h"

namespace nodecc::net::detail {

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

 private:
  void onConnection(int fd) override;
};

// Resolves `host` for listen/connect: IP literals, "localhost", and "" (any address: "::" with
// dual stack, else "0.0.0.0"). nullopt when it is none of these.
std::optional<core::SocketAddress> resolveListenAddress(std::string_view host, uint16_t port);
std::optional<core::SocketAddress> resolveConnectAddress(std::string_view host, uint16_t port);

// Emits "error" on `emitter` from a nextTick; an unhandled one is an uncaught exception.
void emitErrorSoon(EventEmitter& emitter, Error err);

}  // namespace nodecc::net::detail
