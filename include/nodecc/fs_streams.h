#pragma once
// Node's fs.ReadStream and fs.WriteStream (included by nodecc/fs.h): a stream::Readable and a
// stream::Writable over a file, as lib/internal/fs/streams.js builds them, so that pipe,
// pipeline, finished and async iteration take them as they take any stream.
//
//   auto& rs = fs::createReadStream("big.bin", {.start = 0, .end = 99, .highWaterMark = 16});
//   rs.on("data", [](const Buffer& chunk) { ... });
//   stream::pipeline(fs::createReadStream("a"), zlib::createGzip(), fs::createWriteStream("a.gz"),
//                    [](Error* err) { ... });
//   rs.pipe(res);   // a stream::Writable, or an http::ServerResponse (write/end/'drain')
//
// Lifetime: a stream is created by createReadStream/createWriteStream, owned by the runtime,
// and deletes itself in the check phase after it has emitted 'close' (a setImmediate): what
// runs in that turn may still read it, and so may the callback of a pipeline it is in (the
// pipeline holds it until then, see nodecc/stream.h); do not keep the reference longer. A stream
// nobody consumed or closed lives until its thread ends, and closes its fd then. Every open, read,
// write and close runs on the thread pool; events are emitted on the loop thread.
//
// The file is opened by _construct (from a nextTick after creation): 'open' (int fd) and
// 'ready' come from the open's completion; reads and writes wait for it (writes made before
// are buffered and go out together). _destroy closes the fd, after a read or write in flight.
// autoClose is the streams' autoDestroy: with it false, 'end' or 'finish' leaves the fd open.
//
// Events and payloads: those of stream::Readable / stream::Writable (nodecc/stream.h), plus
// "open" (int fd) and "ready" ().
// Options are aggregates: designated initializers must follow the member order below (Node's
// documented order), e.g. {.start = 2, .end = 11, .highWaterMark = 4}.
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "nodecc/buffer.h"
#include "nodecc/error.h"
#include "nodecc/events.h"
#include "nodecc/function.h"
#include "nodecc/stream.h"

namespace nodecc::fs {

struct ReadStreamOptions {
  std::string flags = "r";
  std::string encoding{};  // as setEncoding(): 'data' carries decoded text
  int fd = -1;             // read this open fd instead of opening the path
  int mode = 0666;
  bool autoClose = true;  // destroy (close the fd) after 'end' or an error
  bool emitClose = true;
  std::optional<int64_t> start{};    // first byte; none: from the file position
  std::optional<int64_t> end{};      // last byte, inclusive; none: to the end of the file
  size_t highWaterMark = 64 * 1024;  // bytes per read, and the read-ahead while paused
};

struct WriteStreamOptions {
  std::string flags = "w";
  int fd = -1;
  int mode = 0666;
  bool autoClose = true;  // destroy (close the fd) after 'finish' or an error
  bool emitClose = true;
  std::optional<int64_t> start{};    // write from this offset; none: at the file position
  size_t highWaterMark = 16 * 1024;  // write() returns false once this much is buffered
  bool flush = false;                // fsync before closing
};

using PipeOptions = stream::PipeOptions;

namespace detail {
struct FileIo;
// What the pipe to a destination that is not a stream::Writable shares between its
// listeners on both sides: either side may go away first.
struct PipeLink {
  stream::Readable* source = nullptr;  // cleared when the source closes
  bool destinationClosed = false;
};
}  // namespace detail

class ReadStream : public stream::Readable {
 public:
  ~ReadStream() override;

  // readStream.close([cb]): destroy(); cb(err) once the stream is done (stream::finished's
  // callback: null after a clean close, ERR_STREAM_PREMATURE_CLOSE before the end...).
  void close(UniqueFunction<void(Error*)> cb = nullptr);

