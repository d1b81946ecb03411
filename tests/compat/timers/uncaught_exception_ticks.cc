// Where the ticks and microtasks queued by a throwing callback (or by the 'uncaughtException'
// handler) run. Node leaves its timers or immediates loop when a callback throws and re-enters
// it after the handler without draining the queues first, so they run after the next timer of
// the same list, or after the next immediate, and before the next timer list. The busy wait
// puts both timer lists in the first timers phase.
#include <chrono>
#include <cstdio>
#include <exception>
#include <nodecc/nodecc.h>
using namespace nodecc;

void busyWait(int ms) {
  auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
  while (std::chrono::steady_clock::now() < end);
}

int main() {
  process::on("uncaughtException", [](std::exception_ptr err) {
    std::printf("caught %s\n", toError(err).message.c_str());
    process::nextTick([] { std::printf("handler -> tick\n"); });
    Promise<>::resolve().then([] { std::printf("handler -> promise\n"); });
  });
  setTimeout([] {
    std::printf("timer 1 throws\n");
    process::nextTick([] { std::printf("timer 1 -> tick\n"); });
    Promise<>::resolve().then([] { std::printf("timer 1 -> promise\n"); });
    throw Error("from timer");
  }, 5);
  setTimeout([] { std::printf("timer 2 (same list)\n"); }, 5);
  setTimeout([] { std::printf("timer 3 (other list)\n"); }, 6);
  setImmediate([] {
    std::printf("immediate 1 throws\n");
    process::nextTick([] { std::printf("immediate 1 -> tick\n"); });
    throw Error("from immediate");
  });
  setImmediate([] { std::printf("immediate 2\n"); });
  busyWait(10);
  return nodecc::run();
}
