// Without an 'uncaughtException' listener an exception thrown by a timer ends the process with
// exit code 1 (after 'exit' listeners run); nothing else scheduled runs.
#include <cstdio>
#include <nodecc/nodecc.h>
using namespace nodecc;

int main() {
  setTimeout([] {
    std::printf("timer 1 throws\n");
    process::nextTick([] { std::printf("tick: never runs\n"); });
    throw Error("fatal");
  }, 5);
  setTimeout([] { std::printf("timer 2: never runs\n"); }, 5);
  process::nextTick([] { std::printf("tick before the loop\n"); });
  process::on("exit", [](int code) { std::printf("exit %d\n", code); });
  return nodecc::run();
}
