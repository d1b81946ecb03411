// The streams' `signal` option and stream.addAbortSignal(): aborting destroys the stream with
// an AbortError whose cause is the signal's reason ('error', then 'close', from ticks); an
// already aborted signal destroys the stream in its constructor (the `destroy` option runs
// there); a stream that finished first is left alone; the error listener that the signal's
// end-of-stream watch adds means an abort never throws for want of one. Each part starts when
// the one before is over.
#include <nodecc/nodecc.h>
#include <cstdio>
#include <optional>
#include <string>
using namespace nodecc;
using stream::Duplex; using stream::PassThrough; using stream::Readable; using stream::Transform; using stream::Writable;
using Next = UniqueFunction<void()>;

const char* str(bool b) { return b ? "true" : "false"; }
std::string why(const Error& e) { return e.name + " " + e.code + " " + e.message + " / cause " + e.cause->name + " " + e.cause->message; }

// The streams live here, as long as the program (JavaScript's garbage collector keeps them).
struct Streams {
  std::optional<Readable> r; std::optional<Writable> w; std::optional<Duplex> d;
  std::optional<Transform> t; std::optional<PassThrough> pre;
  std::optional<Readable> src; std::optional<PassThrough> mid; std::optional<Writable> sink;
  std::optional<Writable> done; std::optional<Readable> iterated;
  AbortController ac, c3, c4, c5;
} s;

void options(Next next) {
  AbortController& ac = s.ac;
  auto& r = s.r.emplace(stream::ReadableOptions<Buffer>{.read = [](Readable&, size_t) {}, .signal = ac.signal});
  std::printf("listeners %zu %zu %zu %zu\n", r.listenerCount("error"), r.listenerCount("close"), r.listenerCount("end"), r.listenerCount("finish"));
  r.on("error", [](const Error& e) { std::printf("r error %s\n", why(e).c_str()); });
  r.on("close", [&r] { std::printf("r close %s %s\n", str(r.destroyed()), str(r.readableAborted())); });
  auto& w = s.w.emplace(stream::WritableOptions<Buffer>{.write = [](Writable&, const Buffer&, std::string_view, stream::Callback cb) { setTimeout([cb] { cb(); }, 1); }, .signal = ac.signal});
  w.write("pending", [next = std::move(next)](Error* err) mutable {
    std::printf("w write cb %s\n", err ? err->name.c_str() : "null");
    next();
  });
  w.on("close", [&w] { std::printf("w close, no error listener, errored %s %s\n", w.errored()->name.c_str(), str(w.writableAborted())); });
  auto& d = s.d.emplace(stream::DuplexOptions<Buffer>{.read = [](Duplex&, size_t) {}, .write = [](Duplex&, const Buffer&, std::string_view, stream::Callback cb) { cb(); }, .signal = ac.signal});
  d.on("error", [](const Error& e) { std::printf("d error %s\n", e.name.c_str()); });
  d.on("close", [&d] { std::printf("d close %s %s\n", str(d.readableAborted()), str(d.destroyed())); });
  ac.abort(Error("stop"));
  std::printf("aborted %s %s %s\n", str(r.destroyed()), str(w.destroyed()), str(d.destroyed()));
  process::nextTick([] { std::printf("tick after abort\n"); });
}

void alreadyAborted(Next next) {
  std::printf("-- already aborted\n");
  auto& t = s.t.emplace(stream::TransformOptions<Buffer>{
    .transform = [](Transform&, const Buffer& c, std::string_view, auto cb) { cb(nullptr, c); },
    .destroy = [](Transform&, const Error* err, stream::Callback cb) { std::printf("t destroy option %s %s\n", err->name.c_str(), err->cause->name.c_str()); cb(err); },
    .signal = AbortSignal::abort(),
  });
  std::printf("t destroyed at once %s\n", str(t.destroyed()));
  t.on("error", [](const Error& e) { std::printf("t error %s\n", why(e).c_str()); });
  t.on("close", [] { std::printf("t close\n"); });
  auto& pre = s.pre.emplace();
  auto& same = stream::addAbortSignal(AbortSignal::abort(Error("early")), pre);
  std::printf("addAbortSignal returns the stream %s %s\n", str(&same == &pre), str(pre.destroyed()));
  pre.on("error", [](const Error& e) { std::printf("pre error %s\n", why(e).c_str()); });
  pre.on("close", [next = std::make_shared<Next>(std::move(next))] { setImmediate([next] { (*next)(); }); });
}

void inPipeline(Next next) {
  std::printf("-- addAbortSignal, pipeline\n");
  AbortController& c = s.c3;
  auto& src = s.src.emplace(stream::ReadableOptions<Buffer>{.read = [](Readable&, size_t) {}});
  auto& mid = stream::addAbortSignal(c.signal, s.mid.emplace());
  auto& sink = s.sink.emplace(stream::WritableOptions<Buffer>{
    .write = [&c](Writable&, const Buffer& chunk, std::string_view, stream::Callback cb) {
      std::printf("sink %s\n", chunk.toString().c_str());
      setTimeout([&c] { c.abort(Error("cut")); }, 1);
      cb();
    },
  });
  stream::pipeline(src, mid, sink, [&src, &mid, &sink, next = std::move(next)](Error* err) mutable {
    std::printf("pipeline %s %s %s %s\n", why(*err).c_str(), str(src.destroyed()), str(mid.destroyed()), str(sink.destroyed()));
    setImmediate([next = std::move(next)]() mutable { next(); });
  });
  src.push("a");
}

void finishedFirst(Next next) {
  std::printf("-- finished first\n");
  AbortController& c = s.c4;
  auto& done = s.done.emplace(stream::WritableOptions<Buffer>{.write = [](Writable&, const Buffer&, std::string_view, stream::Callback cb) { cb(); }, .autoDestroy = false, .signal = c.signal});
  done.on("finish", [&c, &done, next = std::make_shared<Next>(std::move(next))] {
    std::printf("finish\n");
    c.abort();
    std::printf("abort after finish %s %s\n", str(done.destroyed()), done.errored() ? "error" : "null");
    setImmediate([next] { (*next)(); });
  });
  done.end("x");
}

Promise<> forAwait() {
  std::printf("-- for await\n");
  AbortController& c = s.c5;
  auto& src = s.iterated.emplace(stream::ReadableOptions<Buffer>{.read = [](Readable&, size_t) {}, .signal = c.signal});
  src.push("one");
  try {
    for (auto it = src.iterate(); auto chunk = co_await it.next();) {
      std::printf("chunk %s\n", chunk->toString().c_str());
      if (chunk->toString() == "one") setTimeout([&src] { src.push("two"); }, 1);
      else setTimeout([&c] { c.abort(); }, 1);
    }
  } catch (const Error& err) {
    std::printf("loop threw %s %s %s %s %s\n", err.name.c_str(), err.code.c_str(), err.cause->name.c_str(), err.cause->message.c_str(), str(src.destroyed()));
  }
}

int main() {
  options([] { alreadyAborted([] { inPipeline([] { finishedFirst([] { forAwait(); }); }); }); });
  return run();
}
