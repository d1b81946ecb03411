#include "nodecc/process.h"

#include <limits.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>

#include "api/cwd_cache.h"
#include "api/runtime.h"
#include "api/signal_names.h"
#include "api/system_error.h"
#include "cluster/worker_group.h"
#include "nodecc/os.h"
#include "os/clock.h"
#include "os/fs_ops.h"
#include "os/process_info.h"
#include "os/process_stats.h"
#include "os/signals.h"
#include "recorder/recorder.h"

extern char** environ;

namespace nodecc {

namespace detail {
UniqueFunction<void()>& tickSlot() {
  return detail::Runtime::current().tickSlot();
}
}  // namespace detail

namespace process {

thread_local int exitCode = 0;

namespace {

// The process object: signal events start and stop signal delivery as listeners come and go.
class ProcessEmitter final : public EventEmitter {
 protected:
  void listenerCountChanged(std::string_view event, size_t count) override {
    int signo = detail::signalNumber(event);
    if (signo == 0 || (cluster::core::inWorker() && (signo == SIGINT || signo == SIGTERM))) {
      // A cluster owns SIGINT and SIGTERM: it emits them on every worker itself.
      return;
    }
    if (count > 0) {
      detail::Runtime::current().watchSignal(signo);
    } else if (detail::Runtime* rt = detail::Runtime::currentIfAny()) {
      rt->unwatchSignal(signo);
    }
  }
};

const uint64_t kStartNs = os::core::monotonicNs();
thread_local ProcessEmitter* tEmitter = nullptr;
thread_local bool exiting = false;

}  // namespace

EventEmitter& emitter() {
  // One process object per thread: the main thread's, and one per cluster worker (as each
  // Node cluster worker has its own). Never freed: 'exit' listeners may run while the thread's
  // other objects are going away. The main thread's lives as long as the process; a worker's
  // is freed by the cluster when the worker ends (releaseThreadEmitter).
  if (tEmitter == nullptr) {
    tEmitter = new ProcessEmitter;
  }
  return *tEmitter;
}

}  // namespace process

namespace detail {

namespace {
std::atomic<uint64_t> gCwdGeneration{1};
thread_local uint64_t tCwdGeneration = 0;
thread_local std::string tCwd;
}  // namespace

const std::string& currentWorkingDirectory() {
  uint64_t generation = gCwdGeneration.load(std::memory_order_acquire);
  if (generation != tCwdGeneration) {
    os::core::Result<std::string> r = os::core::currentDirectory();
    if (!r) {
      throw Error::fromErrno(r.error(), "uv_cwd");
    }
    tCwd = std::move(*r);
    tCwdGeneration = generation;
  }
  return tCwd;
}

void forgetWorkingDirectory() {
  gCwdGeneration.fetch_add(1, std::memory_order_release);
}

void releaseThreadProcess() {
  delete process::tEmitter;
  process::tEmitter = nullptr;
  process::exitCode = 0;
  process::exiting = false;
}

void emitExitOfRun() {
  // run() ended: 'exit' for its listeners; process::exit() from one of them does not emit
  // again, and a later process::exit() still emits (run() may be called more than once).
  if (process::exiting) {
    return;
  }
  emitExit();
  process::exiting = false;
}

void emitExit() {
  if (process::exiting) {
    return;
  }
  process::exiting = true;
  try {
    int code = process::exitCode;  // listeners get the code as it was, not as others change it
    process::emit("exit", code);
  } catch (...) {
    printUncaught(std::current_exception());
  }
}

void exitProcess(int code) {
  process::exitCode = code;
  emitExit();
  code = process::exitCode;
  std::fflush(nullptr);
  recorder::core::flushFiles();
  recorder::core::programExiting(code);
  // As process.exit(): pending work is abandoned, no destructor waits for it.
  std::_Exit(code);
}

}  // namespace detail

namespace process {

void exit(std::optional<int> code) {
  detail::exitProcess(code.value_or(exitCode));
}

void abort() {
  std::abort();
}

std::array<uint64_t, 2> HrTime::operator()() const {
  uint64_t ns = os::core::monotonicNs();
  return {ns / 1000000000u, ns % 1000000000u};
}

std::array<uint64_t, 2> HrTime::operator()(const std::array<uint64_t, 2>& prev) const {
  uint64_t now = os::core::monotonicNs();
  uint64_t before = prev[0] * 1000000000u + prev[1];
  uint64_t d = now - before;
  return {d / 1000000000u, d % 1000000000u};
}

uint64_t HrTime::bigint() const {
  return os::core::monotonicNs();
}

double uptime() {
  return double(os::core::monotonicNs() - kStartNs) / 1e9;
}

MemoryUsage memoryUsage() {
  os::core::MemoryStats m = os::core::memoryStats();
  return MemoryUsage{m.rss, m.heapTotal, m.heapUsed, 0, 0};
}

CpuUsage cpuUsage() {
  os::core::CpuStats c = os::core::cpuStats();
  return CpuUsage{c.userMicros, c.systemMicros};
}

CpuUsage cpuUsage(const CpuUsage& previous) {
  CpuUsage now = cpuUsage();
  return CpuUsage{now.user - previous.user, now.system - previous.system};
}

std::string Env::operator[](std::string_view name) const {
  return get(name).value_or("");
}

std::optional<std::string> Env::get(std::string_view name) const {
  const char* v = std::getenv(std::string(name).c_str());
  if (!v) {
    return std::nullopt;
  }
  return std::string(v);
}

bool Env::has(std::string_view name) const {
  return get(name).has_value();
}

void Env::set(std::string_view name, std::string_view value) const {
  setenv(std::string(name).c_str(), std::string(value).c_str(), 1);
}

void Env::erase(std::string_view name) const {
  unsetenv(std::string(name).c_str());
}

std::vector<std::pair<std::string, std::string>> Env::entries() const {
  std::vector<std::pair<std::string, std::string>> out;
  for (char** e = environ; e && *e; ++e) {
    std::string_view kv(*e);
    size_t eq = kv.find('=');
    if (eq != std::string_view::npos) {
      out.emplace_back(std::string(kv.substr(0, eq)), std::string(kv.substr(eq + 1)));
    }
  }
  return out;
}

namespace {

struct Launch {
  std::string execPath;
  std::string argv0;
  std::vector<std::string> argv;
};

// Read once, the first time anything asks: neither changes while the process runs.
const Launch& launch() {
  static const Launch l = [] {
    Launch out;
    os::core::Result<std::vector<std::string>> cmd = os::core::commandLine();
    std::vector<std::string> args = cmd ? std::move(*cmd) : std::vector<std::string>{};
    os::core::Result<std::string> exe = os::core::executablePath();
    out.argv0 = args.empty() ? std::string() : args.front();
    out.execPath = exe ? std::move(*exe) : out.argv0;
    // Node's layout: [execPath, the script's absolute path, user arguments...]. A compiled
    // program is its own script, so argv[1] is the executable's path too.
    out.argv.reserve(args.size() + 1);
    out.argv.push_back(out.execPath);
    out.argv.push_back(out.execPath);
    for (size_t i = 1; i < args.size(); ++i) {
      out.argv.push_back(std::move(args[i]));
    }
    return out;
  }();
  return l;
}

}  // namespace

const std::vector<std::string>& argv() {
  return launch().argv;
}

const std::string& argv0() {
  return launch().argv0;
}

const std::string& execPath() {
  return launch().execPath;
}

int pid() {
  return int(getpid());
}
int ppid() {
  return int(getppid());
}

bool kill(int pid, int signal) {
  os::core::Result<void> r = os::core::sendSignal(pid, signal);
  if (!r) {
    throw detail::errnoException(r.error(), "kill");
  }
  return true;
}

bool kill(int pid, std::string_view signal) {
  std::optional<int> number = os::constants::signals.get(signal);
  if (!number) {
    throw TypeError("ERR_UNKNOWN_SIGNAL", "Unknown signal: " + std::string(signal));
  }
  return kill(pid, *number);
}

std::string cwd() {
  return detail::currentWorkingDirectory();
}

void chdir(std::string_view dir) {
  std::string d(dir);
  os::core::Result<void> r = os::core::changeDirectory(d.c_str());
  if (!r) {
    throw Error::fromErrno(r.error(), "chdir", d);
  }
  detail::forgetWorkingDirectory();
}

void emitWarning(std::string_view message, std::string_view type, std::string_view code) {
  Error w{std::string(message)};
  w.name = std::string(type);
  w.code = std::string(code);
  // Printed and emitted from a nextTick, as Node does, as "(nodecc:PID) [CODE] Type: message".
  nextTick([w = std::move(w)] {
    std::string codePart = w.code.empty() ? "" : "[" + w.code + "] ";
    process::stderr.write("(nodecc:" + std::to_string(pid()) + ") " + codePart + w.name + ": " +
                          w.message + "\n");
    emitter().emit("warning", static_cast<const Error&>(w));
  });
}

}  // namespace process
}  // namespace nodecc
