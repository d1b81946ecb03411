// A rejection still unhandled once the microtask queue has drained goes to
// process.on('unhandledRejection'), after the ticks and microtasks of that drain; a handler
// attached by a microtask of the same drain prevents it. The loop carries on and the exit
// code stays 0.
#include <cstdio>
#include <exception>
#include <nodecc/nodecc.h>
using namespace nodecc;

Promise<> fails() {
  co_await Promise<>::resolve();
  throw Error("async throw");
}

int main() {
  process::on("unhandledRejection", [](std::exception_ptr reason) {
    std::printf("unhandled %s\n", toError(reason).message.c_str());
  });

  auto handledLate = Promise<>::reject(Error("handled late"));
  Promise<>::resolve().then([handledLate] { return handledLate.catch_([](std::exception_ptr e) {
    std::printf("late catch %s\n", toError(e).message.c_str());
  }); });
  Promise<>::reject(Error("nobody"));
  fails();
  setTimeout([] {
    std::printf("timer\n");
    Promise<>::reject(Error("from timer"));
    process::nextTick([] { std::printf("timer -> tick\n"); });
    Promise<>::resolve().then([] { std::printf("timer -> promise\n"); });
  }, 5);
  setTimeout([] { std::printf("timer 2 (same list)\n"); }, 5);
  process::nextTick([] { std::printf("tick\n"); });
  process::on("exit", [](int code) { std::printf("exit %d\n", code); });
  std::printf("main done\n");
  return nodecc::run();
}
