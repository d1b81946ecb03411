// An unref'd timer does not keep the process alive: the unref'd interval still runs while
// ref'd timers are pending, and the process ends once the last of them has fired. ref() makes
// a timer count again; hasRef() tells which it is. The interval prints only its first run: how
// many runs fit before the end depends on the machine's speed.
#include <cstdio>
#include <nodecc/nodecc.h>
using namespace nodecc;

const char* str(bool b) { return b ? "true" : "false"; }

int main() {
  int runs = 0;
  Timeout interval = setInterval([&] {
    runs++;
    if (runs == 1) std::printf("unref interval first run\n");
  }, 10);
  std::printf("interval hasRef %s\n", str(interval.hasRef()));
  interval.unref();
  std::printf("interval hasRef after unref %s\n", str(interval.hasRef()));

  Timeout never = setTimeout([] { std::printf("never: unref and far away\n"); }, 5000).unref();
  std::printf("never hasRef %s\n", str(never.hasRef()));

  Timeout back = setTimeout([] {
    std::printf("unref then ref again: fires\n");
    Immediate lone = setImmediate([] { std::printf("unref immediate: runs, the loop is alive\n"); });
    lone.unref();
    std::printf("lone immediate hasRef %s\n", str(lone.hasRef()));
    setTimeout([] {
      std::printf("last ref timeout\n");
      setImmediate([] { std::printf("immediate after the last ref timer\n"); });
    }, 50);
  }, 100);
  back.unref();
  back.ref();
  std::printf("back hasRef %s\n", str(back.hasRef()));
  process::on("exit", [&](int code) {
    std::printf("exit %d, interval ran: %s\n", code, str(runs > 0));
  });
  return nodecc::run();
}
