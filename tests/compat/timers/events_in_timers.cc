// EventEmitter.emit is synchronous: listeners run inside the timer callback that emits, in
// registration order with prependListener first; a once listener is removed before it runs;
// listeners added during an emit wait for the next one. Ticks queued by listeners run after
// the whole emitting callback, before the next timer.
#include <cstdio>
#include <string>
#include <nodecc/nodecc.h>
using namespace nodecc;

const char* str(bool b) { return b ? "true" : "false"; }

int main() {
  EventEmitter bus;
  bus.on("ping", [](int n) { std::printf("on %d\n", n); });
  bus.once("ping", [&](int n) {
    std::printf("once %d\n", n);
    bus.on("ping", [](int m) { std::printf("added during emit %d\n", m); });
  });
  bus.prependListener("ping", [](int n) {
    std::printf("prepended %d\n", n);
    process::nextTick([n] { std::printf("tick from listener %d\n", n); });
  });
  bus.prependOnceListener("ping", [](int n) { std::printf("prepended once %d\n", n); });
  bus.on("data", [](const std::string& s, int n) { std::printf("data %s %d\n", s.c_str(), n); });

  setTimeout([&] {
    std::printf("timer 1 emits\n");
    std::printf("emit returned %s\n", str(bus.emit("ping", 1)));
    std::printf("listeners now %zu\n", bus.listenerCount("ping"));
    bus.emit("data", std::string("x"), 10);
  }, 5);
  setTimeout([&] {
    std::printf("timer 2 emits\n");
    bus.emit("ping", 2);
    std::printf("nobody listens: %s\n", str(bus.emit("nothing")));
    setImmediate([&] { bus.emit("data", std::string("from immediate"), 0); });
  }, 5);
  return nodecc::run();
}
