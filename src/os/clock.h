#pragma once
// The clock: part of the determinism seam. Code above src/os reads time only through here (or
// through the loop's cached time, which is filled from here). The reads go through os/seam.h,
// so the flight recorder can record and replay them.
#include <cstdint>

#include "os/seam.h"

namespace nodecc::os::core {

// Monotonic time in nanoseconds since an arbitrary start (CLOCK_MONOTONIC).
inline uint64_t monotonicNs() {
  return seam.monotonicNs();
}
// Monotonic milliseconds (CLOCK_MONOTONIC_COARSE would skew timers; this uses the fine clock).
inline uint64_t monotonicMs() {
  return monotonicNs() / 1000000;
}
// Wall-clock time in milliseconds since the Unix epoch (CLOCK_REALTIME).
inline int64_t wallClockMs() {
  return seam.wallClockMs();
}
// Wall-clock seconds since the epoch (CLOCK_REALTIME_COARSE).
inline int64_t wallClockSeconds() {
  return seam.wallClockSeconds();
}

}  // namespace nodecc::os::core
