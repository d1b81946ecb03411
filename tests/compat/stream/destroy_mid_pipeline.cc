// destroy() of the middle stream while data flows: pipeline's callback gets
// ERR_STREAM_PREMATURE_CLOSE and every stream is destroyed; the order of 'close' events.
#include <nodecc/nodecc.h>
#include <cstdio>
using namespace nodecc;
using stream::Readable; using stream::PassThrough; using stream::Writable;

const char* str(bool b) { return b ? "true" : "false"; }
int main() {
  int n = 0;
  Readable src({.read = [&n](Readable& self, size_t) { setImmediate([&self, &n] { std::string s = "x"; s += std::to_string(n++); self.push(s); }); }});
  PassThrough mid;
  Writable dst({.write = [&mid](Writable&, const Buffer& c, std::string_view, stream::Callback cb) { std::printf("write %s\n", c.toString().c_str()); if (c.toString() == "x2") mid.destroy(); cb(); }});
  std::pair<const char*, stream::Stream*> all[] = {{"src", &src}, {"mid", &mid}, {"dst", &dst}};
  for (auto [name, s] : all) {
    s->on("close", [name, s] { std::printf("%s close %s\n", name, str(s->destroyed())); });
    s->on("error", [name](const Error& e) { std::printf("%s error %s\n", name, e.code.c_str()); });
  }
  stream::pipeline(src, mid, dst, [&](Error* err) {
    std::printf("done %s %s %s %s\n", err ? err->code.c_str() : "null", str(src.destroyed()), str(mid.destroyed()), str(dst.destroyed()));
  });
  return run();
}
