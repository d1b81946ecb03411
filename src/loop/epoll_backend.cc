#include "loop/epoll_backend.h"

#include <sys/sendfile.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>

#include "loop/recording_backend.h"
#include "loop/replay_backend.h"
#include "os/eintr.h"
#include "os/signals.h"
#include "recorder/frame_writer.h"
#include "recorder/recorder.h"

namespace nodecc::loop::core {

using os::core::lastErrno;
using os::core::Result;

std::unique_ptr<Backend> makeBackend() {
  // The flight recorder (src/recorder): replaying this thread, or recording it.
  if (recorder::core::Replayer* r = recorder::core::tThreadTrace.replayer) {
    return std::make_unique<ReplayBackend>(*r);
  }
  if (recorder::core::recording()) {
    if (recorder::core::TraceSink* sink = recorder::core::attachThread()) {
      auto fd = epoll_create1(EPOLL_CLOEXEC);
      if (fd < 0) {
        std::abort();
      }
      return std::make_unique<RecordingBackend>(os::core::Fd(fd), *sink);
    }
  }
  auto epoll = EpollBackend::create();
  if (!epoll) {
    // Without epoll there is no loop at all: an invariant of the platform, not a runtime error.
    std::abort();
  }
  return std::move(*epoll);
}

Result<std::unique_ptr<Backend>> EpollBackend::create() {
  int fd = epoll_create1(EPOLL_CLOEXEC);
  if (fd < 0) {
    return lastErrno();
  }
  return std::unique_ptr<Backend>(new EpollBackend(os::core::Fd(fd)));
}

Result<void> EpollBackend::add(IoWatcher& w) {
  epoll_event ev{};
  ev.events = EPOLLRDHUP | EPOLLET;
  if (w.interest & kReadable) {
    ev.events |= EPOLLIN;
  }
  if (w.interest & kWritable) {
    ev.events |= EPOLLOUT;
  }
  ev.data.ptr = &w;
  if (epoll_ctl(epfd_.get(), EPOLL_CTL_ADD, w.fd, &ev) < 0) {
    return lastErrno();
  }
  w.registered = true;
  ++watchers_;
  return {};
}

void EpollBackend::remove(IoWatcher& w) {
  if (!w.registered) {
    return;
  }
  epoll_ctl(epfd_.get(), EPOLL_CTL_DEL, w.fd, nullptr);
  w.registered = false;
  --watchers_;
  // Events already fetched for this watcher must not be delivered: its memory may be reused as
  // soon as we return.
  for (int i = batchCursor_; i < batchSize_; ++i) {
    if (events_[i].data.ptr == &w) {
      events_[i].data.ptr = nullptr;
    }
  }
}

namespace {
uint32_t eventBits(uint32_t events) {
  uint32_t bits = 0;
  if (events & EPOLLIN) {
    bits |= kReadable;
  }
  if (events & EPOLLOUT) {
    bits |= kWritable;
  }
  if (events & (EPOLLRDHUP | EPOLLHUP)) {
    bits |= kHangup | kReadable;  // the reader learns of the end through recv() == 0
  }
  if (events & EPOLLERR) {
    bits |= kError | kReadable | kWritable;
  }
  return bits;
}
}  // namespace

int EpollBackend::wait(int timeoutMs, Dispatch dispatch, void* ctx) {
  return waitImpl<false>(timeoutMs, dispatch, ctx, nullptr);
}

int EpollBackend::waitRecording(int timeoutMs, Dispatch dispatch, void* ctx,
                                recorder::core::TraceSink& sink) {
  return waitImpl<true>(timeoutMs, dispatch, ctx, &sink);
}

template <bool kRecord>
int EpollBackend::waitImpl(int timeoutMs, Dispatch dispatch, void* ctx,
                           recorder::core::TraceSink* sink) {
  const int n =
      os::core::retryEintr([&] { return epoll_wait(epfd_.get(), events_, kMaxEvents, timeoutMs); });
  if constexpr (kRecord) {
    // The whole batch first: replay dispatches it the same way, dropping events of watchers
    // removed meanwhile as remove() does here.
    using namespace recorder::core;
    const int count = n < 0 ? 0 : n;
    uint8_t* payload = openFrame(*sink, FrameType::kWait, kMaxVarint * (1 + 2 * size_t(count)));
    uint8_t* q = putVarint(payload, uint64_t(count));
    for (int i = 0; i < count; ++i) {
      q = putVarint(q, uint64_t(static_cast<IoWatcher*>(events_[i].data.ptr)->fd));
      q = putVarint(q, eventBits(events_[i].events));
    }
    closeFrame(*sink, payload, q);
  }
  if (n <= 0) {
    return 0;
  }
  batchSize_ = n;
  for (batchCursor_ = 0; batchCursor_ < batchSize_;) {
    epoll_event& ev = events_[batchCursor_++];
    auto* w = static_cast<IoWatcher*>(ev.data.ptr);
    if (w == nullptr) {
      continue;
    }
    dispatch(ctx, w, eventBits(ev.events));
  }
  batchSize_ = batchCursor_ = 0;
  return n;
}

Result<int> EpollBackend::accept(IoWatcher& listener, sockaddr_storage* peer, socklen_t* peerLen) {
  socklen_t len = sizeof(sockaddr_storage);
  const int fd = os::core::retryEintr([&] {
    return ::accept4(listener.fd, reinterpret_cast<sockaddr*>(peer), &len,
                     SOCK_NONBLOCK | SOCK_CLOEXEC);
  });
  if (fd < 0) {
    return lastErrno();
  }
  if (peerLen) {
    *peerLen = len;
  }
  return fd;
}

// recv, sendto and sendmsg go through syscall(2): glibc's wrappers are thread-cancellation
// points and switch the cancellation state around the call (~60 instructions each, a quarter
// of what the loop spends per request outside the kernel on a one-request-per-read load);
// nodecc never cancels threads.
Result<size_t> EpollBackend::recv(IoWatcher& w, void* buf, size_t len) {
  long n = os::core::retryEintr(
      [&] { return ::syscall(SYS_recvfrom, w.fd, buf, len, 0, nullptr, nullptr); });
  if (n < 0 && errno == ENOTSOCK) {  // a pipe or a terminal (process.stdin): plain read
    n = os::core::retryEintr([&] { return ::read(w.fd, buf, len); });
  }
  if (n < 0) {
    return lastErrno();
  }
  return size_t(n);
}

// One buffer, the usual case (a response's head and small body share one), goes out with
// sendto: the kernel's sendmsg path copies and checks a msghdr and an iovec array first, which
// cost ~170 ns per call against sendto on this machine's loopback (a 162-byte response and its
// recv take ~6.6 us either way), about 2.5% of a hello request.
Result<size_t> EpollBackend::writev(IoWatcher& w, const iovec* iov, int count) {
  long n = os::core::retryEintr([&] {
    if (count == 1) {
      return ::syscall(SYS_sendto, w.fd, iov[0].iov_base, iov[0].iov_len, MSG_NOSIGNAL, nullptr, 0);
    }
    msghdr msg{};
    msg.msg_iov = const_cast<iovec*>(iov);
    msg.msg_iovlen = size_t(count);
    return ::syscall(SYS_sendmsg, w.fd, &msg, MSG_NOSIGNAL);
  });
  if (n < 0 && errno == ENOTSOCK) {  // pipes and files: plain writev
    n = os::core::retryEintr([&] { return ::writev(w.fd, iov, count); });
  }
  if (n < 0) {
    return lastErrno();
  }
  return size_t(n);
}

Result<size_t> EpollBackend::sendfile(IoWatcher& w, int fileFd, int64_t* offset, size_t len) {
  off_t off = off_t(*offset);
  const ssize_t n = os::core::retryEintr([&] { return ::sendfile(w.fd, fileFd, &off, len); });
  if (n < 0) {
    return lastErrno();
  }
  *offset = off;
  return size_t(n);
}

Result<void> EpollBackend::connect(IoWatcher& w, const sockaddr* addr, socklen_t len) {
  const int r = os::core::retryEintr([&] { return ::connect(w.fd, addr, len); });
  if (r < 0) {
    return lastErrno();
  }
  return {};
}

void EpollBackend::close(IoWatcher& w) {
  EpollBackend::remove(w);
  if (w.fd >= 0) {
    ::close(w.fd);
    w.fd = -1;
  }
}

// Not on any hot path: signals are rare.
int Backend::readSignal(IoWatcher& w) {
  return os::core::signalFdRead(w.fd);
}

}  // namespace nodecc::loop::core
