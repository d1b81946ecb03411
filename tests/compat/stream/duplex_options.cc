// Duplex: independent sides (a read side fed by push, a write side with its own buffer),
// allowHalfOpen false (the writable side ends after the readable 'end'), readable: false and
// writable: false, and autoDestroy/emitClose false (no 'close' after both sides are done).
#include <nodecc/nodecc.h>
#include <cstdio>
using namespace nodecc;
using stream::Duplex;

const char* str(bool b) { return b ? "true" : "false"; }
int main() {
  Duplex d({
    .allowHalfOpen = false,
    .read = [](Duplex&, size_t) {},
    .write = [](Duplex&, const Buffer& c, std::string_view, stream::Callback cb) { std::printf("d write %s\n", c.toString().c_str()); cb(); },
  });
  for (const char* ev : {"end", "prefinish", "finish", "close"}) d.on(ev, [ev, &d] { std::printf("d %s %s %s\n", ev, str(d.writableEnded()), str(d.readableEnded())); });
  d.on("data", [](const Buffer& c) { std::printf("d data %s\n", c.toString().c_str()); });
  d.write("in");
  d.push("out");
  d.push(nullptr);
  std::printf("allowHalfOpen %s\n", str(d.allowHalfOpen()));

  Duplex ro({.writable = false, .read = [](Duplex& self, size_t) { self.push(nullptr); }});
  std::printf("ro %s %s %s %s\n", str(ro.writable()), str(ro.readable()), str(ro.writableEnded()), str(ro.writableFinished()));
  ro.on("end", [] { std::printf("ro end\n"); });
  ro.on("close", [] { std::printf("ro close\n"); });
  ro.resume();

  Duplex quiet({.emitClose = false, .autoDestroy = false, .read = [](Duplex&, size_t) {}, .write = [](Duplex&, const Buffer&, std::string_view, stream::Callback cb) { cb(); }});
  quiet.on("end", [] { std::printf("quiet end\n"); });
  quiet.on("finish", [&quiet] { std::printf("quiet finish %s\n", str(quiet.destroyed())); });
  quiet.on("close", [] { std::printf("quiet close\n"); });
  quiet.resume();
  quiet.push(nullptr);
  quiet.end();
  setTimeout([&quiet] { std::printf("quiet later %s\n", str(quiet.destroyed())); quiet.destroy(); std::printf("quiet destroyed %s\n", str(quiet.destroyed())); }, 5);
  return run();
}
