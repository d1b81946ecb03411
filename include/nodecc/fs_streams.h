#pragma once
// Node's fs.ReadStream and fs.WriteStream (included by nodecc/fs.h).
//
//   auto& rs = fs::createReadStream("big.bin", {.start = 0, .end = 99, .highWaterMark = 16});
//   rs.on("data", [](const Buffer& chunk) { ... });
//   rs.on("end", [] { ... });
//   rs.pipe(res);   // an http::ServerResponse, a WriteStream: anything with write/end/'drain'
//
// Lifetime: a stream is created by createReadStream/createWriteStream, owned by the runtime,
// and deletes itself after it has emitted 'close' (autoDestroy and emitClose, as Node's
// defaults) and that event's listeners have returned: do not use the reference after 'close'.
// A stream nobody consumed or closed lives until its thread ends. Every read, write, open and
// close runs on the thread pool; events are emitted on the loop thread.
//
// Events and payloads:
//   ReadStream:  "open" (int fd), "ready" (), "data" (const Buffer&), "end" (), "pause" (),
//                "resume" (), "error" (const Error&), "close" ()
//   WriteStream: "open" (int fd), "ready" (), "drain" (), "finish" (), "error" (const Error&),
//                "close" ()
// Options are aggregates: designated initializers must follow the member order below (Node's
// documented order), e.g. {.start = 2, .end = 11, .highWaterMark = 4}.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "nodecc/buffer.h"
#include "nodecc/error.h"
#include "nodecc/events.h"
#include "nodecc/function.h"

namespace nodecc::fs {

struct ReadStreamOptions {
  std::string flags = "r";
  int fd = -1;  // read this open fd instead of opening the path
  int mode = 0666;
  bool autoClose = true;  // close the fd after 'end' or an error
  bool emitClose = true;
  std::optional<int64_t> start{};    // first byte; none: from the file position
  std::optional<int64_t> end{};      // last byte, inclusive; none: to the end of the file
  size_t highWaterMark = 64 * 1024;  // bytes per read, and the read-ahead while paused
};

struct WriteStreamOptions {
  std::string flags = "w";
  int fd = -1;
  int mode = 0666;
  bool autoClose = true;
  bool emitClose = true;
  std::optional<int64_t> start{};    // write from this offset; none: at the file position
  size_t highWaterMark = 16 * 1024;  // write() returns false once this much is buffered
  bool flush = false;                // fsync before closing
};

struct PipeOptions {
  bool end = true;  // end the destination when the source ends
};

class ReadStream;

namespace detail {
struct ReadStreamImpl;
struct WriteStreamImpl;
// What a pipe's listeners on the source and on the destination share: either side may go
// away first, and each listener checks that the other side is still there.
struct PipeLink {
  ReadStream* source = nullptr;  // cleared when the source closes
  bool destinationClosed = false;
};
}  // namespace detail

class ReadStream : public EventEmitter {
 public:
  ~ReadStream() override;

  // readable.pause(): no more 'data' until resume(); up to highWaterMark bytes are read ahead.
  ReadStream& pause();
  // readable.resume(): 'data' flows again (from a nextTick, as Node).
  ReadStream& resume();
  bool isPaused() const;
  // readable.destroy([error]): stops reading, closes the fd (after a read in flight), then
  // 'error' (when given) and 'close'.
  ReadStream& destroy();
  ReadStream& destroy(const Error& error);
  void close(UniqueFunction<void(Error*)> cb = nullptr);

  // readable.pipe(destination[, {end}]): writes every chunk to `destination`, pausing while
  // its write() returns false until it emits 'drain', and calls destination.end() after the
  // last chunk. Works with any EventEmitter that has bool write(const Buffer&) and end():
  // a WriteStream, an http::ServerResponse. If the destination emits 'close' before the
  // source ended (a client went away), the source is destroyed so that its fd is closed.
  template <class W>
  W& pipe(W& destination, PipeOptions options = {});

  std::string path;
  int fd = -1;
  size_t bytesRead = 0;
  bool pending = true;  // not opened yet
  bool destroyed = false;
  bool readableEnded = false;  // 'end' was emitted
  bool closed = false;         // 'close' was emitted
  size_t readableHighWaterMark = 0;

 protected:
  // A 'data' listener makes the stream flow, as Node's readable.on('data').
  void listenerCountChanged(std::string_view event, size_t count) override;

 private:
  friend struct detail::ReadStreamImpl;
  friend ReadStream& createReadStream(std::string_view path, const ReadStreamOptions& options);
  ReadStream(std::string_view path, const ReadStreamOptions& options);
  std::unique_ptr<detail::ReadStreamImpl> impl_;
};

class WriteStream : public EventEmitter {
 public:
  ~WriteStream() override;

  // writable.write(chunk[, cb]): false once writableLength reaches the high-water mark; wait
  // for 'drain'. cb(err) runs once the chunk is written (or failed).
  bool write(std::string_view chunk, UniqueFunction<void(Error*)> cb = nullptr);
  bool write(const Buffer& chunk, UniqueFunction<void(Error*)> cb = nullptr);
  // writable.end([chunk][, cb]): cb runs before 'finish'.
  WriteStream& end(UniqueFunction<void()> cb = nullptr);
  WriteStream& end(std::string_view chunk, UniqueFunction<void()> cb = nullptr);
  WriteStream& end(const Buffer& chunk, UniqueFunction<void()> cb = nullptr);
  WriteStream& destroy();
  WriteStream& destroy(const Error& error);
  void close(UniqueFunction<void(Error*)> cb = nullptr);

  std::string path;
  int fd = -1;
  size_t bytesWritten = 0;
  bool pending = true;
  bool destroyed = false;
  bool writableEnded = false;     // end() was called
  bool writableFinished = false;  // 'finish' was emitted
  bool writableNeedDrain = false;
  size_t writableLength = 0;  // bytes buffered or being written
  size_t writableHighWaterMark = 0;
  bool closed = false;

 private:
  friend struct detail::WriteStreamImpl;
  friend WriteStream& createWriteStream(std::string_view path, const WriteStreamOptions& options);
  WriteStream(std::string_view path, const WriteStreamOptions& options);
  std::unique_ptr<detail::WriteStreamImpl> impl_;
};

// fs.createReadStream(path[, options]). Throws RangeError ERR_OUT_OF_RANGE for end < start,
// TypeError ERR_INVALID_ARG_VALUE for unknown flags, as Node.
ReadStream& createReadStream(std::string_view path, const ReadStreamOptions& options = {});
// fs.createWriteStream(path[, options]).
WriteStream& createWriteStream(std::string_view path, const WriteStreamOptions& options = {});

template <class W>
W& ReadStream::pipe(W& destination, PipeOptions options) {
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
    if (link->source != nullptr && !link->source->readableEnded) {
      link->source->destroy();
    }
  });
  on("data", [link, dest](const Buffer& chunk) {
    if (!link->destinationClosed && !dest->write(chunk)) {
      link->source->pause();
    }
  });
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
