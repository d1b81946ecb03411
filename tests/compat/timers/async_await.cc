// An async function runs synchronously up to its first await; every await resumes in a
// microtask, after the nextTick queue, even when the awaited promise is already resolved. An
// async timer callback's continuation runs before the next timer of the same list.
#include <cstdio>
#include <string>
#include <nodecc/nodecc.h>
using namespace nodecc;

Promise<int> inner(std::string name) {
  std::printf("%s start\n", name.c_str());
  co_await Promise<>::resolve();
  std::printf("%s after await 1\n", name.c_str());
  co_await Promise<>::resolve();
  std::printf("%s after await 2\n", name.c_str());
  co_return int(name.size());
}

Promise<> failing() {
  co_await Promise<>::resolve();
  throw Error("nope");
}

Promise<std::string> outer() {
  std::printf("outer start\n");
  int n = co_await inner("inner");
  std::printf("outer got %d\n", n);
  auto resolved = Promise<std::string>::resolve("ready");
  process::nextTick([] { std::printf("outer -> tick\n"); });
  std::string v = co_await resolved;
  std::printf("outer awaited %s\n", v.c_str());
  try {
    co_await failing();
  } catch (const Error& e) {
    std::printf("outer caught %s\n", e.message.c_str());
  }
  co_return "outer done";
}

int main() {
  process::nextTick([] { std::printf("tick 1\n"); });
  outer().then([](auto& v) { std::printf("%s\n", v.c_str()); });
  inner("second");
  Promise<>::resolve().then([] { std::printf("promise 1\n"); });

  // UniqueFunction<void()> does not compile with a callable returning Promise<> (its call thunk
  // returns the result from a void function), so the async callback is wrapped and called.
  setTimeout([] { []() -> Promise<> {
    std::printf("timer start\n");
    process::nextTick([] { std::printf("timer -> tick\n"); });
    co_await Promise<>::resolve();
    std::printf("timer after await 1\n");
    co_await Promise<>::resolve();
    std::printf("timer after await 2\n");
  }(); }, 5);
  setTimeout([] { std::printf("timer 2 (same list)\n"); }, 5);
  std::printf("main done\n");
  return nodecc::run();
}
