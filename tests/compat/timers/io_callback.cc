// Inside an I/O callback (fs.readFile's, which completes in the poll phase) setImmediate always
// beats setTimeout(0): the check phase follows the poll phase before the loop wraps around to
// the timers. The order holds however long the read took. The second read starts from the
// timer so that its completion cannot race with it.
#include <cstdio>
#include <nodecc/nodecc.h>
using namespace nodecc;

const char* str(bool b) { return b ? "true" : "false"; }

int main() {
  fs::readFile("io_callback.js", [](Error* err, Buffer data) {
    std::printf("read %s %s\n", str(err == nullptr), str(data.length() > 0));
    setTimeout([] {
      std::printf("io -> timeout 0\n");
      fs::readFile("missing-file.txt", [](Error* err2, Buffer) {
        std::printf("missing %s %s\n", err2->code.c_str(), err2->syscall.c_str());
        setTimeout([] { std::printf("io 2 -> timeout 0\n"); }, 0);
        setImmediate([] { std::printf("io 2 -> immediate\n"); });
      });
    }, 0);
    setImmediate([] {
      std::printf("io -> immediate\n");
      process::nextTick([] { std::printf("io -> immediate -> tick\n"); });
    });
    process::nextTick([] { std::printf("io -> tick\n"); });
    Promise<>::resolve().then([] { std::printf("io -> promise\n"); });
  });
  std::printf("main done\n");
  return nodecc::run();
}
