#include "os/system_info.h"

#include <pwd.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/sysinfo.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <vector>

#include "os/proc_file.h"

namespace nodecc::os::core {

namespace {

// A "Name:   N kB" line of /proc/meminfo in bytes, or 0 (libuv's uv__read_proc_meminfo).
uint64_t meminfoBytes(const char* name) {
  Result<std::string> text = readProcFile("/proc/meminfo");
  if (!text) {
    return 0;
  }
  size_t at = text->find(name);
  if (at == std::string::npos) {
    return 0;
  }
  uint64_t kib = 0;
  if (std::sscanf(text->c_str() + at + std::strlen(name), "%" SCNu64, &kib) != 1) {
    return 0;
  }
  return kib * 1024;
}

}  // namespace

Result<KernelIdentity> kernelIdentity() {
  utsname u{};
  if (::uname(&u) != 0) {
    return lastErrno();
  }
  return KernelIdentity{u.sysname, u.release, u.version, u.machine};
}

Result<std::string> hostName() {
  char buf[256 + 1] = {};  // HOST_NAME_MAX is 64 on Linux; libuv allows 256
  if (::gethostname(buf, sizeof buf - 1) != 0) {
    return lastErrno();
  }
  return std::string(buf);
}

uint64_t memoryTotalBytes() {
  if (uint64_t bytes = meminfoBytes("MemTotal:")) {
    return bytes;
  }
  struct sysinfo info {};
  if (::sysinfo(&info) == 0) {
    return uint64_t(info.totalram) * info.mem_unit;
  }
  return 0;
}

uint64_t memoryAvailableBytes() {
  if (uint64_t bytes = meminfoBytes("MemAvailable:")) {
    return bytes;
  }
  struct sysinfo info {};
  if (::sysinfo(&info) == 0) {
    return uint64_t(info.freeram) * info.mem_unit;
  }
  return 0;
}

unsigned parallelism() {
  cpu_set_t set;
  CPU_ZERO(&set);
  long count = 0;
  if (::sched_getaffinity(0, sizeof set, &set) == 0) {
    count = CPU_COUNT(&set);
  } else {
    count = ::sysconf(_SC_NPROCESSORS_ONLN);
  }
  return count < 1 ? 1u : unsigned(count);
}

std::array<double, 3> loadAverages() {
  std::array<double, 3> avg{};
  Result<std::string> text = readProcFile("/proc/loadavg");
  if (text && std::sscanf(text->c_str(), "%lf %lf %lf", &avg[0], &avg[1], &avg[2]) == 3) {
    return avg;
  }
  struct sysinfo info {};
  if (::sysinfo(&info) == 0) {
    for (size_t i = 0; i < 3; ++i) {
      avg[i] = double(info.loads[i]) / 65536.0;
    }
  }
  return avg;
}

Result<double> secondsSinceBoot() {
  // /proc/uptime first: CLOCK_BOOTTIME is wrong in some containers (OpenVZ), libuv says.
  Result<std::string> text = readProcFile("/proc/uptime");
  double seconds = 0;
  if (text && std::sscanf(text->c_str(), "%lf", &seconds) == 1) {
    return seconds;
  }
  timespec now{};
  if (::clock_gettime(CLOCK_BOOTTIME, &now) != 0) {
    return lastErrno();
  }
  return double(now.tv_sec);
}

Result<PasswdEntry> effectiveUserEntry() {
  uid_t uid = ::geteuid();
  long suggested = ::sysconf(_SC_GETPW_R_SIZE_MAX);
  std::vector<char> buf(suggested > 0 ? size_t(suggested) : 4096);
  for (;;) {
    passwd pw{};
    passwd* result = nullptr;
    int rc = ::getpwuid_r(uid, &pw, buf.data(), buf.size(), &result);
    if (rc == ERANGE) {
      buf.resize(buf.size() * 2);
      continue;
    }
    if (rc != 0) {
      return Errno{-rc};
    }
    if (result == nullptr) {
      return Errno{-ENOENT};  // no entry for this uid (libuv reports UV_ENOENT)
    }
    return PasswdEntry{uint32_t(pw.pw_uid), uint32_t(pw.pw_gid), pw.pw_name, pw.pw_dir,
                       pw.pw_shell ? pw.pw_shell : ""};
  }
}

Result<int> processPriority(int pid) {
  errno = 0;
  int priority = ::getpriority(PRIO_PROCESS, id_t(pid));
  if (priority == -1 && errno != 0) {
    return lastErrno();
  }
  return priority;
}

Result<void> setProcessPriority(int pid, int priority) {
  if (::setpriority(PRIO_PROCESS, id_t(pid), priority) != 0) {
    return lastErrno();
  }
  return {};
}

}  // namespace nodecc::os::core
