// listeners / rawListeners (a raw once-wrapper removes itself when called), listenerCount with
// a listener, prependListener / prependOnceListener order, eventNames.
#include <nodecc/nodecc.h>

#include <cstdio>
#include <string>
#include <vector>

using namespace nodecc;

std::string join(const std::vector<std::string>& v) {
  std::string out;
  for (size_t i = 0; i < v.size(); ++i) out += (i ? "," : "") + v[i];
  return out;
}

int main() {
  EventEmitter e;
  auto f = [](int n) { std::printf("f %d\n", n); };
  auto g = [](int n) { std::printf("g %d\n", n); };
  e.once("z", f);
  e.on("z", g);
  e.prependListener("z", [](int n) { std::printf("first %d\n", n); });
  e.prependOnceListener("z", [](int n) { std::printf("very first once %d\n", n); });
  std::printf("names %s\n", join(e.eventNames()).c_str());
  std::printf("count %zu %zu %zu\n", e.listenerCount("z"), e.listenerCount("z", f), e.listenerCount("z", g));

  auto ls = e.listeners("z");
  std::printf("listeners %zu %s %s\n", ls.size(), ls[2].is(f) ? "true" : "false", ls[3].is(g) ? "true" : "false");
  ls[2](1);
  std::printf("after listeners() call %zu\n", e.listenerCount("z"));

  auto raw = e.rawListeners("z");
  // Node's raw once-wrapper is a different function: === f is false, .listener === f.
  std::printf("raw %zu %s %s\n", raw.size(), raw[2].raw() ? "false" : "true", raw[2].listener().is(f) ? "true" : "false");
  raw[2](2);
  std::printf("after raw call %zu %zu\n", e.listenerCount("z"), e.listenerCount("z", f));
  raw[2](3);

  e.emit("z", 4);
  std::printf("after emit %zu\n", e.listenerCount("z"));

  e.on("a", g);
  e.on("b", g);
  e.off("z", e.listeners("z")[0]);
  std::printf("names %s %zu\n", join(e.eventNames()).c_str(), e.listenerCount("z"));
  e.removeAllListeners("a");
  std::printf("names %s\n", join(e.eventNames()).c_str());
  return nodecc::run();
}
