#pragma once
// Node's `net`: TCP servers and sockets.
//
//   auto& server = net::createServer([](net::Socket& socket) {
//     socket.on("data", [&socket](const Buffer& chunk) { socket.write(chunk); });
//   });
//   server.listen(8124, [] { std::puts("listening"); });
//
// Properties Node computes from the OS (remoteAddress, localPort, bytesRead...) are methods
// here. Events and payloads:
//   Server: "listening" (), "connection" (net::Socket&), "close" (), "error" (const Error&)
//   Socket: "connect" (), "data" (const Buffer&), "end" (), "drain" (), "timeout" (),
//           "error" (const Error&), "close" (bool hadError)
// Streams: socket.pipe(dest), `for await (const chunk of socket)` (socket.iterate()),
// stream::pipeline(socket, ..., socket) and stream::finished(socket) go through asStream(socket),
// a stream::Duplex over the socket (below).
// Lifetime: createServer/connect return references to objects the thread's runtime owns. A
// Server lives until the thread ends; a Socket until its "close" event has been emitted and
// the callbacks running at that moment have returned.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "nodecc/abort.h"
#include "nodecc/buffer.h"
#include "nodecc/detail/access.h"
#include "nodecc/error.h"
#include "nodecc/events.h"
#include "nodecc/function.h"
#include "nodecc/stream.h"

namespace nodecc::net {

namespace detail {
class SocketBackend;
class SocketStream;
class ServerImpl;
}  // namespace detail

// server.address(): {address, family, port}.
struct AddressInfo {
  std::string address;
  std::string family;  // "IPv4" or "IPv6"
  uint16_t port = 0;
};

// server.listen(options) (net and http servers).
struct ListenOptions {
  uint16_t port = 0;   // 0: an ephemeral port
  std::string host{};  // "": "::" when IPv6 is available (dual stack), else "0.0.0.0"
  int backlog = 511;
  bool reusePort = false;  // SO_REUSEPORT (several listeners on one port)
  bool ipv6Only = false;
  // Aborting it closes the server (server.close()); already aborted, from a nextTick that runs
  // before 'listening' would, so 'listening' is not emitted. The listener goes at 'close'.
  AbortSignal signal{};
};

// net.createServer(options): what each accepted socket starts with.
struct ServerOptions {
  bool allowHalfOpen = false;          // see Socket::allowHalfOpen
  bool pauseOnConnect = false;         // accepted sockets start paused (no reads until resume())
  bool noDelay = false;                // TCP_NODELAY on accepted sockets
  bool keepAlive = false;              // SO_KEEPALIVE on accepted sockets...
  uint64_t keepAliveInitialDelay = 0;  // ...with this idle time in ms (0: the system's)
};

class Socket;
// The stream::Duplex a socket takes part in pipes, pipelines and loops through (Node's
// net.Socket is a Duplex): its readable side is the socket's 'data' and 'end' (a full buffer
// pauses the socket, _read resumes it), its writable side write() ('drain' completes a write
// that returned false) and end(); destroying it destroys the socket, and a socket that closes
// first ends it (cleanly when the peer had ended, else with ERR_STREAM_PREMATURE_CLOSE). Made
// on first use, owned by the runtime; it lets go of the socket at the socket's 'close'.
stream::Duplex& asStream(Socket& socket);

class Socket : public EventEmitter {
 public:
  explicit Socket(detail::SocketBackend* backend);
  ~Socket() override;

  // Queues data; true while the queue is below highWaterMark (16 KiB), false when the caller
  // should wait for "drain". cb(Error*) runs once the data is handed to the kernel.
  bool write(std::string_view data, UniqueFunction<void(Error*)> cb = nullptr);
  bool write(const Buffer& data, UniqueFunction<void(Error*)> cb = nullptr);
  // Half-closes after the queued data (FIN); with data, writes it first.
  Socket& end();
  Socket& end(std::string_view data);
  Socket& destroy();
  Socket& destroy(const Error& err);
  // Closes with a TCP RST instead of FIN (the peer reads ECONNRESET); "close" (false) follows.
  Socket& resetAndDestroy();
  Socket& pause();
  Socket& resume();
  Socket& setNoDelay(bool noDelay = true);
  Socket& setKeepAlive(bool enable = false, uint64_t initialDelayMs = 0);
  // Emits "timeout" after `ms` of inactivity (0 disables); the socket stays open.
  Socket& setTimeout(uint64_t ms, UniqueFunction<void()> cb = nullptr);
  Socket& ref();
  Socket& unref();

