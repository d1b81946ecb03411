// Asynchronous _final and _flush: 'prefinish' waits for _final's callback, 'finish' follows
// from a tick; a Transform's flush pushes its last output before 'end'; the order of every
// event of both streams, and writableFinished/readableEnded along the way.
#include <nodecc/nodecc.h>
#include <cstdio>
using namespace nodecc;
using stream::Writable;

const char* str(bool b) { return b ? "true" : "false"; }
int main() {
  Writable w({
    .write = [](Writable&, const Buffer& c, std::string_view, stream::Callback cb) { std::printf("write %s\n", c.toString().c_str()); cb(); },
    .final = [](Writable&, stream::Callback cb) { std::printf("final starts\n"); setImmediate([cb] { std::printf("final done\n"); cb(); }); },
  });
  for (const char* ev : {"prefinish", "finish", "close"}) w.on(ev, [ev, &w] { std::printf("w %s %s\n", ev, str(w.writableFinished())); });
  w.write("one");
  w.end("two", [](Error*) { std::printf("w end cb\n"); });
  std::printf("w ended %s %s\n", str(w.writableEnded()), str(w.writableFinished()));

  int count = 0;
  stream::TransformOf<std::string> counter({
    .transform = [&count](auto&, const std::string&, std::string_view, auto cb) { count = count + 1; cb(); },
    .flush = [&count](auto&, auto cb) { std::printf("flush starts\n"); setImmediate([cb, &count] { cb(nullptr, "count=" + std::to_string(count)); }); },
  });
  counter.on("data", [](const std::string& d) { std::printf("t data %s\n", d.c_str()); });
  for (const char* ev : {"prefinish", "finish", "end", "close"}) counter.on(ev, [ev, &counter] { std::printf("t %s %s\n", ev, str(counter.readableEnded())); });
  counter.write("a");
  counter.write("b");
  counter.end("c");
  return run();
}
