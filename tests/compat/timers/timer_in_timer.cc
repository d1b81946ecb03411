// A timer set inside a timer callback never fires in the timers phase that is running, even
// when it is overdue by the time the phase goes on and has the delay of the list being run.
// The busy waits make "due" independent of the machine's speed: every main-script timer is due
// in the first timers phase, and the nested ones are overdue before that phase ends.
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
    std::printf("a\n");
    setTimeout([] { std::printf("a -> timeout 10 (same list)\n"); }, 10);
    setTimeout([] { std::printf("a -> timeout 1\n"); }, 1);
    setImmediate([] { std::printf("a -> immediate\n"); });
    busyWait(20);
  }, 10);
  setTimeout([] { std::printf("b (same list)\n"); }, 10);
  setTimeout([] { std::printf("c (15 ms list)\n"); }, 15);
  busyWait(20);
  return nodecc::run();
}
