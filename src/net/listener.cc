#include "net/listener.h"

#include <netinet/in.h>

#include <cerrno>

#include "os/socket.h"

namespace nodecc::net::core {

namespace {
// Out of fds with no reserve: how long before looking at the backlog again (nginx waits 500 ms
// the same way; shorter here, as it costs two failing syscalls).
constexpr uint64_t kFdRetryMs = 100;
}  // namespace

Listener::Listener(loop::core::Loop& loop, Handler& handler) : loop_(loop), handler_(handler) {
  watcher_.self = this;
  watcher_.onEvents = &Listener::onEvents;
  watcher_.interest = loop::core::kReadable;
  retry_.data = this;
  retry_.refed = false;
}

Listener::~Listener() {
  close();
}

os::core::Result<void> Listener::listen(const Options& options) {
  if (listening()) {
    return os::core::Errno{-EINVAL};
  }
  const SocketAddress& addr = options.address;
  auto fd = os::core::tcpSocket(addr.family());
  if (!fd) {
    return os::core::Errno{fd.error()};
  }
  os::core::Fd sock(*fd);
  (void)os::core::setReuseAddress(sock.get(), true);
  if (options.reusePort) {
    if (auto r = os::core::setReusePort(sock.get(), true); !r) {
      return r;
    }
  }
  if (addr.family() == AF_INET6) {
    (void)os::core::setIpv6Only(sock.get(), options.ipv6Only);
  }
  if (auto r = os::core::bindSocket(sock.get(), addr.raw(), addr.length()); !r) {
    return r;
  }
  if (auto r = os::core::listenSocket(sock.get(), options.backlog); !r) {
    return r;
  }
  if (!reserve_.valid()) {
    if (auto reserve = os::core::openReserveFd()) {
      reserve_.reset(*reserve);
    }
  }
  watcher_.fd = sock.release();
  if (auto r = loop_.addWatcher(watcher_); !r) {
    loop_.backend().close(watcher_);
    return r;
  }
  if (refed_) {
    loop_.retainHandle();
  }
  // Connections that queued before registration raise no edge: look now.
  acceptAll();
  return {};
}

void Listener::close() {
  if (!listening()) {
    return;
  }
  // The reserve fd serves only a listening socket: a closed server must not hold an fd.
  reserve_.reset();
  if (retry_.active()) {
    loop_.stopTimer(retry_);
  }
  loop_.backend().close(watcher_);
  if (refed_) {
    loop_.releaseHandle();
  }
}

SocketAddress Listener::address() const {
  sockaddr_storage ss;
  socklen_t len;
  if (!listening() || !os::core::localAddress(watcher_.fd, &ss, &len)) {
    return {};
  }
  return SocketAddress::fromRaw(reinterpret_cast<sockaddr*>(&ss), len);
}

void Listener::ref() {
  if (!refed_) {
    refed_ = true;
    if (listening()) {
      loop_.retainHandle();
    }
  }
}

void Listener::unref() {
  if (refed_) {
    refed_ = false;
    if (listening()) {
      loop_.releaseHandle();
    }
  }
}

void Listener::onEvents(loop::core::IoWatcher* w, uint32_t) {
  static_cast<Watcher*>(w)->self->acceptAll();
}

void Listener::acceptAll() {
  while (listening()) {
    sockaddr_storage peer;
    socklen_t len;
    auto fd = loop_.backend().accept(watcher_, &peer, &len);
    if (fd) {
      handler_.onConnection(*fd);
      continue;
    }
    int err = fd.error();
    if (err == -EAGAIN || err == -EWOULDBLOCK) {
      return;
    }
    if (err == -ECONNABORTED || err == -EINTR) {
      continue;
    }
    if (err == -EMFILE || err == -ENFILE) {
      if (dropWaiting()) {
        continue;
      }
      return;
    }
    handler_.onAcceptError(err);
    return;
  }
}

void Listener::onRetry(loop::core::Timer* t) {
  static_cast<Listener*>(t->data)->acceptAll();
}

bool Listener::dropWaiting() {
  if (!reserve_.valid()) {
    // Lost to another thread earlier (a thread-pool worker opening a file, another cluster
    // worker accepting): fds may have freed up since.
    if (auto reserve = os::core::openReserveFd()) {
      reserve_.reset(*reserve);
    }
  }
  if (reserve_.valid()) {
    // Free one fd, take the waiting connection and drop it, then take the reserve back.
    reserve_.reset();
    sockaddr_storage peer;
    socklen_t len;
    auto victim = loop_.backend().accept(watcher_, &peer, &len);
    if (victim) {
      os::core::closeFd(*victim);
      ++dropped_;
    }
    if (auto reserve = os::core::openReserveFd()) {
      reserve_.reset(*reserve);
    }
    if (victim) {
      return true;
    }
    int err = victim.error();
    if (err == -EAGAIN || err == -EWOULDBLOCK) {
      return false;  // nothing more was waiting
    }
    if (err == -ECONNABORTED || err == -EINTR) {
      return true;
    }
  }
  // Not even one fd: connections may be waiting in the backlog, and with edge-triggered
  // readiness nothing will announce them again. Before this timer, a listener that lost its
  // reserve left them there for good once the fds freed up (tests/integration/robustness/
  // test_exhaustion.py, `nodecc serve` on two workers at RLIMIT_NOFILE 256).
  if (!retry_.active()) {
    loop_.startTimer(retry_, kFdRetryMs);
  }
  return false;
}

}  // namespace nodecc::net::core
