#include "nodecc/process.h"

#include <limits.h>
#include <signal.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>

#include "api/runtime.h"
#include "api/signal_names.h"
#include "cluster/worker_group.h"
#include "os/clock.h"
#include "os/process_stats.h"
#include "os/signals.h"

extern char** environ;

namespace nodecc {

namespace detail {
UniqueFunction<void()>& tickSlot() {
  return api::Runtime::current().tickSlot();
}
}  // namespace detail

namespace process {

thread_local int exitCode = 0;

namespace {

// The process object: signal events start and stop signal delivery as listeners come and go.
class ProcessEmitter final : public EventEmitter {
 protected:
  void listenerCountChanged(std::string_view event, size_t count) override {
    int signo = api::signalNumber(event);
    if (signo == 0 || (cluster::inWorker() && (signo == SIGINT || signo == SIGTERM))) {
      // A cluster owns SIGINT and SIGTERM: it emits them on every worker itself.
      return;
    }
    if (count > 0) {
      api::Runtime::current().watchSignal(signo);
    } else if (api::Runtime* rt = api::Runtime::currentIfAny()) {
      rt->unwatchSignal(signo);
    }
  }
};

const uint64_t kStartNs = os::monotonicNs();
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

namespace api {

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
  // As process.exit(): pending work is abandoned, no destructor waits for it.
  std::_Exit(code);
}

}  // namespace api

namespace process {

void exit(std::optional<int> code) {
  api::exitProcess(code.value_or(exitCode));
}

void abort() {
  std::abort();
}

std::array<uint64_t, 2> HrTime::operator()() const {
  uint64_t ns = os::monotonicNs();
  return {ns / 1000000000u, ns % 1000000000u};
}

std::array<uint64_t, 2> HrTime::operator()(const std::array<uint64_t, 2>& prev) const {
  uint64_t now = os::monotonicNs();
  uint64_t before = prev[0] * 1000000000u + prev[1];
  uint64_t d = now - before;
  return {d / 1000000000u, d % 1000000000u};
}

uint64_t HrTime::bigint() const {
  return os::monotonicNs();
}

double uptime() {
  return double(os::monotonicNs() - kStartNs) / 1e9;
}

MemoryUsage memoryUsage() {
  os::MemoryStats m = os::memoryStats();
  return MemoryUsage{m.rss, m.heapTotal, m.heapUsed, 0, 0};
}

CpuUsage cpuUsage() {
  os::CpuStats c = os::cpuStats();
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

const std::vector<std::string>& argv() {
  static const std::vector<std::string> args = [] {
    std::vector<std::string> out;
    std::ifstream f("/proc/self/cmdline", std::ios::binary);
    std::string all((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    size_t start = 0;
    while (start < all.size()) {
      size_t end = all.find('\0', start);
      if (end == std::string::npos) {
        end = all.size();
      }
      out.push_back(all.substr(start, end - start));
      start = end + 1;
    }
    return out;
  }();
  return args;
}

int pid() {
  return int(getpid());
}
int ppid() {
  return int(getppid());
}

std::string cwd() {
  char buf[PATH_MAX];
  if (!getcwd(buf, sizeof buf)) {
    throw Error::fromErrno(-errno, "uv_cwd");
  }
  return buf;
}

void chdir(std::string_view dir) {
  std::string d(dir);
  if (::chdir(d.c_str()) != 0) {
    throw Error::fromErrno(-errno, "chdir", d);
  }
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
