// Timers, immediates, nextTick, promises and an EventEmitter: the event loop in one page.
#include <cstdio>
#include <nodecc/nodecc.h>
using namespace nodecc;
namespace timersPromises = timers::promises;

int main() {
  EventEmitter clock;
  clock.on("tick", [](int n) { std::printf("tick %d\n", n); });
  clock.once("tick", [](int n) { std::printf("first tick was %d\n", n); });

  int n = 0;
  Timeout interval;
  interval = setInterval([&] {
    clock.emit("tick", ++n);
    if (n == 3) clearInterval(interval);
  }, 100);

  setImmediate([] { std::printf("immediate\n"); });
  process::nextTick([] { std::printf("nextTick\n"); });
  Promise<>::resolve().then([] { std::printf("microtask\n"); });

  auto main = []() -> Promise<> {
    co_await timersPromises::setTimeout(450);
    std::printf("slept 450 ms\n");
  };
  main();
  process::on("exit", [](int code) { std::printf("exit %d\n", code); });
  std::printf("main script done\n");
  return nodecc::run();
}
