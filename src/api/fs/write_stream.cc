// fs.WriteStream: Node's Writable state machine for a file (lib/internal/streams/writable.js,
// lib/internal/fs/streams.js). One write in flight at a time; a write() while one is in
// flight (or before the file is open) is buffered, and the buffer goes out as one writev
// when the write in flight completes. On a completion: start the next batch, then 'drain'
// (if a write() returned false and nothing is left), then the completed chunks' callbacks,
// then 'finish' if end() was called and all is written; after 'finish' the fd is closed and
// 'close' follows from a nextTick.
#include <sys/uio.h>

#include <optional>
#include <vector>

#include "api/fs/request.h"
#include "api/fs/stream_close.h"
#include "api/fs/stream_registry.h"
#include "api/runtime.h"
#include "nodecc/process.h"

namespace nodecc::fs {

using core::Op;
using namespace internal;

namespace detail {

struct WriteStreamImpl : FileStreamClose<WriteStream> {
  explicit WriteStreamImpl(WriteStream& stream) : FileStreamClose(stream) {}

  struct Chunk {
    Buffer bytes;
    UniqueFunction<void(Error*)> cb;
  };

  int flags = 0;
  int mode = 0666;
  bool flush = false;
  int64_t pos = -1;  // next write offset; -1: the file position
  size_t hwm = 16 * 1024;

  bool writing = false;
  bool finishing = false;  // 'finish' is on its way
  bool closing = false;
  std::vector<Chunk> buffered;
  std::vector<Chunk> inFlight;
  std::vector<iovec> iov;
  std::vector<UniqueFunction<void()>> finishCallbacks;

  void open() {
    ioInFlight = true;
    auto r = newRequest(Op::kOpen, [this](core::Request& r) { onOpen(r); });
    r->path = s.path;
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
      finishDestroy();
      return;
    }
    if (r.failed()) {
      Error e = errorOf(r);
      destroy(&e);
      return;
    }
    s.emit("open", s.fd);
    s.emit("ready");
    if (!buffered.empty()) {
      writeBuffered();
    }
    finishMaybe(false);
  }

  bool write(Buffer bytes, UniqueFunction<void(Error*)> cb) {
    if (s.writableEnded || closing) {
      Error e = s.writableEnded ? Error("ERR_STREAM_WRITE_AFTER_END", "write after end")
                                : Error("ERR_STREAM_DESTROYED",
                                        "Cannot call write after a stream was destroyed");
      process::nextTick([cb = std::move(cb), e]() mutable {
        if (cb) {
          cb(&e);
        }
      });
      if (s.writableEnded) {
        destroy(&e);
      }
      return false;
    }
    s.writableLength += bytes.size();
    bool ok = s.writableLength < hwm;
    if (!ok) {
      s.writableNeedDrain = true;
    }
    buffered.push_back(Chunk{std::move(bytes), std::move(cb)});
    if (!writing && !s.pending) {
      writeBuffered();
    }
    return ok;
  }

  // Every buffered chunk in one writev (looping over short writes in the worker).
  void writeBuffered() {
    inFlight = std::move(buffered);
    buffered.clear();
    iov.clear();
    for (Chunk& c : inFlight) {
      iov.push_back(iovec{c.bytes.data(), c.bytes.size()});
    }
    writing = true;
    ioInFlight = true;
    auto r = newRequest(Op::kWriteAll, [this](core::Request& r) { onWrite(r); });
    r->fd = s.fd;
    r->iov = iov.data();
    r->iovCount = int(iov.size());
    r->position = pos;
    start(*r.release());
  }

  void onWrite(core::Request& r) {
    writing = false;
    ioInFlight = false;
    std::vector<Chunk> done = std::move(inFlight);
    inFlight.clear();
    if (r.failed()) {
      Error e = errorOf(r);
      for (Chunk& c : done) {
        if (c.cb) {
          c.cb(&e);
        }
      }
      destroy(&e);
      return;
    }
    size_t n = size_t(r.result);
    s.bytesWritten += n;
    s.writableLength -= n;
    if (pos >= 0) {
      pos += int64_t(n);
    }
    if (closing) {
      finishDestroy();
      return;
    }
    if (!buffered.empty()) {
      writeBuffered();
    }
    if (s.writableNeedDrain && s.writableLength == 0 && !s.writableEnded) {
      s.writableNeedDrain = false;
      s.emit("drain");
    }
    for (Chunk& c : done) {
      if (c.cb) {
        c.cb(nullptr);
      }
    }
    finishMaybe(false);
  }

  WriteStream& end(UniqueFunction<void()> cb) {
    if (cb) {
      finishCallbacks.push_back(std::move(cb));
    }
    if (!s.writableEnded) {
      s.writableEnded = true;
      finishMaybe(true);
    }
    return s;
  }

