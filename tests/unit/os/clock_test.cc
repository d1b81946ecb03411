#include "os/clock.h"

#include <gtest/gtest.h>
#include <time.h>

#include <chrono>
#include <thread>

namespace nodecc::os::core {
namespace {

TEST(Clock, MonotonicNeverGoesBackwards) {
  uint64_t prev = monotonicNs();
  for (int i = 0; i < 100000; ++i) {
    uint64_t now = monotonicNs();
    ASSERT_GE(now, prev);
    prev = now;
  }
}

TEST(Clock, MonotonicAdvancesAcrossASleep) {
  uint64_t startNs = monotonicNs();
  uint64_t startMs = monotonicMs();
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_GE(monotonicNs() - startNs, 20'000'000u);
  // Whole milliseconds truncate, so the difference may read one less.
  EXPECT_GE(monotonicMs() - startMs, 19u);
}

TEST(Clock, MillisecondsAreNanosecondsScaled) {
  uint64_t ns = monotonicNs();
  uint64_t ms = monotonicMs();
  EXPECT_GE(ms, ns / 1000000);
  EXPECT_LE(ms, ns / 1000000 + 1000);  // generous: one read follows the other
}

TEST(Clock, WallClockAgreesWithTime) {
  int64_t sys = int64_t(::time(nullptr));
  EXPECT_NEAR(double(wallClockMs()) / 1000.0, double(sys), 5.0);
  EXPECT_NEAR(double(wallClockSeconds()), double(sys), 5.0);
}

}  // namespace
}  // namespace nodecc::os::core
