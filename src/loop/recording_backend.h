#pragma once
// RecordingBackend: the epoll backend, writing what each operation returned into the loop
// thread's trace (recorder/frame.h): registrations, wait batches, accepted sockets and peers,
// bytes read, write counts with the hash of the bytes taken, sendfile and connect results,
// signals, and which posted tasks ran at each drain. Made by makeBackend() when NODECC_RECORD
// is on; a loop that does not record has a plain EpollBackend and pays nothing.
#include "loop/epoll_backend.h"
#include "recorder/trace_sink.h"

namespace nodecc::loop::core {

class RecordingBackend final : public EpollBackend {
 public:
  RecordingBackend(os::core::Fd epfd, recorder::core::TraceSink& sink);
  const char* name() const override { return "epoll+record"; }

  os::core::Result<void> add(IoWatcher& w) override;
  int wait(int timeoutMs, Dispatch dispatch, void* ctx) override;
  os::core::Result<int> accept(IoWatcher& listener, sockaddr_storage* peer,
                               socklen_t* peerLen) override;
  os::core::Result<size_t> recv(IoWatcher& w, void* buf, size_t len) override;
  os::core::Result<size_t> writev(IoWatcher& w, const iovec* iov, int count) override;
  os::core::Result<size_t> sendfile(IoWatcher& w, int fileFd, int64_t* offset, size_t len) override;
  os::core::Result<void> connect(IoWatcher& w, const sockaddr* addr, socklen_t len) override;
  int readSignal(IoWatcher& w) override;
  bool checkPosted(bool posted) override;
  AsyncTask* takePosted(AsyncTask* tasks) override;

 private:
  recorder::core::TraceSink& sink_;
  bool writes_;
  bool crc_;
};

}  // namespace nodecc::loop::core
