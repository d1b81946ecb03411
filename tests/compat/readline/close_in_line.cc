// rl.close() inside a 'line' listener: 'pause' and 'close' at once, the other lines already
// split from the same chunk are still emitted, later chunks are not; the input is paused and
// its listeners removed. Also: UTF-8 characters split across chunks stay whole.
#include <nodecc/nodecc.h>
#include <cstdio>
using namespace nodecc;

int main() {
  stream::Readable input({.read = [](stream::Readable&, size_t) {}});
  auto& rl = readline::createInterface({.input = &input});
  rl.on("line", [&rl](const std::string& line) { std::printf("line %s\n", line.c_str()); if (line == "b") rl.close(); });
  rl.on("pause", [] { std::printf("pause\n"); });
  rl.on("close", [&input] { std::printf("close %s %zu %zu\n", input.isPaused() ? "true" : "false", input.listenerCount("data"), input.listenerCount("end")); });
  input.push(Buffer::from("h\u00c3", "latin1"));
  input.push(Buffer::from("\u00a9llo w\u00e2\u0082", "latin1"));
  input.push(Buffer::from("\u00ac\na\nb\nc\n", "latin1"));
  bool closed = false;
  rl.on("close", [&closed] { closed = true; });
  setImmediate([&] { input.push("d\n"); input.push(nullptr); setImmediate([&closed] { std::printf("after %s\n", closed ? "true" : "false"); }); });
  return run();
}
