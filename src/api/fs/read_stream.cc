// fs.ReadStream: a stream::Readable whose _read is one pool read (lib/internal/fs/streams.js).
// The Readable base decides when to read and emits everything: 'data' from the read's
// completion when flowing with nothing queued, read-ahead up to highWaterMark while paused,
// 'end' from a nextTick, then (autoClose) destroy -> _destroy closes the fd -> 'close'.
#include <algorithm>
#include <cstring>
#include <limits>

#include "api/fs/file_io.h"
#include "api/fs/request.h"
#include "api/runtime.h"

namespace nodecc::fs {

using core::Op;
using namespace internal;

namespace {

stream::ReadableOptions<Buffer> readableOptions(const ReadStreamOptions& o) {
  stream::ReadableOptions<Buffer> r;
  r.highWaterMark = o.highWaterMark;
  r.encoding = o.encoding;
  r.emitClose = o.emitClose;
  r.autoDestroy = o.autoClose;
  return r;
}

}  // namespace

ReadStream::ReadStream(std::string_view path, const ReadStreamOptions& options, int flags)
    : stream::Readable(readableOptions(options)),
      path(path),
      fd(options.fd),
      pending(options.fd < 0),
      io_(std::make_unique<detail::FileIo>()),
      pos_(options.start.value_or(-1)),
      end_(options.end.value_or(std::numeric_limits<int64_t>::max())) {
  io_->flags = flags;
  io_->mode = options.mode;
  construct();
}

ReadStream::~ReadStream() {
  // Only a stream that never closed gets here with its fd (at thread end): close it now,
  // unless a read in flight may still be using it (never fd 0, as Node's close()).
  if (fd > 0 && (commonBits() & stream::detail::kAutoDestroy) != 0 && !io_->performingIo) {
    (void)core::close(fd);
  }
}

void ReadStream::_construct(stream::Callback cb) {
  io_->open(*this, cb);
}

void ReadStream::_read(size_t n) {
  int64_t want = int64_t(std::min<size_t>(n, size_t(std::numeric_limits<int64_t>::max())));
  if (end_ != std::numeric_limits<int64_t>::max()) {
    int64_t from = pos_ >= 0 ? pos_ : int64_t(bytesRead);
    want = std::min(want, end_ - from + 1);
  }
  if (want <= 0) {
    push(nullptr);
    return;
  }
  Buffer chunk = Buffer::allocUnsafe(size_t(want));
  io_->performingIo = true;
  auto r = newRequest(Op::kRead, [this, chunk](core::Request& r) {
    if (r.failed()) {
      Error e = errorOf(r);
      onRead(r.result, &e, chunk);
    } else {
      onRead(r.result, nullptr, chunk);
    }
  });
  r->fd = fd;
  r->buffer = chunk.data();
  r->size = chunk.size();
  r->position = pos_;
  start(*r.release());
}

void ReadStream::onRead(int64_t result, const Error* error, Buffer chunk) {
  io_->performingIo = false;
  if (destroyed()) {
    io_->ioDone(*this, error);  // _destroy was waiting for this read
    return;
  }
  if (error != nullptr) {
    errorOrDestroy(*error);
    return;
  }
  size_t n = size_t(result);
  if (n == 0) {
    push(nullptr);
    return;
  }
  if (pos_ >= 0) {
    pos_ += int64_t(n);
  }
  bytesRead += n;
  if (n != chunk.size()) {
    // A short read keeps only what it needs, as Node copies it out of the bigger buffer.
    Buffer data = Buffer::allocUnsafe(n);
    std::memcpy(data.data(), chunk.data(), n);
    chunk = std::move(data);
  }
  push(std::move(chunk));
}

void ReadStream::_destroy(const Error* error, stream::Callback cb) {
  io_->destroy(*this, error, cb);
}

void ReadStream::close(UniqueFunction<void(Error*)> cb) {
  if (cb) {
    stream::finished(*this, std::move(cb));
  }
  destroy();
}

ReadStream& createReadStream(std::string_view path, const ReadStreamOptions& options) {
  int flags = OpenFlags(options.flags).value();
  if (options.fd < 0) {
    checkPath(path);
  }
  if (options.start && *options.start < 0) {
    throw outOfRange("start", ">= 0 && <= 9007199254740991", std::to_string(*options.start));
  }
  if (options.end && *options.end < 0) {
    throw outOfRange("end", ">= 0 && <= 9007199254740991", std::to_string(*options.end));
  }
  if (options.start && options.end && *options.start > *options.end) {
    throw outOfRange("start", "<= \"end\" (here: " + std::to_string(*options.end) + ")",
                     std::to_string(*options.start));
  }
  // The runtime first: the streams this thread still owns at its end go before it does.
  (void)nodecc::detail::Runtime::current();
  auto* s = new ReadStream(path, options, flags);
  s->ownSelf();
  return *s;
}

}  // namespace nodecc::fs
