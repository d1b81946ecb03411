// process.exitCode set by a timer becomes the process's exit status once the loop empties;
// 'beforeExit' and 'exit' receive it, and an 'exit' listener can still change it.
#include <cstdio>
#include <nodecc/nodecc.h>
using namespace nodecc;

int main() {
  process::on("beforeExit", [](int code) { std::printf("beforeExit %d\n", code); });
  process::on("exit", [](int code) {
    std::printf("exit %d exitCode %d\n", code, process::exitCode);
    process::exitCode = 4;
  });
  process::on("exit", [](int code) {
    std::printf("second exit listener %d exitCode %d\n", code, process::exitCode);
  });
  setTimeout([] {
    process::exitCode = 3;
    std::printf("exitCode set to 3\n");
  }, 5);
  setTimeout([] { std::printf("later timer still runs\n"); }, 10);
  return nodecc::run();
}
