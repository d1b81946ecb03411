// After the main script (and after every callback) Node drains the nextTick queue, then the
// microtask queue, and repeats until both are empty: ticks queued by ticks run before any
// microtask, microtasks queued by microtasks run before ticks queued by microtasks.
#include <cstdio>
#include <nodecc/nodecc.h>
using namespace nodecc;

int main() {
  Promise<>::resolve().then([] {
    std::printf("promise 1\n");
    process::nextTick([] { std::printf("promise 1 -> tick\n"); });
    Promise<>::resolve().then([] { std::printf("promise 1 -> promise\n"); });
    queueMicrotask([] { std::printf("promise 1 -> microtask\n"); });
  });
  process::nextTick([] {
    std::printf("tick 1\n");
    process::nextTick([] {
      std::printf("tick 1 -> tick\n");
      process::nextTick([] { std::printf("tick 1 -> tick -> tick\n"); });
    });
    Promise<>::resolve().then([] { std::printf("tick 1 -> promise\n"); });
  });
  queueMicrotask([] {
    std::printf("microtask 1\n");
    process::nextTick([] {
      std::printf("microtask 1 -> tick\n");
      queueMicrotask([] { std::printf("microtask 1 -> tick -> microtask\n"); });
      process::nextTick([] { std::printf("microtask 1 -> tick -> tick\n"); });
    });
  });
  process::nextTick([](const char* a, int n) { std::printf("tick 2 %s %d\n", a, n); }, "x", 42);
  Promise<>::resolve().then([] { std::printf("promise 2\n"); });
  std::printf("main done\n");
  return nodecc::run();
}