  std::string remoteAddress() const;
  uint16_t remotePort() const;
  std::string remoteFamily() const;
  std::string localAddress() const;
  uint16_t localPort() const;
  uint64_t bytesRead() const;
  uint64_t bytesWritten() const;
  size_t writableLength() const;
  bool destroyed() const;
  bool connecting() const;
  // "opening", "open", "readOnly", "writeOnly" or "closed".
  std::string readyState() const;

  // When false (default), the socket ends its writable side when the peer ends (after "end").
  bool allowHalfOpen = false;
  size_t writableHighWaterMark = 16 * 1024;

  detail::SocketBackend* backend() const { return backend_; }

  // socket.pipe(destination[, {end}]) and `for await (const chunk of socket)`:
  //   for (auto it = socket.iterate(); auto chunk = co_await it.next();) { ... }
  // both through asStream(socket).
  template <class W>
  W& pipe(W& destination, stream::PipeOptions options = {}) {
    return asStream(*this).pipe(destination, options);
  }
  stream::ReadableIterator<Buffer> iterate(bool destroyOnReturn = true) {
    return asStream(*this).iterate(destroyOnReturn);
  }

 private:
  friend class detail::SocketStream;
  friend stream::Duplex& asStream(Socket& socket);
  detail::SocketBackend* backend_;
  detail::SocketStream* stream_ = nullptr;  // asStream's, while it lives
};

class Server : public EventEmitter {
 public:
  Server();
  ~Server() override;

  // Listens at once; "listening" (and cb) or "error" (EADDRINUSE...) follow from a nextTick.
  // Throws Error ERR_SERVER_ALREADY_LISTEN when the server is already listening.
  Server& listen(uint16_t port, UniqueFunction<void()> cb = nullptr);
  Server& listen(uint16_t port, std::string_view host, UniqueFunction<void()> cb = nullptr);
  Server& listen(uint16_t port, std::string_view host, int backlog,
                 UniqueFunction<void()> cb = nullptr);
  Server& listen(const ListenOptions& options, UniqueFunction<void()> cb = nullptr);
  // Stops accepting at once; "close" follows once every connection has closed. As in Node, cb
  // is a once("close") listener (it runs after the "close" listeners added before it) and gets
  // an Error ERR_SERVER_NOT_RUNNING when the server was not listening ("close" is emitted
  // then too).
  Server& close(UniqueFunction<void(Error*)> cb = nullptr);
  AddressInfo address() const;
  bool listening() const;
  void getConnections(UniqueFunction<void(Error*, size_t)> cb) const;
  Server& ref();
  Server& unref();
  // 0: no limit. Connections past it are closed as soon as they are accepted.
  size_t maxConnections = 0;
  // The ServerOptions each accepted socket starts with.
  bool allowHalfOpen = false;
  bool pauseOnConnect = false;
  bool noDelay = false;
  bool keepAlive = false;
  uint64_t keepAliveInitialDelay = 0;

 protected:
  friend struct nodecc::detail::Access;
  detail::ServerImpl* impl() const { return impl_; }
  detail::ServerImpl* impl_;
};

Server& createServer(UniqueFunction<void(Socket&)> connectionListener = nullptr);
Server& createServer(const ServerOptions& options,
                     UniqueFunction<void(Socket&)> connectionListener = nullptr);

// net.connect(port[, host][, cb]) / net.createConnection: a client socket; "connect" follows.
// `host` is an IP literal or "localhost" (name resolution arrives with dns).
Socket& connect(uint16_t port, std::string_view host = "127.0.0.1",
                UniqueFunction<void()> connectListener = nullptr);
inline Socket& createConnection(uint16_t port, std::string_view host = "127.0.0.1",
                                UniqueFunction<void()> connectListener = nullptr) {
  return connect(port, host, std::move(connectListener));
}

// net.isIP / isIPv4 / isIPv6.
int isIP(std::string_view input);
bool isIPv4(std::string_view input);
bool isIPv6(std::string_view input);

}  // namespace nodecc::net
