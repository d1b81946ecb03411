// for await over a stream that fails midway: the loop gets the values before the failure,
// then the error is thrown at the await; the stream is destroyed and closed. A for await over
// a Transform reads what the transform pushes.
#include <nodecc/nodecc.h>
#include <cstdio>
using namespace nodecc;
using stream::Readable;

const char* str(bool b) { return b ? "true" : "false"; }
Promise<> main2() {
  int n = 0;
  Readable r({
    .read = [&n](Readable& self, size_t) { setImmediate([&self, &n] { if (n == 2) self.destroy(Error("source broke")); else { std::string s = "v"; s += std::to_string(n++); self.push(s); } }); },
  });
  r.on("close", [] { std::printf("close\n"); });
  try {
    for (auto it = r.iterate(); auto v = co_await it.next();) std::printf("value %s\n", v->toString().c_str());
  } catch (const Error& err) {
    std::printf("caught %s %s\n", err.message.c_str(), str(r.destroyed()));
  }
  stream::PassThrough t;
  t.end("through");
  for (auto it = t.iterate(); auto v = co_await it.next();) std::printf("pass %s\n", v->toString().c_str());
  std::printf("pass done %s\n", str(t.readableEnded()));
}
int main() { main2(); return run(); }
