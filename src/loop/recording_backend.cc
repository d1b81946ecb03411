#include "loop/recording_backend.h"

#include "loop/loop.h"
#include "recorder/frame_writer.h"
#include "recorder/recorder.h"

namespace nodecc::loop::core {

using namespace recorder::core;
using os::core::Result;

RecordingBackend::RecordingBackend(os::core::Fd epfd, TraceSink& sink)
    : EpollBackend(std::move(epfd)), sink_(sink), writes_(recordWrites()), crc_(crcAvailable()) {}

Result<void> RecordingBackend::add(IoWatcher& w) {
  auto r = EpollBackend::add(w);
  if (r) {
    // Replay maps the recorded fd to its own watcher in registration order.
    emitUnsigned(sink_, FrameType::kAdd, uint64_t(w.fd));
  }
  return r;
}

int RecordingBackend::wait(int timeoutMs, Dispatch dispatch, void* ctx) {
  return waitRecording(timeoutMs, dispatch, ctx, sink_);
}

Result<int> RecordingBackend::accept(IoWatcher& listener, sockaddr_storage* peer,
                                     socklen_t* peerLen) {
  socklen_t len = 0;
  auto r = EpollBackend::accept(listener, peer, &len);
  if (peerLen) {
    *peerLen = len;
  }
  emitResultBytes(sink_, FrameType::kAccept, r ? int64_t(*r) : r.error(), peer,
                  r && peer ? size_t(len) : 0);
  return r;
}

Result<size_t> RecordingBackend::recv(IoWatcher& w, void* buf, size_t len) {
  auto r = EpollBackend::recv(w, buf, len);
  emitRecv(sink_, w.fd, r ? int64_t(*r) : r.error(), buf, r ? *r : 0);
  return r;
}

Result<size_t> RecordingBackend::writev(IoWatcher& w, const iovec* iov, int count) {
  auto r = EpollBackend::writev(w, iov, count);
  if (!r) {
    emitWrite(sink_, r.error(), 0);
    return r;
  }
  emitWrite(sink_, int64_t(*r), hashTaken(iov, count, *r, crc_));
  if (writes_) {
    emitWriteData(sink_, iov, count, *r);
  }
  return r;
}

Result<size_t> RecordingBackend::sendfile(IoWatcher& w, int fileFd, int64_t* offset, size_t len) {
  auto r = EpollBackend::sendfile(w, fileFd, offset, len);
  emitSigned(sink_, FrameType::kSendfile, r ? int64_t(*r) : r.error());
  return r;
}

Result<void> RecordingBackend::connect(IoWatcher& w, const sockaddr* addr, socklen_t len) {
  auto r = EpollBackend::connect(w, addr, len);
  emitSigned(sink_, FrameType::kConnect, r.error());
  return r;
}

int RecordingBackend::readSignal(IoWatcher& w) {
  const int signo = Backend::readSignal(w);
  emitUnsigned(sink_, FrameType::kSignal, uint64_t(signo));
  return signo;
}

bool RecordingBackend::checkPosted(bool posted) {
  uint8_t* p = sink_.reserve(3);
  p = frameStart(p, FrameType::kAsyncCheck, 1);
  *p++ = posted ? 1 : 0;
  sink_.commit(p);
  return posted;
}

AsyncTask* RecordingBackend::takePosted(AsyncTask* tasks) {
  size_t count = 0;
  for (AsyncTask* t = tasks; t; t = t->next) {
    ++count;
  }
  uint8_t* payload = openFrame(sink_, FrameType::kDrain, kMaxVarint * (1 + count));
  uint8_t* q = putVarint(payload, count);
  for (AsyncTask* t = tasks; t; t = t->next) {
    q = putVarint(q, t->seq);
  }
  closeFrame(sink_, payload, q);
  return tasks;
}

}  // namespace nodecc::loop::core
