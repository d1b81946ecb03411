// fs.WriteStream: a stream::Writable whose _write and _writev are one pool write each
// (lib/internal/fs/streams.js). The Writable base keeps one write in flight and hands the
// chunks written meanwhile to _writev together, emits 'drain', the callbacks and 'finish';
// then (autoClose) destroy -> _destroy closes the fd (after an fsync with `flush`) -> 'close'.
#include <sys/uio.h>

#include <memory>
#include <optional>
#include <vector>

#include "api/fs/file_io.h"
#include "api/fs/request.h"
#include "api/runtime.h"

namespace nodecc::fs {

using core::Op;
using namespace internal;

namespace {

stream::WritableOptions<Buffer> writableOptions(const WriteStreamOptions& o) {
  stream::WritableOptions<Buffer> w;
  w.highWaterMark = o.highWaterMark;
  w.emitClose = o.emitClose;
  w.autoDestroy = o.autoClose;
  return w;
}

}  // namespace

WriteStream::WriteStream(std::string_view path, const WriteStreamOptions& options, int flags)
    : stream::Writable(writableOptions(options)),
      path(path),
      fd(options.fd),
      pending(options.fd < 0),
      io_(std::make_unique<detail::FileIo>()),
      pos_(options.start.value_or(-1)) {
  io_->flags = flags;
  io_->mode = options.mode;
  io_->flush = options.flush;
  useWritev();
  construct();
}

WriteStream::~WriteStream() {
  if (fd > 0 && (commonBits() & stream::detail::kAutoDestroy) != 0 && !io_->performingIo) {
    (void)core::close(fd);
  }
}

void WriteStream::_construct(stream::Callback cb) {
  io_->open(*this, cb);
}

void WriteStream::_write(const Buffer& chunk, std::string_view, stream::Callback cb) {
  writeAll({chunk}, chunk.size(), "write", cb);
}

void WriteStream::_writev(std::vector<stream::WriteChunk<Buffer>>& chunks, stream::Callback cb) {
  std::vector<Buffer> buffers;
  buffers.reserve(chunks.size());
  size_t size = 0;
  for (auto& c : chunks) {
    size += c.chunk.size();
    buffers.push_back(std::move(c.chunk));
  }
  writeAll(std::move(buffers), size, "writev", cb);
}

// Node's writeAll/writevAll: the whole of the chunks (the worker loops over short writes).
// The offset advances when the write is issued, as Node's this.pos does.
void WriteStream::writeAll(std::vector<Buffer> chunks, size_t size, const char* method,
                           stream::Callback cb) {
  std::vector<iovec> iov;
  iov.reserve(chunks.size());
  for (Buffer& b : chunks) {
    iov.push_back(iovec{b.data(), b.size()});
  }
  const iovec* iovData = iov.data();
  int iovCount = int(iov.size());
  io_->performingIo = true;
  // The request keeps the chunks and their iovecs (moving a vector keeps its storage).
  auto r = newRequest(Op::kWriteAll, [this, cb, method, chunks = std::move(chunks),
                                      iov = std::move(iov)](core::Request& r) {
    io_->performingIo = false;
    std::optional<Error> er;
    if (r.failed()) {
      er = errorOf(r);
    } else if (destroyed()) {
      er = stream::detail::errStreamDestroyed(method);
    } else {
      bytesWritten += size_t(r.result);
    }
    const Error* e = er ? &*er : nullptr;
    cb(e);
    if (destroyed()) {
      io_->ioDone(*this, e);  // _destroy was waiting for this write
    }
  });
  r->fd = fd;
  r->iov = iovData;
  r->iovCount = iovCount;
  r->position = pos_;
  if (pos_ >= 0) {
    pos_ += int64_t(size);
  }
  start(*r.release());
}

void WriteStream::_destroy(const Error* error, stream::Callback cb) {
  io_->destroy(*this, error, cb);
}

void WriteStream::close(UniqueFunction<void(Error*)> cb) {
  if (cb) {
    if (closed()) {
      process::nextTick([cb = std::move(cb)]() mutable { cb(nullptr); });
      return;
    }
    auto shared = std::make_shared<UniqueFunction<void(Error*)>>(std::move(cb));
    on("close", [shared] { (*shared)(nullptr); });
  }
  if ((commonBits() & stream::detail::kAutoDestroy) == 0) {
    on("finish", [this] { destroy(); });
  }
  end();
}

WriteStream& createWriteStream(std::string_view path, const WriteStreamOptions& options) {
  int flags = OpenFlags(options.flags).value();
  if (options.fd < 0) {
    checkPath(path);
  }
  if (options.start && *options.start < 0) {
    throw outOfRange("start", ">= 0 && <= 9007199254740991", std::to_string(*options.start));
  }
  // The runtime first: the streams this thread still owns at its end go before it does.
  (void)nodecc::detail::Runtime::current();
  auto* s = new WriteStream(path, options, flags);
  s->ownSelf();
  return *s;
}

}  // namespace nodecc::fs
