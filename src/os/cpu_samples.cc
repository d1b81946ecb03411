// cpuSamples(): libuv 1.46's uv_cpu_info for Linux, which Node's os.cpus() reports.
#include <unistd.h>

#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "os/proc_file.h"
#include "os/system_info.h"

namespace nodecc::os::core {

namespace {

// The CPUs the kernel numbers above this are ignored, as libuv ignores them (its table size).
constexpr unsigned kMaxCpus = 8192;
// /proc/stat counts in USER_HZ ticks, fixed at 100 a second: 10 ms each (libuv's multiplier).
constexpr uint64_t kMsPerTick = 10;

struct Line {
  std::string_view text;
  size_t next;
};

Line lineAt(std::string_view s, size_t at) {
  size_t nl = s.find('\n', at);
  if (nl == std::string_view::npos) {
    return {s.substr(at), s.size()};
  }
  return {s.substr(at, nl - at), nl + 1};
}

}  // namespace

Result<std::vector<CpuSample>> cpuSamples() {
  Result<std::string> stat = readProcFile("/proc/stat");
  if (!stat) {
    return Errno{stat.error()};
  }
  // "cpuN user nice system idle iowait irq ...", after the aggregate "cpu " line; the list ends
  // at the first line that is not one of those.
  std::vector<CpuSample> byNumber;
  std::vector<bool> present;
  std::string_view text = *stat;
  size_t at = lineAt(text, 0).next;
  while (at < text.size()) {
    Line line = lineAt(text, at);
    at = line.next;
    unsigned cpu = 0;
    unsigned long long user = 0, nice = 0, sys = 0, idle = 0, iowait = 0, irq = 0;
    std::string copy(line.text);
    if (std::sscanf(copy.c_str(), "cpu%u %llu %llu %llu %llu %llu %llu", &cpu, &user, &nice, &sys,
                    &idle, &iowait, &irq) != 7) {
      break;
    }
    if (cpu >= kMaxCpus) {
      continue;
    }
    if (cpu >= byNumber.size()) {
      byNumber.resize(cpu + 1);
      present.resize(cpu + 1);
    }
    CpuSample& c = byNumber[cpu];
    c.user = user * kMsPerTick;
    c.nice = nice * kMsPerTick;
    c.sys = sys * kMsPerTick;
    c.idle = idle * kMsPerTick;
    c.irq = irq * kMsPerTick;
    c.model = "unknown";
    present[cpu] = true;
  }

  // /proc/cpuinfo: blocks of "key\t: value" lines starting with "processor\t: N", separated by
  // blank lines; the model is the "model name" line's value.
  if (Result<std::string> info = readProcFile("/proc/cpuinfo")) {
    std::string_view all = *info;
    constexpr std::string_view kProcessor = "processor\t: ";
    constexpr std::string_view kModel = "model name\t: ";
    long current = -1;
    for (size_t pos = 0; pos < all.size();) {
      Line line = lineAt(all, pos);
      pos = line.next;
      if (line.text.starts_with(kProcessor)) {
        current =
            std::strtol(std::string(line.text.substr(kProcessor.size())).c_str(), nullptr, 10);
      } else if (line.text.starts_with(kModel) && current >= 0 &&
                 size_t(current) < byNumber.size()) {
        byNumber[size_t(current)].model = std::string(line.text.substr(kModel.size()));
      } else if (line.text.empty()) {
        current = -1;
      }
    }
  }

  std::vector<CpuSample> out;
  for (size_t cpu = 0; cpu < byNumber.size(); ++cpu) {
    if (!present[cpu]) {
      continue;
    }
    char path[96];
    std::snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%zu/cpufreq/scaling_cur_freq",
                  cpu);
    if (Result<std::string> freq = readProcFile(path)) {
      unsigned long long khz = 0;
      if (std::sscanf(freq->c_str(), "%llu", &khz) == 1) {
        byNumber[cpu].speedMhz = khz / 1000;
      }
    }
    out.push_back(std::move(byNumber[cpu]));
  }
  return out;
}

}  // namespace nodecc::os::core
