// fs.ReadStream: Node's Readable state machine reduced to what a file source needs. The
// orders below are Node's (lib/internal/streams/readable.js, lib/internal/fs/streams.js):
// 'resume' from a nextTick; 'data' straight from the read's completion when flowing with an
// empty buffer; one chunk per read of highWaterMark bytes (less at `end`); while paused, reads
// continue until highWaterMark bytes wait; 'end' from a nextTick once the end of the file was
// seen and the buffer is consumed; then the fd is closed and 'close' follows from a nextTick.
#include <cstring>
#include <deque>
#include <limits>
#include <optional>

#include "api/fs/request.h"
#include "api/fs/stream_close.h"
#include "api/fs/stream_registry.h"
#include "api/runtime.h"
#include "nodecc/process.h"

namespace nodecc::fs {

using core::Op;
using namespace internal;

namespace detail {

struct ReadStreamImpl : FileStreamClose<ReadStream> {
  explicit ReadStreamImpl(ReadStream& stream) : FileStreamClose(stream) {}

  enum class Flowing { kNull, kTrue, kFalse };  // Node's readableFlowing: null, true, false

  int flags = 0;
  int mode = 0666;
  int64_t pos = -1;  // next read offset; -1: the file position
  int64_t end = std::numeric_limits<int64_t>::max();
  size_t hwm = 64 * 1024;

  Flowing flowing = Flowing::kNull;
  bool started = false;  // something asked for data: reads may run
  bool resumeScheduled = false;
  bool eof = false;  // Node's state.ended
  bool endScheduled = false;
  bool closing = false;  // destroy() began
  std::deque<Buffer> buffered;
  size_t bufferedBytes = 0;

  bool isFlowing() const { return flowing == Flowing::kTrue; }

  void open(const std::string& path) {
    ioInFlight = true;
    auto r = newRequest(Op::kOpen, [this](core::Request& r) { onOpen(r); });
    r->path = path;
    r->flags = flags;
    r->mode = mode;
    start(*r.release());
  }

  void onOpen(core::Request& r) {
    ioInFlight = false;
    if (!r.failed()) {
      s.fd = int(r.result);
      s.pending = false;
    }
    if (closing) {
      finishDestroy();  // destroyed while opening: close what was opened
      return;
    }
    if (r.failed()) {
      Error e = errorOf(r);
      destroy(&e);
      return;
    }
    s.emit("open", s.fd);
    s.emit("ready");
    maybeRead();
  }

  // Node's _read: one read of up to highWaterMark bytes, none past `end`.
  void maybeRead() {
    if (!started || ioInFlight || eof || closing || s.pending) {
      return;
    }
    if (!(bufferedBytes < hwm || (isFlowing() && bufferedBytes == 0))) {
      return;
    }
    int64_t want = int64_t(hwm);
    if (end != std::numeric_limits<int64_t>::max()) {
      int64_t from = pos >= 0 ? pos : int64_t(s.bytesRead);
      want = std::min(want, end - from + 1);
    }
    if (want <= 0) {
      onEof();
      return;
    }
    Buffer chunk = Buffer::allocUnsafe(size_t(want));
    ioInFlight = true;
    auto r = newRequest(Op::kRead, [this, chunk](core::Request& r) { onRead(r, chunk); });
    r->fd = s.fd;
    r->buffer = chunk.data();
    r->size = chunk.size();
    r->position = pos;
    start(*r.release());
  }

  void onRead(core::Request& r, const Buffer& chunk) {
    ioInFlight = false;
    if (closing) {
      finishDestroy();
      return;
    }
    if (r.failed()) {
      Error e = errorOf(r);
      destroy(&e);
      return;
    }
    size_t n = size_t(r.result);
    if (n == 0) {
      onEof();
      return;
    }
    if (pos >= 0) {
      pos += int64_t(n);
    }
    s.bytesRead += n;
    // A short read keeps only what it needs, as Node copies it out of the bigger buffer.
    Buffer data = chunk;
    if (n != chunk.size()) {
      data = Buffer::allocUnsafe(n);
      std::memcpy(data.data(), chunk.data(), n);
    }
    if (isFlowing() && buffered.empty()) {
      s.emit("data", data);
    } else {
      bufferedBytes += n;
      buffered.push_back(std::move(data));
      flow();
    }
    maybeRead();
  }

  void onEof() {
    eof = true;
    if (isFlowing() && buffered.empty()) {
      scheduleEnd();
    }
  }

