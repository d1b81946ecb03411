// From inside a timer callback, setImmediate always beats setTimeout(0): the check phase comes
// before the next timers phase. From inside an immediate the race is decided by the clock, so
// the busy wait makes the 1 ms timers due before the loop reaches the timers phase: the
// timeouts win. The busy wait in the main script puts both 10 ms timers in the first timers
// phase: two timers set one after the other may start a millisecond apart.
#include <chrono>
#include <cstdio>
#include <nodecc/nodecc.h>
using namespace nodecc;

void busyWait(int ms) {
  auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
  while (std::chrono::steady_clock::now() < end);
}

int main() {
  setTimeout([] {
    std::printf("timer\n");
    setTimeout([] { std::printf("timer -> timeout 0\n"); }, 0);
    setImmediate([] {
      std::printf("timer -> immediate\n");
      setTimeout([] { std::printf("timer -> immediate -> timeout 0\n"); }, 0);
      setImmediate([] { std::printf("timer -> immediate -> immediate\n"); });
      busyWait(5);
    });
  }, 10);
  setTimeout([] { std::printf("timer 2 (same list)\n"); }, 10);
  busyWait(20);
  return nodecc::run();
}
