// Intervals of equal delay share one list, so they alternate in the order they were set; each
// re-arms from the moment its callback started. clearInterval from inside its own callback
// stops it for good.
#include <cstdio>
#include <string>
#include <nodecc/nodecc.h>
using namespace nodecc;

int main() {
  int a = 0;
  int b = 0;
  Timeout ia = setInterval([&] {
    a++;
    std::printf("a %d\n", a);
    if (a == 3) {
      clearInterval(ia);
      std::printf("a cleared\n");
    }
  }, 10);
  Timeout ib = setInterval([&](std::string label) {
    b++;
    std::printf("%s %d\n", label.c_str(), b);
    if (b == 5) clearInterval(ib);
  }, 10, std::string("b"));
  process::on("exit", [&](int code) { std::printf("exit %d a=%d b=%d\n", code, a, b); });
  return nodecc::run();
}
