// timers/promises: setTimeout(ms[, value]) fulfills from a timer callback and setImmediate()
// from the check phase; an await on them resumes in the microtask drain right after that
// callback, so before the next timer of the same list. The busy wait puts both 10 ms timers in
// the first timers phase: two timers set one after the other may start a millisecond apart.
// The race starts when the sleeper is done, so a stalled loop cannot interleave the two.
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>
#include <nodecc/nodecc.h>
using namespace nodecc;
namespace timersPromises = timers::promises;

void busyWait(int ms) {
  auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
  while (std::chrono::steady_clock::now() < end);
}

Promise<std::string> sleeper() {
  std::printf("sleeper start\n");
  co_await timersPromises::setTimeout(10);
  std::printf("sleeper after 10 ms\n");
  std::string v = co_await timersPromises::setTimeout(10, std::string("value"));
  std::printf("sleeper got %s\n", v.c_str());
  co_await timersPromises::setImmediate();
  std::printf("sleeper after immediate\n");
  co_return "sleeper done";
}

Promise<> racer() {
  auto fast = timersPromises::setTimeout(60, std::string("fast"));
  auto slow = timersPromises::setTimeout(80, std::string("slow"));
  auto first = Promise<>::race(std::vector{slow, fast});  // GCC 12: no braced list in co_await
  std::string winner = co_await first;
  std::printf("race won by %s\n", winner.c_str());
  auto all = Promise<>::all(std::vector{slow, fast});
  std::vector<std::string> both = co_await all;
  std::printf("all %s %s\n", both[0].c_str(), both[1].c_str());
}

int main() {
  sleeper().then([](auto& v) {
    std::printf("%s\n", v.c_str());
    racer();
  });
  setTimeout([] {
    std::printf("plain 10 ms (same list, set after)\n");
    timersPromises::setImmediate().then([] { std::printf("immediate promise\n"); });
    setImmediate([] { std::printf("plain immediate\n"); });
  }, 10);
  busyWait(15);
  std::printf("main done\n");
  return nodecc::run();
}
