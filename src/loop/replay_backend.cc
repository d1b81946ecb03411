#include "loop/replay_backend.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "loop/loop.h"
#include "recorder/frame.h"
#include "recorder/frame_writer.h"

namespace nodecc::loop::core {

using namespace recorder::core;
using os::core::Errno;
using os::core::Result;

namespace {

// Bytes as a C string literal, cut at `limit`, for divergence reports.
std::string quoted(const uint8_t* p, size_t n, size_t limit = 240) {
  std::string s = "\"";
  for (size_t i = 0; i < n && i < limit; ++i) {
    const uint8_t c = p[i];
    if (c == '\\' || c == '"') {
      s += '\\';
      s += char(c);
    } else if (c >= 0x20 && c < 0x7f) {
      s += char(c);
    } else if (c == '\r') {
      s += "\\r";
    } else if (c == '\n') {
      s += "\\n";
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      s += buf;
    }
  }
  s += n > limit ? "\"... (" + std::to_string(n) + " bytes)" : "\"";
  return s;
}

std::string gather(const iovec* iov, int count, size_t taken) {
  std::string out;
  for (int i = 0; i < count && out.size() < taken; ++i) {
    const size_t n = std::min(iov[i].iov_len, taken - out.size());
    out.append(static_cast<const char*>(iov[i].iov_base), n);
  }
  return out;
}

}  // namespace

ReplayBackend::ReplayBackend(Replayer& replayer) : replayer_(replayer) {
  if (const char* dir = std::getenv("NODECC_REPLAY_OUT"); dir != nullptr && *dir != '\0') {
    outDir_ = dir;
  }
}

int64_t ReplayBackend::result(PayloadReader& r) {
  int64_t v = 0;
  if (!r.i64(&v)) {
    replayer_.diverge("corrupt frame");
  }
  return v;
}

std::string ReplayBackend::describe(const IoWatcher& w) const {
  auto it = recordedFd_.find(&w);
  std::string s = "fd " + std::to_string(w.fd);
  if (it != recordedFd_.end()) {
    s += " (recorded fd " + std::to_string(it->second) + ")";
  }
  auto peer = peerOf_.find(w.fd);
  if (peer != peerOf_.end()) {
    s += ", peer " + peer->second;
  }
  return s;
}

Result<void> ReplayBackend::add(IoWatcher& w) {
  PayloadReader r = replayer_.expect(FrameType::kAdd, "add (register a watcher)");
  uint64_t fd = 0;
  (void)r.u64(&fd);
  byRecordedFd_[int(fd)] = &w;
  recordedFd_[&w] = int(fd);
  w.registered = true;
  ++watchers_;
  return {};
}

void ReplayBackend::remove(IoWatcher& w) {
  if (!w.registered) {
    return;
  }
  w.registered = false;
  --watchers_;
  auto it = recordedFd_.find(&w);
  if (it != recordedFd_.end()) {
    auto byFd = byRecordedFd_.find(it->second);
    if (byFd != byRecordedFd_.end() && byFd->second == &w) {
      byRecordedFd_.erase(byFd);
    }
    recordedFd_.erase(it);
  }
  for (size_t i = batchCursor_; i < batch_.size(); ++i) {
    if (batch_[i] == &w) {
      batch_[i] = nullptr;
    }
  }
}

int ReplayBackend::wait(int, Dispatch dispatch, void* ctx) {
  PayloadReader r = replayer_.expect(FrameType::kWait, "wait (poll for I/O)");
  const uint64_t frame = replayer_.position() - 1;
  ++waits_;
  uint64_t count = 0;
  (void)r.u64(&count);
  std::vector<uint32_t> bits;
  batch_.clear();
  for (uint64_t i = 0; i < count; ++i) {
    uint64_t fd = 0, ev = 0;
    (void)r.u64(&fd);
    (void)r.u64(&ev);
    auto it = byRecordedFd_.find(int(fd));
    if (it == byRecordedFd_.end()) {
      replayer_.diverge("the recording has an event for fd " + std::to_string(fd) +
                        ", which the program has not registered");
    }
    batch_.push_back(it->second);
    bits.push_back(uint32_t(ev));
  }
  for (batchCursor_ = 0; batchCursor_ < batch_.size();) {
    const size_t i = batchCursor_++;
    IoWatcher* w = batch_[i];
    if (w == nullptr) {
      continue;
    }
    replayer_.setContext("the I/O callback of " + describe(*w) + ", events " +
                         std::to_string(bits[i]) + ", dispatched by wait frame " +
                         std::to_string(frame));
    dispatch(ctx, w, bits[i]);
  }
  batch_.clear();
  batchCursor_ = 0;
  replayer_.setContext("timers, immediates or close callbacks after wait frame " +
                       std::to_string(frame));
  return int(count);
}

Result<int> ReplayBackend::accept(IoWatcher&, sockaddr_storage* peer, socklen_t* peerLen) {
  PayloadReader r = replayer_.expect(FrameType::kAccept, "accept");
  const int64_t v = result(r);
  if (v < 0) {
    return Errno{int(v)};
  }
  // A real fd stands in for the recorded socket: options set on it and close() still work.
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd < 0) {
    replayer_.diverge("no fd left for a stand-in socket");
  }
  const uint8_t* bytes = nullptr;
  const size_t n = r.remaining();
  (void)r.bytes(n, &bytes);
  sockaddr_storage addr{};
  std::memcpy(&addr, bytes, std::min(n, sizeof addr));
  if (peer) {
    *peer = addr;
  }
  if (peerLen) {
    *peerLen = socklen_t(n);
  }
  char host[INET6_ADDRSTRLEN] = "?";
  int port = 0;
  if (addr.ss_family == AF_INET) {
    const auto* a = reinterpret_cast<const sockaddr_in*>(&addr);
    inet_ntop(AF_INET, &a->sin_addr, host, sizeof host);
    port = ntohs(a->sin_port);
  } else if (addr.ss_family == AF_INET6) {
    const auto* a = reinterpret_cast<const sockaddr_in6*>(&addr);
    inet_ntop(AF_INET6, &a->sin6_addr, host, sizeof host);
    port = ntohs(a->sin6_port);
  }
  peerOf_[fd] = std::string(host) + "-" + std::to_string(port);
  return fd;
}

