// console.log of a formatted line, N times: the console benchmark's nodecc side (run.py).
#include <nodecc/nodecc.h>

#include <cstdlib>
using namespace nodecc;

int main(int argc, char** argv) {
  long n = argc > 1 ? std::atol(argv[1]) : 1000000;
  for (long i = 0; i < n; i++) {
    console.log("%s %d", "req", 42);
  }
  return 0;
}
