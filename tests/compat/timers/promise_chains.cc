// Each link of a then/catch chain runs one microtask after the previous one settled; a
// rejection skips the fulfillment handlers down to the next catch. The step counter running
// beside the chains makes every hop visible.
#include <cstdio>
#include <exception>
#include <string>
#include <nodecc/nodecc.h>
using namespace nodecc;

int step = 0;
void ticker() {
  std::printf("step %d\n", ++step);
  if (step < 8) queueMicrotask(ticker);
}

int main() {
  queueMicrotask(ticker);
  Promise<int>::resolve(1)
      .then([](int v) {
        std::printf("then %d\n", v);
        return v + 1;
      })
      .then([](int v) -> int {
        std::printf("then %d\n", v);
        throw Error("broken");
      })
      .then([](int v) {
        std::printf("skipped\n");
        return v;
      })
      .catch_([](std::exception_ptr e) {
        std::printf("catch %s\n", toError(e).message.c_str());
        return 10;
      })
      .then([](int v) { std::printf("after catch %d\n", v); });
  Promise<>::reject(Error("early")).then(
      [] { std::printf("skipped\n"); },
      [](std::exception_ptr e) { std::printf("onRejected %s\n", toError(e).message.c_str()); });
  Promise<>([](auto resolve, auto reject) {
    std::printf("executor runs now\n");
    reject(Error("from executor"));
  }).catch_([](std::exception_ptr e) { std::printf("catch %s\n", toError(e).message.c_str()); });

  setTimeout([] {
    std::printf("timer\n");
    Promise<std::string>::resolve("t").then([](auto& v) {
      std::printf("timer -> then %s\n", v.c_str());
    });
    process::nextTick([] { std::printf("timer -> tick\n"); });
  }, 5);
  setTimeout([] { std::printf("timer 2 (same list)\n"); }, 5);
  std::printf("main done\n");
  return nodecc::run();
}
