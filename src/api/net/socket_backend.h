#pragma once
// What a net::Socket facade drives. Two kinds: a plain TCP socket of the net module
// (TcpSocket), and the socket under an HTTP connection (owned by the HTTP layer).
#include <cstdint>
#include <string_view>

#include "net/stream.h"
#include "nodecc/error.h"
#include "nodecc/function.h"
#include "nodecc/net.h"

namespace nodecc::net::detail {

class SocketBackend {
 public:
  virtual ~SocketBackend() = default;
  virtual net::core::Stream& stream() = 0;
  virtual bool write(std::string_view data, UniqueFunction<void(Error*)> cb) = 0;
  virtual void end() = 0;
  virtual void destroy(const Error* err) = 0;
  virtual void pause() = 0;
  virtual void resume() = 0;
  virtual void setTimeout(uint64_t ms) = 0;
  virtual bool destroyed() const = 0;
  virtual bool readable() const = 0;
  virtual bool writable() const = 0;

  // The peer's address, read once and kept, as Node keeps _peername: a connected TCP socket's
  // peer does not change, and a proxy asks for it on every request (a getpeername(2) each
  // time otherwise). Not kept while unknown (a client socket still connecting).
  const net::core::SocketAddress& remoteAddress() {
    if (!remote_.valid()) {
      remote_ = stream().remoteAddress();
    }
    return remote_;
  }

  Socket* facade = nullptr;

 private:
  net::core::SocketAddress remote_;
};

// "connect ECONNREFUSED 127.0.0.1:8080", "listen EADDRINUSE: address already in use :::8080":
// Node's messages for socket errors that carry an address.
Error errorWithAddress(int err, std::string_view syscall, std::string_view address, uint16_t port);

}  // namespace nodecc::net::detail
