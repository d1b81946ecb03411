// Promise.all / race / allSettled settle as many microtask steps after their inputs as the
// spec's jobs take; the step counter running beside them makes those hops visible. Timed
// inputs settle in the timers phase; the shorter timer is set first, and the gaps are wide, so
// that a stalled main script cannot change which settles first.
#include <cstdio>
#include <string>
#include <vector>
#include <nodecc/nodecc.h>
using namespace nodecc;

int step = 0;
void ticker() {
  std::printf("step %d\n", ++step);
  if (step < 6) queueMicrotask(ticker);
}

int main() {
  queueMicrotask(ticker);
  Promise<>::all(std::vector{Promise<int>::resolve(1), Promise<int>::resolve(2)}).then([](auto& v) {
    std::printf("all %d,%d\n", v[0], v[1]);
  });
  Promise<>::race(std::vector{Promise<int>::resolve(3), Promise<int>::resolve(4)}).then([](int v) {
    std::printf("race %d\n", v);
  });
  Promise<>::allSettled(std::vector{Promise<int>::resolve(5), Promise<int>::reject(Error("x"))}).then([](auto& r) {
    std::printf("allSettled %s %d\n", r[0].status.c_str(), *r[0].value);
    std::printf("allSettled %s %s\n", r[1].status.c_str(), toError(r[1].reason).message.c_str());
  });
  Promise<>::all(std::vector{Promise<int>::resolve(6), Promise<int>::reject(Error("boom"))}).catch_([](auto e) {
    std::printf("all rejected %s\n", toError(e).message.c_str());
  });
  Promise<>::all(std::vector<Promise<int>>{}).then([](auto& v) { std::printf("all empty %zu\n", v.size()); });

  Promise<std::string> fast([](auto resolve, auto) { setTimeout(resolve, 10, std::string("fast")); });
  Promise<std::string> slow([](auto resolve, auto) { setTimeout(resolve, 70, std::string("slow")); });
  Promise<>::race(std::vector{slow, fast}).then([](auto& v) { std::printf("timed race %s\n", v.c_str()); });
  Promise<>::all(std::vector{slow, fast}).then([](auto& v) {
    std::printf("timed all %s,%s\n", v[0].c_str(), v[1].c_str());
  });
  Promise<>::allSettled(std::vector{slow, Promise<std::string>::reject(Error("late"))}).then([](auto& r) {
    std::printf("timed allSettled %s %s\n", r[0].value->c_str(), toError(r[1].reason).message.c_str());
  });
  setTimeout([] { std::printf("timer 40\n"); }, 40);
  std::printf("main done\n");
  return nodecc::run();
}
