#pragma once
// Node's `stream` module: Readable, Writable, Duplex, Transform, PassThrough, pipeline,
// finished, Readable.from, async iteration.
//
//   stream::Transform upper({.transform = [](auto& self, const Buffer& chunk, auto, auto cb) {
//     std::string s(chunk.view());
//     for (char& c : s) c = char(std::toupper(c));
//     cb(nullptr, s);
//   }});
//   stream::pipeline(source, upper, sink, [](Error* err) { ... });
//
// Chunks. Byte streams (Readable, Writable, Duplex, Transform, PassThrough) carry Buffer; a
// string written or pushed is encoded to a Buffer first. Object streams carry any C++ type
// T: ReadableOf<T>, WritableOf<T>, DuplexOf<R, W>, TransformOf<In, Out>, PassThroughOf<T>;
// they are always in object mode (each chunk counts 1 toward the high-water mark), and the
// chunk type is checked when the program compiles (piping a ReadableOf<A> into a
// WritableOf<B> does not build). A byte stream may also be put in object mode
// ({.objectMode = true}): each Buffer then counts 1.
//
// Two ways to supply the implementation, as in Node: options lambdas, which receive the stream
// first (Node's `this`): {.read = [](stream::Readable& self, size_t n) { self.push(...); }},
// or a subclass overriding _read / _write / _writev (call useWritev() in its constructor) /
// _final / _destroy / _transform / _flush.
//
// Events and payloads:
//   Readable: "data" (const T&; const std::string& once setEncoding was called), "end" (),
//             "readable" (), "pause" (), "resume" (), "error" (const Error&), "close" ()
//   Writable: "drain" (), "prefinish" (), "finish" (), "pipe" (Stream& source),
//             "unpipe" (Stream& source, UnpipeInfo&), "error" (const Error&), "close" ()
// The order of events and which of them come from a nextTick are Node's (the compat tests in
// tests/compat/stream compare them with Node 20's).
//
// Lifetime: a stream you construct is yours: keep it alive until it has emitted 'close' (or
// for as long as something may still write to it or read from it); destroying it earlier is
// safe for the callbacks it queued (they are dropped), not for a pipe still attached to it.
// Streams made by Readable::from (and readline's interfaces, fs and zlib's create*) are owned by
// the runtime and delete themselves in the check phase after 'close' (setImmediate): what runs
// in that turn may still read them, and a pipeline holds those it was given until its callback
// has returned (maybe turns after a middle stream closed), so the callback may read them.
// Loop thread only.
//
// Properties are methods: readableEnded(), writableFinished(), destroyed(), errored() (null
// or the Error)...: the state is packed in bit fields, as in Node 20's kState.
#include <memory>

#include "nodecc/buffer.h"
#include "nodecc/detail/stream_base.h"
#include "nodecc/detail/stream_duplex.h"
#include "nodecc/detail/stream_from.h"
#include "nodecc/detail/stream_iterate.h"
#include "nodecc/detail/stream_pipe.h"
#include "nodecc/detail/stream_pipeline.h"
#include "nodecc/detail/stream_readable.h"
#include "nodecc/detail/stream_writable.h"
#include "nodecc/generator.h"

namespace nodecc::stream {

using Readable = ReadableOf<Buffer>;
using Writable = WritableOf<Buffer>;
using Duplex = DuplexOf<Buffer, Buffer>;
using Transform = TransformOf<Buffer, Buffer>;
using PassThrough = PassThroughOf<Buffer>;

// Compiled once in the library (src/api/stream/instantiate.cc).
extern template class ReadableOf<Buffer>;
extern template class WritableOf<Buffer>;
extern template class DuplexOf<Buffer, Buffer>;
extern template class TransformOf<Buffer, Buffer>;
extern template class PassThroughOf<Buffer>;

}  // namespace nodecc::stream

namespace nodecc::process {
// process.stdout and process.stderr as a pipe's destination (`readable.pipe(process.stdout)`,
// also a pipeline's): a stream::Writable whose _write is the stream's write() (one write(2),
// done before it returns) and whose end() finishes without closing the fd, as Node's stdout is
// never closed. Made on first use, owned by the runtime (a new one after it finished).
stream::Writable& asStream(WriteStream& out);

// process.stdin: a stream::Readable of Buffers over fd 0 (setEncoding for text), so 'data',
// read(), pause()/resume(), pipe, pipeline, readline and iterate() take it as any Readable:
//
//   process::stdin().pipe(upper).pipe(process::asStream(process::stdout));
//   for (auto it = process::stdin().iterate(); auto chunk = co_await it.next();) { ... }
//
// Made on the first call (Node makes process.stdin on first access), then the same object
// for the thread's life, owned by its runtime (destroyed, it stays destroyed, as in Node).
// What it reads through depends on fd 0, as in Node 20:
// - a pipe or a socket (net.Socket): read as the loop reports it readable, through the loop's
//   backend (so the flight recorder records and replays the bytes); fd 0 is made non-blocking,
//   which whoever shares the pipe sees too (libuv does the same). highWaterMark 16 KiB; 'end'
//   at EOF, then 'close'. A read error destroys it with Node's "read EIO"-style error.
// - a terminal (tty.ReadStream): the same, over the terminal reopened; isTTY is true and the
//   highWaterMark 0. No raw mode.
// - a file or /dev/null (fs.ReadStream with autoClose false): read(2) on the thread pool,
//   64 KiB at a time; 'end' at EOF and no 'close' (autoDestroy false); an error (EBADF for a
//   write-only fd) is emitted without destroying it, with fs's "EBADF: bad file descriptor,
//   read" message. A fd 0 that was closed at start (`<&-`) reads /dev/null, as Node's.
// - anything else (a directory): an empty stream.
// The loop is kept alive only while it reads: a program that never reads stdin exits even with
// an open pipe on fd 0; one listening to 'data' runs until EOF; pause() (from a nextTick, as
// Node's) and destroy() let it exit. fd 0 is never closed. Loop thread only; one object per
// thread, so read it from one thread.
class ReadStream final : public stream::Readable {
 public:
  struct Impl;
  ~ReadStream() override;
  // stdin.fd: 0.
  const int fd = 0;
  // stdin.isTTY: fd 0 is a terminal (Node leaves it undefined otherwise).
  const bool isTTY;

 protected:
  void _read(size_t n) override;
  void _destroy(const Error* error, stream::Callback cb) override;

 private:
  friend ReadStream& stdin();
  ReadStream(std::unique_ptr<Impl> impl, bool isTTY, stream::ReadableOptions<Buffer> o);
  std::unique_ptr<Impl> impl_;
};
ReadStream& stdin();
}  // namespace nodecc::process
