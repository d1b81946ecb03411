// An AbortSignal given to finished() and to stream/promises pipeline(): aborting ends
// finished()'s wait with AbortError (the stream is not destroyed) and destroys every stream of
// the pipeline, which rejects with AbortError; the reason is the error's cause; an already
// aborted signal acts from a tick; a pipeline that completes first is not affected.
#include <nodecc/nodecc.h>
#include <cstdio>
#include <memory>
using namespace nodecc;
using stream::PassThrough; using stream::Readable; using stream::Writable;

const char* str(bool b) { return b ? "true" : "false"; }
stream::WritableOptions<Buffer> sinkOptions() {
  return {.write = [](Writable&, const Buffer&, std::string_view, stream::Callback cb) { cb(); }};
}

int main() {
  AbortController ac;
  Readable src({.read = [](Readable&, size_t) {}});
  PassThrough mid;
  Writable dst(sinkOptions());
  stream::promises::pipeline(src, mid, dst, stream::PipelineOptions(ac.signal)).then([] { std::printf("resolved\n"); }, [&](std::exception_ptr e) {
    Error err = toError(e);
    std::printf("pipeline rejected %s %s %s / cause %s %s\n", err.name.c_str(), err.code.c_str(), err.message.c_str(), err.cause->name.c_str(), err.cause->message.c_str());
    std::printf("destroyed %s %s %s\n", str(src.destroyed()), str(mid.destroyed()), str(dst.destroyed()));
  });
  src.on("error", [](const Error& e) { std::printf("src error %s\n", e.name.c_str()); });
  dst.on("error", [](const Error& e) { std::printf("dst error %s\n", e.name.c_str()); });
  src.on("close", [] { std::printf("src close\n"); });
  dst.on("close", [] { std::printf("dst close\n"); });
  Writable w(sinkOptions());
  stream::finished(w, {ac.signal}, [&w](Error* err) {
    std::printf("finished %s %s / cause %s / destroyed %s\n", err->name.c_str(), err->message.c_str(), err->cause->name.c_str(), str(w.destroyed()));
  });
  setTimeout([&] { std::printf("abort\n"); ac.abort(); }, 5);

  PassThrough pre;
  Readable r2({.read = [](Readable& self, size_t) { self.push("a"); self.push(nullptr); }});
  Writable w2(sinkOptions());
  AbortController later;
  Readable r3({.read = [](Readable& self, size_t) { self.push("b"); self.push(nullptr); }});
  Writable w3(sinkOptions());
  Writable w4(sinkOptions());
  AbortController c4;
  AbortController c5;
  Writable w5(sinkOptions());
  setTimeout([&] {
    stream::finished(pre, {AbortSignal::abort(Error("why"))}, [](Error* err) { std::printf("pre-aborted finished %s %s\n", err->name.c_str(), err->cause->message.c_str()); });
    stream::promises::pipeline(r2, w2, AbortSignal::abort(Error("early"))).catch_([&](std::exception_ptr e) {
      Error err = toError(e);
      std::printf("pre-aborted pipeline %s %s %s %s\n", err.name.c_str(), err.cause->message.c_str(), str(r2.destroyed()), str(w2.destroyed()));
    });
    stream::promises::pipeline(r3, w3, stream::PipelineOptions(later.signal)).then([&] {
      std::printf("completed %s\n", str(w3.writableFinished()));
      later.abort();
      std::printf("abort after completion ignored\n");
    });
    auto cleanup = stream::finished(w4, {c4.signal}, [](Error*) { std::printf("should not run\n"); });
    cleanup();
    c4.abort();
    w4.end("x");
    stream::finished(w5, {c5.signal}, [](Error* err) { std::printf("finished first %s\n", err ? "error" : "undefined"); });
    w5.end("y");
    setTimeout([&] { c5.abort(); }, 5);
  }, 20);
  return run();
}
