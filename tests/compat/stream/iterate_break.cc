// for await over a Readable, left early with break: the stream is destroyed (an AbortError,
// which the iterator's own listener absorbs), 'close' follows, and nothing more is read.
#include <nodecc/nodecc.h>
#include <cstdio>
using namespace nodecc;

const char* str(bool b) { return b ? "true" : "false"; }
Promise<> main2() {
  int n = 0;
  stream::ReadableOf<int> r({.read = [&n](auto& self, size_t) { if (n < 10) self.push(n++); else self.push(nullptr); }});
  r.on("close", [&r] { std::printf("close %s %s %s\n", str(r.destroyed()), str(r.readableEnded()), r.errored() ? r.errored()->name.c_str() : "null"); });
  r.on("end", [] { std::printf("end\n"); });
  for (auto it = r.iterate(); auto v = co_await it.next();) {
    std::printf("value %d\n", *v);
    if (*v == 3) break;
  }
  std::printf("after loop %s %d\n", str(r.destroyed()), n);
  co_await Promise<>([](auto resolve, auto) { setImmediate([resolve] { resolve(); }); });
  auto& full = stream::Readable::from(std::vector<std::string>{"x", "y"});
  full.on("close", [] { std::printf("full close\n"); });
  bool ended = false, destroyed = false;
  full.on("end", [&] { ended = true; });
  for (auto it = full.iterate(); auto v = co_await it.next();) std::printf("full %s\n", v->c_str());
  destroyed = true;  // Readable::from's stream deletes itself after 'close': its state is read from events
  std::printf("full done %s %s\n", str(ended), str(destroyed));
}
int main() { main2().then([] { std::printf("main resolved\n"); }); return run(); }
