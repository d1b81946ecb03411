// Timeout.refresh() restarts a timer with its original delay from now: refreshed while
// pending it fires later than first planned; refreshed after it fired, or from inside its own
// callback, it fires again. Each timer below is ordered by cause (who refreshed whom), not by
// wall-clock margins, so a slow machine prints the same lines.
#include <cstdio>
#include <nodecc/nodecc.h>
using namespace nodecc;

int main() {
  int fired = 0;
  Timeout done = setTimeout([] { std::printf("done fired\n"); }, 10);
  Timeout again = setTimeout([&] {
    fired++;
    std::printf("again fired %d\n", fired);
    if (fired == 1) again.refresh();
  }, 20);
  Timeout late = setTimeout([&] {
    std::printf("late: 50 ms timer refreshed at 30 ms\n");
    done.refresh();
  }, 50);
  setTimeout([&] {
    std::printf("30 ms: refresh late\n");
    late.refresh();
    setTimeout([] { std::printf("marker 40 ms after the refresh\n"); }, 40);
  }, 30);
  process::on("exit", [&](int) { std::printf("exit, again fired %d times\n", fired); });
  return nodecc::run();
}
