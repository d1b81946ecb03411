// setImmediate callbacks run FIFO in the check phase; one queued from inside an immediate waits
// for the next turn of the loop; ticks and microtasks queued by an immediate run before the next
// immediate (Node >= 11); clearImmediate cancels one already queued for this turn.
#include <cstdio>
#include <string>
#include <nodecc/nodecc.h>
using namespace nodecc;

int main() {
  Immediate victim;
  setImmediate([&] {
    std::printf("immediate 1\n");
    setImmediate([] { std::printf("immediate 1 -> nested (next turn)\n"); });
    process::nextTick([] { std::printf("immediate 1 -> tick\n"); });
    Promise<>::resolve().then([] { std::printf("immediate 1 -> promise\n"); });
    clearImmediate(victim);
  });
  setImmediate([](std::string x, std::string y) {
    std::printf("immediate 2 args %s %s\n", x.c_str(), y.c_str());
    setImmediate([] {
      std::printf("immediate 2 -> nested (next turn)\n");
      setImmediate([] { std::printf("immediate 2 -> nested -> nested (turn 3)\n"); });
    });
  }, std::string("p"), std::string("q"));
  victim = setImmediate([] { std::printf("victim: must not run\n"); });
  setImmediate([] { std::printf("immediate 4\n"); });
  std::printf("main done\n");
  return nodecc::run();
}