  // Node's flow(): hand out buffered chunks while flowing.
  void flow() {
    while (isFlowing() && !buffered.empty() && !closing) {
      Buffer chunk = std::move(buffered.front());
      buffered.pop_front();
      bufferedBytes -= chunk.size();
      if (buffered.empty() && eof) {
        scheduleEnd();
      }
      s.emit("data", chunk);
    }
  }

  void scheduleEnd() {
    if (endScheduled) {
      return;
    }
    endScheduled = true;
    process::nextTick([this] {
      if (closing || s.readableEnded || !buffered.empty()) {
        return;
      }
      s.readableEnded = true;
      s.emit("end");
      if (autoClose) {
        destroy(nullptr);
      }
    });
  }

  void resume() {
    if (!isFlowing()) {
      flowing = Flowing::kTrue;
      started = true;
      if (!resumeScheduled) {
        resumeScheduled = true;
        process::nextTick([this] {
          resumeScheduled = false;
          if (closing) {
            return;
          }
          s.emit("resume");
          flow();
          if (eof && buffered.empty() && isFlowing()) {
            scheduleEnd();
          }
          maybeRead();
        });
      }
    }
  }

  void pause() {
    if (flowing != Flowing::kFalse) {
      flowing = Flowing::kFalse;
      s.emit("pause");
    }
  }

  void destroy(const Error* error) {
    if (closing) {
      return;
    }
    closing = true;
    s.destroyed = true;
    if (error != nullptr) {
      hasError = true;
      destroyError = *error;
    }
    buffered.clear();
    bufferedBytes = 0;
    if (!ioInFlight) {
      finishDestroy();
    }  // else the open or read in flight calls finishDestroy when it completes
  }

  static bool idle(EventEmitter* e) { return !static_cast<ReadStream*>(e)->impl_->ioInFlight; }
};

}  // namespace detail

ReadStream::ReadStream(std::string_view path, const ReadStreamOptions& options)
    : path(path), impl_(std::make_unique<detail::ReadStreamImpl>(*this)) {
  readableHighWaterMark = options.highWaterMark;
}

ReadStream::~ReadStream() {
  StreamRegistry::remove(this);
  // Only a stream that never closed gets here with its fd (at thread end): close it now.
  if (fd >= 0 && impl_->autoClose) {
    (void)core::close(fd);
  }
}

ReadStream& ReadStream::pause() {
  impl_->pause();
  return *this;
}

ReadStream& ReadStream::resume() {
  impl_->resume();
  return *this;
}

bool ReadStream::isPaused() const {
  return impl_->flowing == detail::ReadStreamImpl::Flowing::kFalse;
}

ReadStream& ReadStream::destroy() {
  impl_->destroy(nullptr);
  return *this;
}

ReadStream& ReadStream::destroy(const Error& error) {
  impl_->destroy(&error);
  return *this;
}

void ReadStream::close(UniqueFunction<void(Error*)> cb) {
  if (cb) {
    impl_->closeCallback = std::move(cb);
  }
  impl_->destroy(nullptr);
}

void ReadStream::listenerCountChanged(std::string_view event, size_t count) {
  if (event == "data" && count > 0 && impl_->flowing != detail::ReadStreamImpl::Flowing::kFalse) {
    impl_->resume();
  }
}

ReadStream& createReadStream(std::string_view path, const ReadStreamOptions& options) {
  int flags = OpenFlags(options.flags).value();
  if (options.fd < 0) {
    checkPath(path);
  }
  int64_t start = options.start.value_or(-1);
  int64_t end = options.end.value_or(std::numeric_limits<int64_t>::max());
  if (options.start && *options.start < 0) {
    throw outOfRange("start", ">= 0 && <= 9007199254740991", std::to_string(*options.start));
  }
  if (options.end && *options.end < 0) {
    throw outOfRange("end", ">= 0 && <= 9007199254740991", std::to_string(*options.end));
  }
  if (options.start && options.end && start > end) {
    throw outOfRange("start", "<= \"end\" (here: " + std::to_string(end) + ")",
                     std::to_string(start));
  }
  (void)
      nodecc::detail::Runtime::current();  // the registry must go before the runtime at thread end
  auto* s = new ReadStream(path, options);
  detail::ReadStreamImpl& impl = *s->impl_;
  impl.flags = flags;
  impl.mode = options.mode;
  impl.autoClose = options.autoClose;
  impl.emitClose = options.emitClose;
  impl.pos = start;
  impl.end = end;
  impl.hwm = options.highWaterMark == 0 ? 1 : options.highWaterMark;
  StreamRegistry::add(s, &detail::ReadStreamImpl::idle);
  if (options.fd >= 0) {
    s->fd = options.fd;
    s->pending = false;
  } else {
    impl.open(s->path);
  }
  return *s;
}

}  // namespace nodecc::fs
