// Since Node 11 the nextTick and microtask queues drain after each timer callback, not once
// after the whole timers phase: what a timer schedules runs before the next timer, in the
// same list and in the next list. The busy wait puts both lists in the first timers phase.
#include <chrono>
#include <cstdio>
#include <nodecc/nodecc.h>
using namespace nodecc;

void busyWait(int ms) {
  auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
  while (std::chrono::steady_clock::now() < end);
}

int main() {
  for (const char* name : {"a", "b"}) {
    setTimeout([name] {
      std::printf("timer %s\n", name);
      process::nextTick([name] { std::printf("timer %s -> tick\n", name); });
      Promise<>::resolve().then([name] {
        std::printf("timer %s -> promise\n", name);
        process::nextTick([name] { std::printf("timer %s -> promise -> tick\n", name); });
      });
    }, 5);
  }
  setTimeout([] {
    std::printf("timer c (other list)\n");
    queueMicrotask([] { std::printf("timer c -> microtask\n"); });
    setImmediate([] { std::printf("timer c -> immediate\n"); });
  }, 10);
  setTimeout([] { std::printf("timer d (other list)\n"); }, 15);
  busyWait(30);
  return nodecc::run();
}
