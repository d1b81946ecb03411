// os: the functions that read one thing each, through src/os/system_info.h.
#include "nodecc/os.h"

#include <bit>
#include <string>

#include "api/os/system_error.h"
#include "nodecc/process.h"
#include "os/system_info.h"

namespace nodecc::os {

namespace detail {

Error systemError(int err, std::string_view syscall) {
  std::string message = "A system error occurred: " + std::string(syscall) + " returned " +
                        std::string(errnoName(err)) + " (" + std::string(errnoMessage(err)) + ")";
  Error e("ERR_SYSTEM_ERROR", std::move(message));
  e.name = "SystemError";
  e.errnum = err;
  e.syscall = std::string(syscall);
  return e;
}

}  // namespace detail

namespace {

core::KernelIdentity kernel() {
  core::Result<core::KernelIdentity> k = core::kernelIdentity();
  if (!k) {
    throw detail::systemError(k.error(), "uv_os_uname");
  }
  return std::move(*k);
}

}  // namespace

std::string hostname() {
  core::Result<std::string> name = core::hostName();
  if (!name) {
    throw detail::systemError(name.error(), "uv_os_gethostname");
  }
  return std::move(*name);
}

std::vector<CpuInfo> cpus() {
  // Node returns an empty list when uv_cpu_info fails.
  core::Result<std::vector<core::CpuSample>> samples = core::cpuSamples();
  std::vector<CpuInfo> out;
  if (!samples) {
    return out;
  }
  out.reserve(samples->size());
  for (core::CpuSample& s : *samples) {
    out.push_back(CpuInfo{std::move(s.model), s.speedMhz, {s.user, s.nice, s.sys, s.idle, s.irq}});
  }
  return out;
}

uint64_t totalmem() {
  return core::memoryTotalBytes();
}

uint64_t freemem() {
  return core::memoryAvailableBytes();
}

unsigned availableParallelism() {
  return core::parallelism();
}

std::string tmpdir() {
  std::string dir;
  for (const char* name : {"TMPDIR", "TMP", "TEMP"}) {
    dir = process::env[name];
    if (!dir.empty()) {
      break;
    }
  }
  if (dir.empty()) {
    dir = "/tmp";
  }
  if (dir.size() > 1 && dir.back() == '/') {
    dir.pop_back();
  }
  return dir;
}

std::string homedir() {
  std::string home = process::env["HOME"];
  if (!home.empty()) {
    return home;
  }
  core::Result<core::PasswdEntry> entry = core::effectiveUserEntry();
  if (!entry) {
    throw detail::systemError(entry.error(), "uv_os_homedir");
  }
  return std::move(entry->homedir);
}

std::string_view platform() {
  return "linux";
}

std::string_view arch() {
  // process.arch's names for the compiler's target.
#if defined(__x86_64__)
  return "x64";
#elif defined(__aarch64__)
  return "arm64";
#elif defined(__i386__)
  return "ia32";
#elif defined(__arm__)
  return "arm";
#elif defined(__riscv) && __riscv_xlen == 64
  return "riscv64";
#elif defined(__powerpc64__)
  return "ppc64";
#elif defined(__s390x__)
  return "s390x";
#else
  return "unknown";
#endif
}

std::string type() {
  return kernel().sysname;
}

std::string release() {
  return kernel().release;
}

std::string version() {
  return kernel().version;
}

std::string machine() {
  return kernel().machine;
}

std::string_view endianness() {
  return std::endian::native == std::endian::little ? "LE" : "BE";
}

std::array<double, 3> loadavg() {
  return core::loadAverages();
}

double uptime() {
  core::Result<double> seconds = core::secondsSinceBoot();
  if (!seconds) {
    throw detail::systemError(seconds.error(), "uv_uptime");
  }
  return *seconds;
}

UserInfo userInfo() {
  core::Result<core::PasswdEntry> entry = core::effectiveUserEntry();
  if (!entry) {
    throw detail::systemError(entry.error(), "uv_os_get_passwd");
  }
  return UserInfo{entry->uid, entry->gid, std::move(entry->username), std::move(entry->homedir),
                  std::move(entry->shell)};
}

int getPriority(int pid) {
  core::Result<int> p = core::processPriority(pid);
  if (!p) {
    throw detail::systemError(p.error(), "uv_os_getpriority");
  }
  return *p;
}

void setPriority(int pid, int priority) {
  core::Result<void> r = core::setProcessPriority(pid, priority);
  if (!r) {
    throw detail::systemError(r.error(), "uv_os_setpriority");
  }
}

void setPriority(int priority) {
  setPriority(0, priority);
}

}  // namespace nodecc::os
