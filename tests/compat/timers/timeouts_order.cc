// Timers fire by expiry; timers of equal delay fire in the order they were set; extra
// arguments after the delay reach the callback. The delays are 25 ms apart so that a main
// script stalled by a loaded machine cannot reorder them.
#include <cstdio>
#include <string>
#include <nodecc/nodecc.h>
using namespace nodecc;

int main() {
  setTimeout([] { std::printf("75 ms\n"); }, 75);
  setTimeout([] { std::printf("25 ms\n"); }, 25);
  setTimeout([] { std::printf("50 ms a\n"); }, 50);
  setTimeout([] { std::printf("50 ms b\n"); }, 50);
  setTimeout([] { std::printf("50 ms c\n"); }, 50);
  setTimeout([](std::string s, int n) { std::printf("args %s %d\n", s.c_str(), n); }, 100, "x", 7);
  setTimeout([](int a, int b, int c) { std::printf("sum %d\n", a + b + c); }, 100, 1, 2, 3);
  setTimeout([] {
    std::printf("125 ms\n");
    setTimeout([] { std::printf("nested 25 ms\n"); }, 25);
    setTimeout([] { std::printf("nested 1 ms\n"); }, 1);
  }, 125);
  std::printf("main done\n");
  return nodecc::run();
}
