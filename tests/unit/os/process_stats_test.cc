#include "os/process_stats.h"

#include <gtest/gtest.h>

#include "os/clock.h"

namespace nodecc::os::core {
namespace {

TEST(ProcessStats, ResidentSetSizeIsPositive) {
  EXPECT_GT(memoryStats().rss, 0u);
}

TEST(ProcessStats, CpuTimeGrowsWhileSpinning) {
  CpuStats before = cpuStats();
  uint64_t deadline = monotonicNs() + 10'000'000'000u;  // bounded, never relied upon
  volatile uint64_t sink = 0;
  while (cpuStats().userMicros == before.userMicros && monotonicNs() < deadline) {
    for (int i = 0; i < 100000; ++i) {
      sink = sink + uint64_t(i);
    }
  }
  CpuStats after = cpuStats();
  EXPECT_GT(after.userMicros, before.userMicros);
  EXPECT_GE(after.systemMicros, before.systemMicros);
}

}  // namespace
}  // namespace nodecc::os::core
