// rl.pause() and rl.resume() pause and resume the input and emit 'pause'/'resume'; rl.write()
// feeds text as if it came from the input (resuming first); an input that emits strings
// (setEncoding) is taken as it is.
#include <nodecc/nodecc.h>
#include <cstdio>
using namespace nodecc;

const char* str(bool b) { return b ? "true" : "false"; }
int main() {
  stream::PassThrough input;
  input.setEncoding("utf8");
  auto& rl = readline::createInterface({.input = &input});
  rl.on("line", [&input](const std::string& line) { std::printf("line %s %s\n", line.c_str(), str(input.isPaused())); });
  for (const char* ev : {"pause", "resume", "close"}) rl.on(ev, [ev, &rl] { std::printf("%s %s\n", ev, str(rl.paused)); });
  input.write("first\nsec");
  setImmediate([&] {
    rl.pause();
    std::printf("input paused %s\n", str(input.isPaused()));
    input.write("ond\nthird\n");
    setImmediate([&] {
      std::printf("still waiting %zu\n", input.readableLength());
      rl.write("typed\n");
      input.end("last");
    });
  });
  return run();
}
