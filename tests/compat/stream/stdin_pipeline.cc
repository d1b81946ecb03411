// stream.pipeline(process.stdin, transform, sink, cb): every byte of stdin reaches the sink,
// the callback follows the sink's 'finish' with no error, stdin has ended.
#include <nodecc/nodecc.h>

using namespace nodecc;

int main() {
  size_t lines = 0, bytes = 0;
  stream::Transform count({.transform = [&](auto&, const Buffer& chunk, std::string_view, auto callback) {
    for (uint8_t b : chunk.view()) if (b == 10) lines++;
    callback(nullptr, chunk);
  }});
  stream::Writable sink({.write = [&](auto&, const Buffer& chunk, std::string_view, auto callback) {
    bytes += chunk.length(); callback();
  }});
  sink.on("finish", [&] { console.log("sink finish", bytes, "bytes"); });
  stream::pipeline(process::stdin(), count, sink, [&](Error* err) {
    console.log("pipeline", err ? err->code : std::string("null"), "lines", lines, "stdin ended",
                process::stdin().readableEnded());
  });
  return run();
}
