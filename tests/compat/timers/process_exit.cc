// process.exit(code) inside a timer emits 'exit' with that code at once and abandons every
// pending timer, immediate, tick and microtask.
#include <cstdio>
#include <nodecc/nodecc.h>
using namespace nodecc;

int main() {
  process::on("exit", [](int code) { std::printf("exit %d\n", code); });
  setTimeout([] {
    std::printf("timer 1\n");
    process::nextTick([] { std::printf("tick: never runs\n"); });
    Promise<>::resolve().then([] { std::printf("microtask: never runs\n"); });
    setImmediate([] { std::printf("immediate: never runs\n"); });
    process::exitCode = 9;
    process::exit(2);
    std::printf("after exit: never runs\n");
  }, 5);
  setTimeout([] { std::printf("timer 2 (same list): never runs\n"); }, 5);
  setTimeout([] { std::printf("timer 3: never runs\n"); }, 50);
  return nodecc::run();
}
