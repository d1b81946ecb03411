// unshift() puts a chunk back in front (a header parser that reads too much), then pipe() to
// two destinations where one is slow (highWaterMark 1 and async writes): the source waits for
// both 'drain's; unpipe() of the slow one lets the other run free; 'pipe' and 'unpipe' events.
#include <nodecc/nodecc.h>
#include <cstdio>
using namespace nodecc;
using stream::Readable; using stream::Writable;

const char* str(bool b) { return b ? "true" : "false"; }
std::string flowing(std::optional<bool> f) { return f ? str(*f) : "null"; }
int main() {
  Readable r({.read = [](Readable&, size_t) {}});
  r.push("HEAD|body1");
  Buffer first = *r.read();
  size_t bar = first.view().find('|');
  std::printf("header %s\n", first.subarray(0, bar).toString().c_str());
  r.unshift(first.subarray(bar + 1));
  std::printf("length after unshift %zu\n", r.readableLength());
  std::string fastGot, slowGot;
  Writable fast({.write = [&fastGot](Writable&, const Buffer& c, std::string_view, stream::Callback cb) { fastGot += c.view(); cb(); }});
  Writable slow({.highWaterMark = 1, .write = [&slowGot](Writable&, const Buffer& c, std::string_view, stream::Callback cb) { slowGot += c.view(); std::printf("slow write %s\n", c.toString().c_str()); setImmediate([cb] { cb(); }); }});
  std::pair<const char*, Writable*> all[] = {{"fast", &fast}, {"slow", &slow}};
  for (auto [name, w] : all) {
    w->on("pipe", [name](stream::Stream&) { std::printf("%s pipe\n", name); });
    w->on("unpipe", [name](stream::Stream&, stream::UnpipeInfo&) { std::printf("%s unpipe\n", name); });
    w->on("finish", [name, &fastGot, &slowGot] { std::printf("%s finish %s\n", name, std::string(name) == "fast" ? fastGot.c_str() : slowGot.c_str()); });
  }
  r.pipe(fast);
  r.pipe(slow);
  int n = 2;
  UniqueFunction<void()> more;
  more = [&] {
    if (n <= 5) { std::string s = "body"; s += std::to_string(n); bool ok = r.push(s); std::printf("push %d %s\n", n++, str(ok)); setImmediate([&more] { more(); }); }
    else { r.unpipe(slow); std::printf("unpiped slow, flowing %s\n", flowing(r.readableFlowing()).c_str()); r.push(nullptr); }
  };
  setImmediate([&more] { more(); });
  return run();
}
