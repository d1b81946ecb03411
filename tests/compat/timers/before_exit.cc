// 'beforeExit' fires when the loop has nothing left to do; work it schedules keeps the process
// going, and 'beforeExit' fires again once that work is done. 'exit' fires once, last, with
// the exit code; work scheduled from 'exit' never runs.
#include <cstdio>
#include <nodecc/nodecc.h>
using namespace nodecc;

int main() {
  int rounds = 0;
  process::on("beforeExit", [&](int code) {
    rounds++;
    std::printf("beforeExit %d round %d\n", code, rounds);
    if (rounds == 1) {
      setTimeout([] { std::printf("timer from beforeExit\n"); }, 5);
      process::nextTick([] { std::printf("tick from beforeExit\n"); });
    }
    if (rounds == 2) {
      Promise<>::resolve().then([] { std::printf("microtask from beforeExit 2\n"); });
      setImmediate([] { std::printf("immediate from beforeExit 2\n"); });
    }
  });
  process::on("exit", [&](int code) {
    std::printf("exit %d after %d rounds\n", code, rounds);
    setTimeout([] { std::printf("timer from exit: never runs\n"); }, 0);
    process::nextTick([] { std::printf("tick from exit: never runs\n"); });
  });
  setTimeout([] { std::printf("main timer\n"); }, 5);
  std::printf("main done\n");
  return nodecc::run();
}