Result<size_t> ReplayBackend::recv(IoWatcher& w, void* buf, size_t len) {
  PayloadReader r = replayer_.expect(FrameType::kRecv, "recv");
  uint64_t fd = 0;
  (void)r.u64(&fd);
  if (auto it = recordedFd_.find(&w); it != recordedFd_.end() && uint64_t(it->second) != fd) {
    replayer_.diverge("recv on " + describe(w) + ": the recording read from recorded fd " +
                      std::to_string(fd));
  }
  const int64_t v = result(r);
  if (v < 0) {
    return Errno{int(v)};
  }
  if (size_t(v) > len) {
    replayer_.diverge("recv on " + describe(w) + " offered " + std::to_string(len) +
                      " bytes of buffer, the recording read " + std::to_string(v));
  }
  const uint8_t* bytes = nullptr;
  (void)r.bytes(size_t(v), &bytes);
  if (v > 0) {
    std::memcpy(buf, bytes, size_t(v));
  }
  return size_t(v);
}

Result<size_t> ReplayBackend::writev(IoWatcher& w, const iovec* iov, int count) {
  PayloadReader r = replayer_.expect(FrameType::kWrite, "writev");
  const int64_t v = result(r);
  if (v < 0) {
    return Errno{int(v)};
  }
  size_t offered = 0;
  for (int i = 0; i < count; ++i) {
    offered += iov[i].iov_len;
  }
  const std::string actual = gather(iov, count, size_t(v));
  std::string expected;
  bool haveExpected = false;
  if (replayer_.nextIs(FrameType::kWriteData)) {
    PayloadReader d = replayer_.takeAttached();
    const uint8_t* bytes = nullptr;
    const size_t n = d.remaining();
    (void)d.bytes(n, &bytes);
    expected.assign(reinterpret_cast<const char*>(bytes), n);
    haveExpected = true;
  }
  uint64_t hash = 0;
  (void)r.fixed64(&hash);
  const bool crc = (replayer_.header().flags & kCrcHash) != 0;
  const uint64_t actualHash = hashTaken(iov, count, size_t(v), crc);
  if (offered < size_t(v) || actualHash != hash || (haveExpected && expected != actual)) {
    std::string what = "write on ";
    what += describe(w);
    what += ": the recording wrote ";
    what += std::to_string(v);
    what += " bytes ";
    if (haveExpected) {
      what += quoted(reinterpret_cast<const uint8_t*>(expected.data()), expected.size());
    } else {
      what += "(hash only: record with the `writes` option to keep the bytes)";
    }
    what += "\n  the program wrote ";
    what += std::to_string(offered);
    what += " bytes ";
    what += quoted(reinterpret_cast<const uint8_t*>(actual.data()), actual.size());
    replayer_.diverge(what);
  }
  saveOutput(w, iov, count, size_t(v));
  return size_t(v);
}

