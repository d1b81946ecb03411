#include "os/process_stats.h"

#include <malloc.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cstdio>

namespace nodecc::os::core {

MemoryStats memoryStats() {
  MemoryStats s;
  if (FILE* f = std::fopen("/proc/self/statm", "r")) {
    unsigned long size = 0, resident = 0;
    if (std::fscanf(f, "%lu %lu", &size, &resident) == 2) {
      s.rss = uint64_t(resident) * uint64_t(sysconf(_SC_PAGESIZE));
    }
    std::fclose(f);
  }
  struct mallinfo2 mi = mallinfo2();
  s.heapTotal = mi.arena + mi.hblkhd;
  s.heapUsed = mi.uordblks + mi.hblkhd;
  return s;
}

CpuStats cpuStats() {
  rusage ru{};
  getrusage(RUSAGE_SELF, &ru);
  CpuStats c;
  c.userMicros = uint64_t(ru.ru_utime.tv_sec) * 1000000u + uint64_t(ru.ru_utime.tv_usec);
  c.systemMicros = uint64_t(ru.ru_stime.tv_sec) * 1000000u + uint64_t(ru.ru_stime.tv_usec);
  return c;
}

}  // namespace nodecc::os::core
