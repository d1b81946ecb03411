#include "loop/signal_watcher.h"

#include "os/signals.h"

namespace nodecc::loop::core {

SignalWatcher::SignalWatcher(Loop& loop, Callback cb, void* ctx)
    : loop_(loop), callback_(cb), ctx_(ctx) {
  sigemptyset(&mask_);
  watcher_.self = this;
  watcher_.onEvents = &SignalWatcher::onReadable;
  watcher_.interest = kReadable;
}

SignalWatcher::~SignalWatcher() {
  for (int s = 1; s < NSIG; ++s) {
    if (watching(s)) {
      unwatch(s);
    }
  }
  if (watcher_.fd >= 0) {
    loop_.backend().close(watcher_);
  }
}

os::core::Result<void> SignalWatcher::watch(int signo) {
  if (watching(signo)) {
    return {};
  }
  sigaddset(&mask_, signo);
  os::core::setSignalBlocked(signo, true);
  auto fd = os::core::signalFdSet(watcher_.fd, mask_);
  if (!fd) {
    sigdelset(&mask_, signo);
    os::core::setSignalBlocked(signo, false);
    return os::core::Errno{fd.error()};
  }
  if (watcher_.fd < 0) {
    watcher_.fd = *fd;
    auto added = loop_.addWatcher(watcher_);
    if (!added) {
      return added;
    }
  }
  return {};
}

void SignalWatcher::unwatch(int signo) {
  if (!watching(signo)) {
    return;
  }
  sigdelset(&mask_, signo);
  if (watcher_.fd >= 0) {
    (void)os::core::signalFdSet(watcher_.fd, mask_);
  }
  // A signal that arrived meanwhile stays pending while blocked; unblocking delivers it with
  // its default action, which is what "no listener" means.
  os::core::setSignalBlocked(signo, false);
}

void SignalWatcher::onReadable(IoWatcher* w, uint32_t) {
  SignalWatcher* self = static_cast<Watcher*>(w)->self;
  while (int signo = os::core::signalFdRead(self->watcher_.fd)) {
    self->callback_(self->ctx_, signo);
  }
}

}  // namespace nodecc::loop::core