Result<size_t> ReplayBackend::sendfile(IoWatcher& w, int fileFd, int64_t* offset, size_t len) {
  PayloadReader r = replayer_.expect(FrameType::kSendfile, "sendfile");
  const int64_t v = result(r);
  if (v < 0) {
    return Errno{int(v)};
  }
  if (!outDir_.empty() && v > 0) {
    std::string bytes(size_t(v), '\0');
    const ssize_t n = ::pread(fileFd, bytes.data(), bytes.size(), off_t(*offset));
    bytes.resize(n > 0 ? size_t(n) : 0);
    iovec iov{bytes.data(), bytes.size()};
    saveOutput(w, &iov, 1, bytes.size());
  }
  *offset += v;
  return size_t(v);
}

Result<void> ReplayBackend::connect(IoWatcher&, const sockaddr*, socklen_t) {
  PayloadReader r = replayer_.expect(FrameType::kConnect, "connect");
  const int64_t v = result(r);
  if (v < 0) {
    return Errno{int(v)};
  }
  return {};
}

void ReplayBackend::close(IoWatcher& w) {
  remove(w);
  if (w.fd >= 0) {
    peerOf_.erase(w.fd);
    ::close(w.fd);
    w.fd = -1;
  }
}

int ReplayBackend::readSignal(IoWatcher&) {
  PayloadReader r = replayer_.expect(FrameType::kSignal, "read a signal");
  uint64_t signo = 0;
  (void)r.u64(&signo);
  return int(signo);
}

bool ReplayBackend::checkPosted(bool) {
  PayloadReader r = replayer_.expect(FrameType::kAsyncCheck, "check for posted tasks");
  uint8_t posted = 0;
  (void)r.byte(&posted);
  return posted != 0;
}

AsyncTask* ReplayBackend::takePosted(AsyncTask* tasks) {
  for (AsyncTask* t = tasks; t; t = t->next) {
    held_.push_back(t);
  }
  PayloadReader r = replayer_.expect(FrameType::kDrain, "run posted tasks");
  uint64_t count = 0;
  (void)r.u64(&count);
  AsyncTask* head = nullptr;
  AsyncTask** tail = &head;
  for (uint64_t i = 0; i < count; ++i) {
    uint64_t seq = 0;
    (void)r.u64(&seq);
    auto it = std::find_if(held_.begin(), held_.end(), [&](AsyncTask* t) { return t->seq == seq; });
    if (it == held_.end()) {
      replayer_.diverge("the recording completed task " + std::to_string(seq) +
                        " here, which the program has not submitted");
    }
    AsyncTask* t = *it;
    held_.erase(it);
    t->next = nullptr;
    *tail = t;
    tail = &t->next;
  }
  return head;
}

void ReplayBackend::saveOutput(const IoWatcher& w, const iovec* iov, int count, size_t taken) {
  if (outDir_.empty() || taken == 0) {
    return;
  }
  auto peer = peerOf_.find(w.fd);
  const std::string name =
      outDir_ + "/" + (peer != peerOf_.end() ? peer->second : "fd" + std::to_string(w.fd));
  const int fd = ::open(name.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) {
    return;
  }
  for (int i = 0; i < count && taken > 0; ++i) {
    const size_t n = std::min(iov[i].iov_len, taken);
    if (::write(fd, iov[i].iov_base, n) != ssize_t(n)) {
      break;
    }
    taken -= n;
  }
  ::close(fd);
}

}  // namespace nodecc::loop::core
