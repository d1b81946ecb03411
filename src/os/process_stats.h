#pragma once
// Process-wide resource figures for process.memoryUsage() / process.cpuUsage().
#include <cstdint>

namespace nodecc::os::core {

struct MemoryStats {
  uint64_t rss = 0;        // resident set size, bytes
  uint64_t heapTotal = 0;  // bytes the allocator holds from the OS
  uint64_t heapUsed = 0;   // bytes in live allocations
};
MemoryStats memoryStats();

struct CpuStats {
  uint64_t userMicros = 0;
  uint64_t systemMicros = 0;
};
CpuStats cpuStats();

}  // namespace nodecc::os::core
