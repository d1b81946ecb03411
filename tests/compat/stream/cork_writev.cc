// cork()/uncork() and _writev: writes while corked are buffered and reach _writev together on
// uncork (once per cork level), writes while a _write is in flight are batched into the next
// _writev, end() uncorks, and every write's callback runs.
#include <nodecc/nodecc.h>
#include <cstdio>
using namespace nodecc;
using stream::Writable;

int main() {
  Writable w({
    .write = [](Writable&, const Buffer& chunk, std::string_view, stream::Callback cb) { std::printf("_write %s\n", chunk.toString().c_str()); setImmediate([cb] { cb(); }); },
    .writev = [](Writable&, std::vector<stream::WriteChunk<Buffer>>& chunks, stream::Callback cb) { std::string s; for (size_t i = 0; i < chunks.size(); i++) { if (i) s += " "; s += chunks[i].chunk.toString(); s += ":"; s += chunks[i].encoding; } std::printf("_writev %s\n", s.c_str()); setImmediate([cb] { cb(); }); },
  });
  w.on("finish", [] { std::printf("finish\n"); });
  w.cork();
  w.cork();
  w.write("a", [](Error*) { std::printf("cb a\n"); });
  w.write("b");
  std::printf("corked %u %zu\n", w.writableCorked(), w.writableLength());
  w.uncork();
  std::printf("after one uncork %u\n", w.writableCorked());
  w.uncork();
  std::printf("after two %u\n", w.writableCorked());
  w.write("c", [](Error*) { std::printf("cb c\n"); });
  w.write("d", [](Error*) { std::printf("cb d\n"); });
  w.write("e", [](Error*) { std::printf("cb e\n"); });
  setImmediate([&w] {
    w.cork();
    w.write("f");
    w.end("g", [](Error*) { std::printf("end cb\n"); });
    std::printf("ended while corked %u\n", w.writableCorked());
  });
  return run();
}
