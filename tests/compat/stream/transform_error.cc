// A transform that fails on its third chunk with cb(err): the error reaches pipeline's
// callback once, every stream is destroyed, and the events come in Node's order.
#include <nodecc/nodecc.h>
#include <cstdio>
using namespace nodecc;
using stream::Readable; using stream::Transform; using stream::Writable;

const char* str(bool b) { return b ? "true" : "false"; }
int main() {
  auto& src = Readable::from(std::vector<Buffer>{Buffer::from("a"), Buffer::from("b"), Buffer::from("c"), Buffer::from("d"), Buffer::from("e")});
  Transform t({
    .transform = [](auto&, const Buffer& chunk, std::string_view, auto cb) {
      std::printf("transform %s\n", chunk.toString().c_str());
      if (chunk.toString() == "c") cb(Error("bad chunk c"));
      else cb(nullptr, chunk);
    },
  });
  std::string got;
  Writable dst({.write = [&got](Writable&, const Buffer& c, std::string_view, stream::Callback cb) { got += c.view(); cb(); }});
  std::pair<const char*, stream::Stream*> all[] = {{"src", &src}, {"t", &t}, {"dst", &dst}};
  for (auto [name, s] : all) {
    for (const char* ev : {"end", "finish", "close"}) s->on(ev, [name, ev] { std::printf("%s %s\n", name, ev); });
    s->on("error", [name](const Error& e) { std::printf("%s error %s\n", name, e.message.c_str()); });
  }
  stream::pipeline(src, t, dst, [&](Error* err) { std::printf("done %s %s %s %s\n", err ? err->message.c_str() : "null", got.c_str(), str(t.destroyed()), str(dst.destroyed())); });
  return run();
}
