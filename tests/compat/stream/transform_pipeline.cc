// pipeline(readable, transform, writable, cb): the order of every stream's events, the output,
// and the callback, for a source fed by push() from the main script.
#include <nodecc/nodecc.h>
#include <cctype>
#include <cstdio>
using namespace nodecc;
using stream::Readable; using stream::Transform; using stream::Writable;

void log(const std::string& s) { std::printf("%s\n", s.c_str()); }
std::string upperCase(std::string s) { for (char& c : s) c = char(std::toupper(c)); return s; }
int main() {
  Readable src({.read = [](Readable&, size_t) {}});
  Transform upper({
    .transform = [](auto&, const Buffer& chunk, std::string_view enc, auto cb) { log("transform " + chunk.toString() + " " + std::string(enc)); cb(nullptr, upperCase(chunk.toString())); },
    .flush = [](auto&, auto cb) { log("flush"); cb(nullptr, "!"); },
  });
  std::string out;
  Writable sink({.write = [&out](Writable&, const Buffer& c, std::string_view e, stream::Callback cb) { log("write " + c.toString() + " " + std::string(e)); out += c.view(); cb(); }});
  for (const char* ev : {"end", "close"}) src.on(ev, [ev] { log(std::string("src ") + ev); });
  for (const char* ev : {"end", "prefinish", "finish", "close"}) upper.on(ev, [ev] { log(std::string("upper ") + ev); });
  for (const char* ev : {"prefinish", "finish", "close"}) sink.on(ev, [ev] { log(std::string("sink ") + ev); });
  sink.on("pipe", [&upper](stream::Stream& s) { log(std::string("sink pipe ") + (&s == static_cast<stream::Stream*>(&upper) ? "true" : "false")); });
  auto& ret = stream::pipeline(src, upper, sink, [&out](Error* err) { log(std::string("done ") + (err ? err->message : "ok") + " [" + out + "]"); });
  log(std::string("returns last ") + (&ret == &sink ? "true" : "false"));
  src.push("hello ");
  src.push("world");
  src.push(nullptr);
  process::nextTick([] { log("tick"); });
  Promise<>::resolve().then([] { log("microtask"); });
  return run();
}
