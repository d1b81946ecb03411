// Backpressure: a Writable with highWaterMark 10 whose _write completes on setImmediate.
// write() returns false once 10 bytes wait, 'drain' comes when all were written, and the
// write callbacks, 'drain', 'prefinish', 'finish' and 'close' come in Node's order.
#include <nodecc/nodecc.h>
#include <cstdio>
using namespace nodecc;
using stream::Writable;

const char* str(bool b) { return b ? "true" : "false"; }
const char* errStr(Error* e) { return e ? e->message.c_str() : "null"; }
Writable* wp;
int i = 0;
void writeSome();
int main() {
  Writable w({
    .highWaterMark = 10,
    .write = [](Writable& self, const Buffer& chunk, std::string_view, stream::Callback cb) { std::printf("_write %s %zu\n", chunk.toString().c_str(), self.writableLength()); setImmediate([cb] { cb(); }); },
  });
  wp = &w;
  for (const char* ev : {"drain", "prefinish", "finish", "close"}) w.on(ev, [ev, &w] { std::printf("event %s %zu %s\n", ev, w.writableLength(), str(w.writableNeedDrain())); });
  writeSome();
  return run();
}
void writeSome() {
  Writable& w = *wp;
  while (i < 6) {
    std::string chunk = "chunk" + std::to_string(i++);
    bool ok = w.write(chunk, [chunk](Error* err) { std::printf("cb %s %s\n", chunk.c_str(), errStr(err)); });
    std::printf("write %s %s %zu %s\n", chunk.c_str(), str(ok), w.writableLength(), str(w.writableNeedDrain()));
    if (!ok) { w.once("drain", writeSome); return; }
  }
  w.end("last", [](Error* err) { std::printf("end cb %s\n", errStr(err)); });
  std::printf("ended %s %s\n", str(w.writableEnded()), str(w.writableFinished()));
}
