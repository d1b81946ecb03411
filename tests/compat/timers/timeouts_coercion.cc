// Delays are coerced as Node does: 0, negative and NaN-like delays become 1 ms, so they share
// the 1 ms list and fire in the order set; a delay above 2^31-1 ms also becomes 1 ms, with a
// TimeoutOverflowWarning that process.emitWarning delivers to 'warning' listeners on the next
// tick, not synchronously.
#include <cstdio>
#include <nodecc/nodecc.h>
using namespace nodecc;

int main() {
  process::on("warning", [](const Error& w) {
    std::printf("warning %s: %s\n", w.name.c_str(), w.message.c_str());
  });
  setTimeout([] { std::printf("delay 100\n"); }, 100);
  setTimeout([] { std::printf("delay 1\n"); }, 1);
  setTimeout([] { std::printf("delay 0\n"); }, 0);
  setTimeout([] { std::printf("delay -5\n"); }, -5);
  setTimeout([] { std::printf("delay omitted\n"); });
  setTimeout([] { std::printf("delay 2^31 (overflow)\n"); }, 1u << 31);
  std::printf("main done\n");
  return nodecc::run();
}
