#pragma once
// What the machine and the user are: part of the determinism seam, read here and only here for
// Node's `os` module (src/api/os builds Node's shapes from these). Each follows libuv 1.46, the
// version in Node 20, so the values are the ones Node reports: the files read and their
// fallbacks are named at each function.
//
// Names here differ from the public os module's (nodecc::os::hostname, cpus, ...), so that
// src/api/os, which calls both, reads unambiguously.
#include <sys/socket.h>
#include <sys/types.h>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "os/result.h"

namespace nodecc::os::core {

// uname(2)'s fields.
struct KernelIdentity {
  std::string sysname;  // "Linux"
  std::string release;  // "6.1.0-13-amd64"
  std::string version;  // "#1 SMP PREEMPT_DYNAMIC Debian 6.1.55-1 (2023-09-29)"
  std::string machine;  // "x86_64"
};
Result<KernelIdentity> kernelIdentity();

// gethostname(2).
Result<std::string> hostName();

// One logical CPU as libuv's uv_cpu_info reports it: the "model name" of /proc/cpuinfo
// ("unknown" when absent), the speed from cpufreq's scaling_cur_freq in MHz (0 without
// cpufreq), and the times of /proc/stat in milliseconds.
struct CpuSample {
  std::string model;
  uint64_t speedMhz = 0;
  uint64_t user = 0;
  uint64_t nice = 0;
  uint64_t sys = 0;
  uint64_t idle = 0;
  uint64_t irq = 0;
};
Result<std::vector<CpuSample>> cpuSamples();

// MemTotal and MemAvailable of /proc/meminfo in bytes; sysinfo(2)'s totalram and freeram when
// the file or the line is missing (as libuv); 0 when both fail.
uint64_t memoryTotalBytes();
uint64_t memoryAvailableBytes();

// The CPUs this process may run on (sched_getaffinity), the online CPUs when that fails; at
// least 1 (libuv 1.46 reads no cgroup quota).
unsigned parallelism();

// /proc/loadavg's three figures, or sysinfo(2)'s loads; zeros when both fail.
std::array<double, 3> loadAverages();

// Seconds since boot: /proc/uptime (to the hundredth), or CLOCK_BOOTTIME in whole seconds.
Result<double> secondsSinceBoot();

// One address of a network interface that is up and running, in getifaddrs(3)'s order, with
// the hardware address of the interface (or of its alias's base: "eth0" for "eth0:1").
struct InterfaceAddress {
  std::string name;
  sockaddr_storage address{};  // AF_INET or AF_INET6
  sockaddr_storage netmask{};
  std::array<uint8_t, 6> mac{};
  bool internal = false;  // IFF_LOOPBACK
};
Result<std::vector<InterfaceAddress>> interfaceAddresses();

// The passwd entry of the effective user (getpwuid_r(geteuid())).
struct PasswdEntry {
  uint32_t uid = 0;
  uint32_t gid = 0;
  std::string username;
  std::string homedir;
  std::string shell;
};
Result<PasswdEntry> effectiveUserEntry();

// getpriority(2)/setpriority(2) of a process (0: this one).
Result<int> processPriority(int pid);
Result<void> setProcessPriority(int pid, int priority);

}  // namespace nodecc::os::core
