#pragma once
// The epoll backend: edge-triggered, one registration per fd for its whole life (readable and
// writable interest together), so steady-state I/O costs no epoll_ctl.
#include <sys/epoll.h>

#include "loop/backend.h"
#include "os/fd.h"

namespace nodecc::loop::core {

class EpollBackend final : public Backend {
 public:
  static os::core::Result<std::unique_ptr<Backend>> create();
  const char* name() const override { return "epoll"; }

  os::core::Result<void> add(IoWatcher& w) override;
  void remove(IoWatcher& w) override;
  int wait(int timeoutMs, Dispatch dispatch, void* ctx) override;

  os::core::Result<int> accept(IoWatcher& listener, sockaddr_storage* peer,
                               socklen_t* peerLen) override;
  os::core::Result<size_t> recv(IoWatcher& w, void* buf, size_t len) override;
  os::core::Result<size_t> writev(IoWatcher& w, const iovec* iov, int count) override;
  os::core::Result<size_t> sendfile(IoWatcher& w, int fileFd, int64_t* offset, size_t len) override;
  os::core::Result<void> connect(IoWatcher& w, const sockaddr* addr, socklen_t len) override;
  void close(IoWatcher& w) override;

 private:
  explicit EpollBackend(os::core::Fd epfd) : epfd_(std::move(epfd)) {}

  // 1024 events a wait: enough to cover every busy connection of a loaded server in one call.
  static constexpr int kMaxEvents = 1024;
  os::core::Fd epfd_;
  epoll_event events_[kMaxEvents];
  // The batch being dispatched, so remove() can cancel events of a watcher that goes away.
  int batchSize_ = 0;
  int batchCursor_ = 0;
};

}  // namespace nodecc::loop::core
