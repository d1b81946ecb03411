// clearTimeout from inside a timer callback cancels a timer that is already due in the same
// timers phase, in the same list or in a later one. The busy wait makes every timer below due
// in the first timers phase, whatever the machine's speed.
#include <chrono>
#include <cstdio>
#include <nodecc/nodecc.h>
using namespace nodecc;

void busyWait(int ms) {
  auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
  while (std::chrono::steady_clock::now() < end);
}

int main() {
  Timeout victimSame;
  Timeout victimOther;
  setTimeout([&] {
    std::printf("killer\n");
    clearTimeout(victimSame);
    clearTimeout(victimOther);
    clearTimeout(victimSame);
  }, 5);
  victimSame = setTimeout([] { std::printf("victim same list: must not run\n"); }, 5);
  setTimeout([] { std::printf("survivor same list\n"); }, 5);
  victimOther = setTimeout([] { std::printf("victim other list: must not run\n"); }, 10);
  setTimeout([] { std::printf("survivor other list\n"); }, 15);
  Timeout self;
  self = setTimeout([&] {
    std::printf("self clear\n");
    clearTimeout(self);
  }, 20);
  busyWait(40);
  std::printf("main done\n");
  return nodecc::run();
}
