#pragma once
// The clock: part of the determinism seam. Code above src/os reads time only through here (or
// through the loop's cached time, which is filled from here).
#include <cstdint>

namespace nodecc::os::core {

// Monotonic time in nanoseconds since an arbitrary start (CLOCK_MONOTONIC).
uint64_t monotonicNs();
// Monotonic milliseconds (CLOCK_MONOTONIC_COARSE would skew timers; this uses the fine clock).
inline uint64_t monotonicMs() {
  return monotonicNs() / 1000000;
}
// Wall-clock time in milliseconds since the Unix epoch (CLOCK_REALTIME).
int64_t wallClockMs();
// Wall-clock seconds since the epoch.
int64_t wallClockSeconds();

}  // namespace nodecc::os::core
