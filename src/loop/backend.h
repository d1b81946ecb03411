#pragma once
// The I/O backend interface: everything the loop and the layers above need from the kernel's
// readiness/completion machinery, as a few operations. One implementation per file (epoll
// today; io_uring later, chosen at run time by makeBackend()). Nothing outside src/loop/
// includes <sys/epoll.h>.
//
// Every syscall result that reaches the layers above passes through here: this interface and
// src/os are the determinism seam a recorder will wrap.
#include <sys/socket.h>
#include <sys/uio.h>

#include <cstdint>
#include <memory>

#include "os/result.h"

namespace nodecc::loop::core {

struct AsyncTask;

// Readiness bits reported to watchers.
enum IoEvent : uint32_t {
  kReadable = 1u << 0,
  kWritable = 1u << 1,
  kHangup = 1u << 2,  // peer closed (or shut down its writing side)
  kError = 1u << 3,
};

// One registered file descriptor. The owner fills `fd` and `onEvents`; the backend calls
// onEvents(watcher, events) during the loop's poll phase, edge-triggered: after an event, the
// owner must read/write until an operation returns -EAGAIN (or a short read) to get the next.
// Lifecycle: add() -> events -> remove()/close(); once remove() returns no further callback
// arrives for this watcher, even from events already fetched in the same batch.
struct IoWatcher {
  using Callback = void (*)(IoWatcher*, uint32_t events);
  int fd = -1;
  Callback onEvents = nullptr;
  // What to watch, fixed at add(): sockets want both; eventfd, signalfd and listening sockets
  // only kReadable (an eventfd is always writable and would wake every poll).
  uint32_t interest = kReadable | kWritable;
  bool registered = false;
};

class Backend {
 public:
  virtual ~Backend() = default;
  virtual const char* name() const = 0;

  virtual os::core::Result<void> add(IoWatcher& w) = 0;
  virtual void remove(IoWatcher& w) = 0;
  // Watchers registered now.
  size_t watcherCount() const { return watchers_; }

  // Waits up to timeoutMs (-1: no limit, 0: don't block) and hands each ready watcher to
  // dispatch(ctx, watcher, events). Returns the number of events handed out.
  using Dispatch = void (*)(void* ctx, IoWatcher* w, uint32_t events);
  virtual int wait(int timeoutMs, Dispatch dispatch, void* ctx) = 0;

  // Operations: each tries the syscall now. -EAGAIN means "wait for the next event".
  // accept: a non-blocking, close-on-exec socket, or -errno.
  virtual os::core::Result<int> accept(IoWatcher& listener, sockaddr_storage* peer,
                                       socklen_t* peerLen) = 0;
  // recv: bytes read; 0 means the peer finished sending. A pipe or a terminal (process.stdin)
  // is read with read(2).
  virtual os::core::Result<size_t> recv(IoWatcher& w, void* buf, size_t len) = 0;
  // writev: bytes written (possibly fewer than asked). Never raises SIGPIPE.
  virtual os::core::Result<size_t> writev(IoWatcher& w, const iovec* iov, int count) = 0;
  // sendfile: bytes sent from fileFd at *offset (advanced).
  virtual os::core::Result<size_t> sendfile(IoWatcher& w, int fileFd, int64_t* offset,
                                            size_t len) = 0;
  // connect: 0, or -EINPROGRESS (writable event follows), or -errno.
  virtual os::core::Result<void> connect(IoWatcher& w, const sockaddr* addr, socklen_t len) = 0;
  // Removes the watcher (if registered) and closes its fd.
  virtual void close(IoWatcher& w) = 0;

  // The next signal number queued on a signalfd watcher, 0 when none.
  virtual int readSignal(IoWatcher& w);
  // The loop's cross-thread queue, seen by the flight recorder (these record or replay which
  // posted tasks ran when; plain backends pass them through). checkPosted: whether the loop
  // finds tasks posted when it looks without waiting. takePosted: of the tasks just taken
  // from the queue (a list linked by `next`), those to run now, in order.
  virtual bool checkPosted(bool posted) { return posted; }
  virtual AsyncTask* takePosted(AsyncTask* tasks) { return tasks; }

 protected:
  size_t watchers_ = 0;
};

// The best backend this kernel offers.
std::unique_ptr<Backend> makeBackend();

}  // namespace nodecc::loop::core
