#pragma once
// Node's `os` module on Linux: the same values as Node.js 20 (libuv 1.46) on the same machine.
// Every function reads the system when called (nothing is cached) and is thread-safe. A
// function that cannot read what it needs throws nodecc::Error as Node's SystemError: code
// "ERR_SYSTEM_ERROR", err.errnum and err.syscall set, message "A system error occurred:
// uv_os_gethostname returned ENOENT (no such file or directory)". docs/os.md lists the
// differences from Node.
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace nodecc::os {

// os.EOL and os.devNull.
inline constexpr std::string_view EOL = "\n";
inline constexpr std::string_view devNull = "/dev/null";

// os.hostname().
std::string hostname();

// os.cpus(): one entry per logical CPU. speed is in MHz (0 when the kernel has no cpufreq
// driver, as in most virtual machines), times in milliseconds.
struct CpuTimes {
  uint64_t user = 0;
  uint64_t nice = 0;
  uint64_t sys = 0;
  uint64_t idle = 0;
  uint64_t irq = 0;
};
struct CpuInfo {
  std::string model;
  uint64_t speed = 0;
  CpuTimes times;
};
std::vector<CpuInfo> cpus();

// os.totalmem() and os.freemem() in bytes (freemem is MemAvailable, as libuv reads it).
uint64_t totalmem();
uint64_t freemem();
// os.availableParallelism(): the CPUs this process may run on, at least 1.
unsigned availableParallelism();

// os.tmpdir(): $TMPDIR, else $TMP, else $TEMP, else "/tmp"; one trailing '/' removed (not
// from "/").
std::string tmpdir();
// os.homedir(): $HOME when set and not empty, else the user's passwd entry.
std::string homedir();

// os.platform(), os.arch(), os.type(), os.release(), os.version(), os.machine() and
// os.endianness(): "linux", the architecture nodecc was compiled for in Node's names ("x64",
// "arm64", ...), then uname(2)'s sysname, release, version and machine, and "LE" or "BE".
std::string_view platform();
std::string_view arch();
std::string type();
std::string release();
std::string version();
std::string machine();
std::string_view endianness();

// os.networkInterfaces(): the addresses of the interfaces that are up and running, by
// interface name, in Node's key order. family is "IPv4" or "IPv6"; mac is
// "00:00:00:00:00:00" when the interface has none; cidr is std::nullopt (Node's null) when the
// netmask is not contiguous; scopeid is set for IPv6 addresses only.
struct NetworkInterfaceInfo {
  std::string address;
  std::string netmask;
  std::string family;
  std::string mac;
  bool internal = false;
  std::optional<std::string> cidr;
  std::optional<uint32_t> scopeid;
};
// Node's object, keys in order: iterate it as Object.entries(), look a name up with find() or
// operator[] (an empty list when absent: Node's undefined). On a temporary
// (`os::networkInterfaces()["lo"]`) operator[] returns the list itself, not a reference into
// the temporary.
class NetworkInterfaces {
 public:
  using Entry = std::pair<std::string, std::vector<NetworkInterfaceInfo>>;
  const std::vector<NetworkInterfaceInfo>* find(std::string_view name) const;
  const std::vector<NetworkInterfaceInfo>& operator[](std::string_view name) const&;
  std::vector<NetworkInterfaceInfo> operator[](std::string_view name) &&;
  std::vector<Entry>::const_iterator begin() const { return entries.begin(); }
  std::vector<Entry>::const_iterator end() const { return entries.end(); }
  size_t size() const { return entries.size(); }
  bool empty() const { return entries.empty(); }

  std::vector<Entry> entries;
};
NetworkInterfaces networkInterfaces();

// os.loadavg(): the 1, 5 and 15 minute load averages.
std::array<double, 3> loadavg();
// os.uptime(): seconds since boot (to the hundredth, as /proc/uptime gives it).
double uptime();

// os.userInfo(): the effective user's passwd entry (the encoding option is not offered).
struct UserInfo {
  int64_t uid = 0;
  int64_t gid = 0;
  std::string username;
  std::string homedir;
  std::string shell;
};
UserInfo userInfo();

// os.getPriority([pid]) and os.setPriority([pid, ]priority): the nice value (-20..19) of a
// process, 0 meaning this one.
int getPriority(int pid = 0);
void setPriority(int pid, int priority);
void setPriority(int priority);

// os.constants: signals, errno, priority and dlopen, by Node's names. C++ difference: the
// names are macros in C and C++ (SIGINT, ENOENT, errno itself), so the tables are looked up by
// string: `os::constants::signals["SIGINT"]`, and Node's os.constants.errno is
// os::constants::errnum (as Node's err.errno is Error::errnum).
namespace constants {

struct Constant {
  std::string_view name;
  int value;
};

// A table in Node's key order; iterate it as Object.entries().
class ConstantTable {
 public:
  constexpr explicit ConstantTable(std::span<const Constant> entries) : entries_(entries) {}
  // The value, or std::nullopt (Node's undefined).
  std::optional<int> get(std::string_view name) const;
  // The value, or 0 when the name is not in the table (use get() to tell).
  int operator[](std::string_view name) const { return get(name).value_or(0); }
  const Constant* begin() const { return entries_.data(); }
  const Constant* end() const { return entries_.data() + entries_.size(); }
  size_t size() const { return entries_.size(); }

 private:
  std::span<const Constant> entries_;
};

extern const ConstantTable signals;
extern const ConstantTable errnum;
extern const ConstantTable priority;
extern const ConstantTable dlopen;

}  // namespace constants

}  // namespace nodecc::os
