// A source the runtime owns (Readable::from over a generator) fails after two chunks: pipeline
// destroys the transform and the sink, whose 'error' and 'close' come after the source has
// closed and deleted itself: its pipe's listeners must be gone with it (pipeline_owned_source.js).
#include <nodecc/nodecc.h>

#include <cstdio>

using namespace nodecc;

Generator<Buffer> chunks() {
  co_yield Buffer::from("a");
  co_yield Buffer::from("b");
  throw Error("generator failed");
}

int main() {
  stream::PassThrough pass;
  stream::Writable sink({.write = [](auto&, const Buffer& chunk, auto, auto cb) {
    std::printf("sink %s\n", chunk.toString().c_str());
    cb(nullptr);
  }});
  pass.on("close", [&] { std::printf("pass close %s\n", pass.destroyed() ? "true" : "false"); });
  sink.on("close", [&] { std::printf("sink close %s\n", sink.destroyed() ? "true" : "false"); });
  stream::pipeline(stream::Readable::from(chunks()), pass, sink, [&](Error* err) {
    std::printf("pipeline %s\n", err->message.c_str());
    setImmediate([&] {
      std::printf("after %s %s\n", pass.listenerCount("error") > 0 ? "true" : "false",
                  sink.writableFinished() ? "true" : "false");
    });
  });
  return run();
}
