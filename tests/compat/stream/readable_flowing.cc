// Flowing mode: on('data') starts the flow from a nextTick, pause() and resume() emit 'pause'
// and 'resume', chunks pushed while paused wait in the buffer (push returns false past the
// high-water mark), and 'data' comes at once for a push while flowing with nothing buffered.
#include <nodecc/nodecc.h>
#include <cstdio>
using namespace nodecc;
using stream::Readable;

const char* str(bool b) { return b ? "true" : "false"; }
std::string flowing(std::optional<bool> f) { return f ? str(*f) : "null"; }
int main() {
  Readable r({.highWaterMark = 5, .read = [](Readable&, size_t) { std::printf("_read\n"); }});
  std::printf("push a %s\n", str(r.push("a")));
  r.on("data", [&r](const Buffer& c) {
    std::printf("data %s %s\n", c.toString().c_str(), str(r.isPaused()));
    if (c.toString() == "b") {
      r.pause();
      bool ok = r.push("long chunk");
      std::printf("push long %s %zu %s\n", str(ok), r.readableLength(), flowing(r.readableFlowing()).c_str());
      setImmediate([&r] { std::printf("resuming\n"); r.resume(); });
    }
  });
  r.on("pause", [] { std::printf("pause\n"); });
  r.on("resume", [&r] { std::printf("resume\n"); if (r.readableLength() > 0) setImmediate([&r] { std::printf("push c %s\n", str(r.push("c"))); r.push(nullptr); }); });
  r.on("end", [] { std::printf("end\n"); });
  r.on("close", [] { std::printf("close\n"); });
  std::printf("flowing %s\n", flowing(r.readableFlowing()).c_str());
  process::nextTick([&r] { std::printf("tick: push b %s\n", str(r.push("b"))); });
  return run();
}
