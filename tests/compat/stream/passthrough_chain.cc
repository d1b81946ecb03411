// 10,000 small chunks through three PassThroughs piped together into a slow-ish sink (highWaterMark
// 16 bytes, a setImmediate every 100 writes): backpressure reaches the source (write returns
// false, the producer waits for 'drain'), nothing is lost or reordered.
#include <nodecc/nodecc.h>
#include <cstdio>
using namespace nodecc;
using stream::PassThrough; using stream::Writable;

const char* str(bool b) { return b ? "true" : "false"; }
PassThrough a, b, c;
int received = 0, writes = 0, i = 0, drains = 0;
bool ordered = true;
void produce() {
  while (i < 10000) {
    if (!a.write(std::to_string(i++))) { drains++; a.once("drain", produce); return; }
  }
  a.end();
}
int main() {
  Writable sink({
    .highWaterMark = 16,
    .write = [](Writable&, const Buffer& chunk, std::string_view, stream::Callback cb) {
      int n = std::stoi(chunk.toString());
      if (n != received) ordered = false;
      received++;
      if (++writes % 100 == 0) setImmediate([cb] { cb(); }); else cb();
    },
  });
  sink.on("finish", [] { std::printf("finish %d %s %s %zu\n", received, str(ordered), str(drains > 0), a.readableLength() + b.readableLength() + c.readableLength()); });
  a.pipe(b).pipe(c).pipe(sink);
  produce();
  return run();
}