  // 'finish' once end() was called and every byte is written; from a nextTick when reached
  // synchronously from end(), as Node.
  void finishMaybe(bool sync) {
    if (!s.writableEnded || finishing || closing || writing || s.pending || !buffered.empty()) {
      return;
    }
    finishing = true;
    if (flush && s.fd >= 0) {
      ioInFlight = true;
      auto r = newRequest(Op::kFsync, [this](core::Request& r) {
        ioInFlight = false;
        if (closing) {
          finishDestroy();
        } else if (r.failed()) {
          Error e = errorOf(r);
          destroy(&e);
        } else {
          finish();
        }
      });
      r->fd = s.fd;
      start(*r.release());
      return;
    }
    if (sync) {
      process::nextTick([this] { finish(); });
    } else {
      finish();
    }
  }

  void finish() {
    if (closing) {
      return;
    }
    s.writableFinished = true;
    std::vector<UniqueFunction<void()>> callbacks = std::move(finishCallbacks);
    finishCallbacks.clear();
    for (auto& cb : callbacks) {
      cb();
    }
    s.emit("finish");
    if (autoClose) {
      destroy(nullptr);
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
    // Chunks that will never be written: their callbacks learn it, as Node's errorBuffer.
    Error gone =
        hasError ? destroyError
                 : Error("ERR_STREAM_DESTROYED", "Cannot call write after a stream was destroyed");
    std::vector<Chunk> dropped = std::move(buffered);
    buffered.clear();
    for (Chunk& c : dropped) {
      if (c.cb) {
        c.cb(&gone);
      }
    }
    if (!ioInFlight) {
      finishDestroy();
    }
  }

  static bool idle(EventEmitter* e) { return !static_cast<WriteStream*>(e)->impl_->ioInFlight; }
};

}  // namespace detail

WriteStream::WriteStream(std::string_view path, const WriteStreamOptions& options)
    : path(path), impl_(std::make_unique<detail::WriteStreamImpl>(*this)) {
  writableHighWaterMark = options.highWaterMark;
}

WriteStream::~WriteStream() {
  StreamRegistry::remove(this);
  if (fd >= 0 && impl_->autoClose) {
    (void)core::close(fd);
  }
}

bool WriteStream::write(std::string_view chunk, UniqueFunction<void(Error*)> cb) {
  return impl_->write(Buffer::from(chunk), std::move(cb));
}

bool WriteStream::write(const Buffer& chunk, UniqueFunction<void(Error*)> cb) {
  return impl_->write(chunk, std::move(cb));
}

WriteStream& WriteStream::end(UniqueFunction<void()> cb) {
  return impl_->end(std::move(cb));
}

WriteStream& WriteStream::end(std::string_view chunk, UniqueFunction<void()> cb) {
  write(chunk);
  return impl_->end(std::move(cb));
}

WriteStream& WriteStream::end(const Buffer& chunk, UniqueFunction<void()> cb) {
  write(chunk);
  return impl_->end(std::move(cb));
}

WriteStream& WriteStream::destroy() {
  impl_->destroy(nullptr);
  return *this;
}

WriteStream& WriteStream::destroy(const Error& error) {
  impl_->destroy(&error);
  return *this;
}

void WriteStream::close(UniqueFunction<void(Error*)> cb) {
  if (cb) {
    impl_->closeCallback = std::move(cb);
  }
  if (!writableEnded) {
    end();  // Node's writeStream.close() ends the stream, then closes it after 'finish'
  } else if (writableFinished) {
    impl_->destroy(nullptr);
  }
}

WriteStream& createWriteStream(std::string_view path, const WriteStreamOptions& options) {
  int flags = OpenFlags(options.flags).value();
  if (options.fd < 0) {
    checkPath(path);
  }
  if (options.start && *options.start < 0) {
    throw outOfRange("start", ">= 0 && <= 9007199254740991", std::to_string(*options.start));
  }
  (void)
      nodecc::detail::Runtime::current();  // the registry must go before the runtime at thread end
  auto* s = new WriteStream(path, options);
  detail::WriteStreamImpl& impl = *s->impl_;
  impl.flags = flags;
  impl.mode = options.mode;
  impl.autoClose = options.autoClose;
  impl.emitClose = options.emitClose;
  impl.flush = options.flush;
  impl.pos = options.start.value_or(-1);
  impl.hwm = options.highWaterMark;
  StreamRegistry::add(s, &detail::WriteStreamImpl::idle);
  if (options.fd >= 0) {
    s->fd = options.fd;
    s->pending = false;
  } else {
    impl.open();
  }
  return *s;
}

}  // namespace nodecc::fs
