// A program that never reads process.stdin exits although fd 0 is a pipe nobody closes:
// touching process.stdin without reading does not keep the process alive.
#include <nodecc/nodecc.h>

using namespace nodecc;

int main() {
  console.log("isTTY", process::stdin().isTTY == true, "flowing", process::stdin().readableFlowing() ? "set" : "null");
  setTimeout([] { console.log("timer"); }, 20);
  process::on("exit", [](int code) { console.log("exit", code); });
  return run();
}