  // readable.pipe(destination[, {end}]) into a stream::Writable: Readable::pipe.
  using stream::Readable::pipe;
  // Into anything else with bool write(const Buffer&), end() and 'drain' (an
  // http::ServerResponse): every chunk is written, the source pausing while write() returned
  // false until 'drain'; destination.end() after the source's 'end'. If the destination emits
  // 'close' before the source ended (a client went away), the source is destroyed so that its
  // fd is closed.
  template <class W>
  requires(!std::derived_from<W, stream::Writable>) W& pipe(W& destination,
                                                            PipeOptions options = {});

  std::string path;
  int fd = -1;
  size_t bytesRead = 0;
  bool pending = true;  // no fd yet (not opened), or no longer (closed): Node's fd === null

 protected:
  void _construct(stream::Callback cb) override;
  void _read(size_t n) override;
  void _destroy(const Error* error, stream::Callback cb) override;

 private:
  friend ReadStream& createReadStream(std::string_view path, const ReadStreamOptions& options);
  ReadStream(std::string_view path, const ReadStreamOptions& options, int flags);
  void onRead(int64_t result, const Error* error, Buffer chunk);

  std::unique_ptr<detail::FileIo> io_;
  int64_t pos_ = -1;  // next read offset; -1: the file position (Node's pos undefined)
  int64_t end_ = INT64_MAX;
};

class WriteStream : public stream::Writable {
 public:
  ~WriteStream() override;

  // writeStream.close([cb]): end(), then cb(nullptr) at 'close' (at once from a nextTick when
  // already closed); with autoClose false, 'finish' destroys it.
  void close(UniqueFunction<void(Error*)> cb = nullptr);

  std::string path;
  int fd = -1;
  size_t bytesWritten = 0;
  bool pending = true;  // no fd yet (not opened), or no longer (closed)

 protected:
  void _construct(stream::Callback cb) override;
  void _write(const Buffer& chunk, std::string_view encoding, stream::Callback cb) override;
  void _writev(std::vector<stream::WriteChunk<Buffer>>& chunks, stream::Callback cb) override;
  void _destroy(const Error* error, stream::Callback cb) override;

 private:
  friend WriteStream& createWriteStream(std::string_view path, const WriteStreamOptions& options);
  WriteStream(std::string_view path, const WriteStreamOptions& options, int flags);
  void writeAll(std::vector<Buffer> chunks, size_t size, const char* method, stream::Callback cb);

  std::unique_ptr<detail::FileIo> io_;
  int64_t pos_ = -1;  // next write offset; -1: the file position
};

// fs.createReadStream(path[, options]). Throws RangeError ERR_OUT_OF_RANGE for end < start,
// TypeError ERR_INVALID_ARG_VALUE for unknown flags, as Node.
ReadStream& createReadStream(std::string_view path, const ReadStreamOptions& options = {});
// fs.createWriteStream(path[, options]).
WriteStream& createWriteStream(std::string_view path, const WriteStreamOptions& options = {});

template <class W>
requires(!std::derived_from<W, stream::Writable>) W& ReadStream::pipe(W& destination,
                                                                      PipeOptions options) {
  auto link = std::make_shared<detail::PipeLink>();
  link->source = this;
  W* dest = &destination;
  on("close", [link] { link->source = nullptr; });
  destination.on("drain", [link] {
    if (link->source != nullptr) {
      link->source->resume();
    }
  });
  destination.on("close", [link] {
    link->destinationClosed = true;
    if (link->source != nullptr && !link->source->readableEnded()) {
      link->source->destroy();
    }
  });
  auto write = [link, dest](const Buffer& chunk) {
    if (!link->destinationClosed && !dest->write(chunk)) {
      link->source->pause();
    }
  };
  if (readableEncoding().empty()) {
    on("data", write);
  } else {
    on("data", [write](const std::string& text) { write(Buffer::from(text)); });
  }
  if (options.end) {
    on("end", [link, dest] {
      if (!link->destinationClosed) {
        dest->end();
      }
    });
  }
  resume();
  return destination;
}

}  // namespace nodecc::fs
