#pragma once
// ReplayBackend: the loop's I/O answered from a trace instead of the kernel. No socket is
// waited on, read or written: wait() hands out the recorded batch at once (idle time is
// skipped), accept() returns a fresh unconnected socket standing in for the recorded one (so
// socket options and close still work on a real fd), recv() the recorded bytes, writev() the
// recorded count after checking that the program wrote the same bytes (their hash, and the
// bytes themselves when the trace kept them). The first difference is a divergence
// (recorder/replayer.h). NODECC_REPLAY_OUT=DIR appends what each connection was sent to
// DIR/<peer address>-<port>, for comparison with what its client received.
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "loop/backend.h"
#include "recorder/replayer.h"

namespace nodecc::loop::core {

class ReplayBackend final : public Backend {
 public:
  explicit ReplayBackend(recorder::core::Replayer& replayer);
  const char* name() const override { return "replay"; }

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
  int readSignal(IoWatcher& w) override;
  bool checkPosted(bool posted) override;
  AsyncTask* takePosted(AsyncTask* tasks) override;

 private:
  int64_t result(recorder::core::PayloadReader& r);
  std::string describe(const IoWatcher& w) const;
  void saveOutput(const IoWatcher& w, const iovec* iov, int count, size_t taken);

  recorder::core::Replayer& replayer_;
  std::unordered_map<int, IoWatcher*> byRecordedFd_;
  std::unordered_map<const IoWatcher*, int> recordedFd_;
  std::unordered_map<int, std::string> peerOf_;  // stand-in fd -> "address-port"
  std::vector<IoWatcher*> batch_;
  size_t batchCursor_ = 0;
  std::vector<AsyncTask*> held_;  // posted, not yet run
  std::string outDir_;
  uint64_t waits_ = 0;
};

}  // namespace nodecc::loop::core
