#pragma once
// Listener: a listening TCP socket on a loop. Accepts until EAGAIN on every readiness event
// (edge-triggered), hands each new non-blocking socket to its handler, and survives fd
// exhaustion without spinning: on EMFILE/ENFILE it frees a reserve fd, accepts the waiting
// connection, closes it (the client sees a reset rather than a hang), and takes the reserve
// back, draining the backlog to EAGAIN. When not even the reserve can be had (another thread
// took the fd it freed), it looks at the backlog again every kFdRetryMs until fds free up.
//
// Lifecycle: listen() -> connections -> close(). close() is immediate: no callback follows
// it. Do not destroy the Listener from inside its own handler callbacks; close() it instead.
#include <cstddef>

#include "loop/backend.h"
#include "loop/loop.h"
#include "net/socket_address.h"
#include "os/fd.h"
#include "os/result.h"

namespace nodecc::net::core {

class Listener {
 public:
  class Handler {
   public:
    virtual ~Handler() = default;
    // A new connection; the handler owns `fd`.
    virtual void onConnection(int fd) = 0;
    // accept failed with an error other than EAGAIN, ECONNABORTED, EINTR, EMFILE, ENFILE.
    virtual void onAcceptError(int err) {}
  };

  struct Options {
    SocketAddress address;
    int backlog = 511;  // Node's default
    bool reusePort = false;
    bool ipv6Only = false;
  };

  Listener(loop::core::Loop& loop, Handler& handler);
  ~Listener();
  Listener(const Listener&) = delete;
  Listener& operator=(const Listener&) = delete;

  // Binds and listens; -EADDRINUSE etc. on failure (nothing is left open).
  os::core::Result<void> listen(const Options& options);
  void close();
  bool listening() const { return watcher_.fd >= 0; }
  SocketAddress address() const;

  // A referenced listener keeps the loop alive (the default).
  void ref();
  void unref();
  bool hasRef() const { return refed_; }

  size_t droppedForFdExhaustion() const { return dropped_; }

 private:
  struct Watcher : loop::core::IoWatcher {
    Listener* self = nullptr;
  };
  static void onEvents(loop::core::IoWatcher* w, uint32_t events);
  static void onRetry(loop::core::Timer* t);
  void acceptAll();
  bool dropWaiting();

  loop::core::Loop& loop_;
  Handler& handler_;
  Watcher watcher_;
  os::core::Fd reserve_;
  loop::core::Timer retry_{&Listener::onRetry};  // armed while out of fds with none in reserve
  bool refed_ = true;
  size_t dropped_ = 0;
};

}  // namespace nodecc::net::core
