#pragma once
// Node's `process` (the parts that make sense in C++) and queueMicrotask.
//
// Events on process::on(...) and their payloads:
//   "exit"               (int code)          the process is about to exit
//   "beforeExit"         (int code)          the loop has emptied; scheduling work continues it
//   "uncaughtException"  (std::exception_ptr error, std::string origin)
//   "unhandledRejection" (std::exception_ptr reason)
//   "warning"            (const Error& warning)
//   "SIGINT", "SIGTERM", "SIGHUP", ... (std::string signal, int number)
// Without an 'uncaughtException' listener an exception escaping a callback prints the error
// and exits with code 1 ('exit' listeners run); without an 'unhandledRejection' listener an
// unhandled rejection is raised as an uncaught exception (Node's default). Without a listener,
// SIGINT and SIGTERM end the process as their default action does.
#include <array>
#include <cstdint>
#include <exception>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "nodecc/events.h"
#include "nodecc/function.h"

namespace nodecc {

namespace detail {
// An empty slot at the tail of the nextTick queue, for nextTick to construct its callable in
// (a slot left empty, when that construction throws, is skipped).
UniqueFunction<void()>& tickSlot();
void enqueueMicrotask(UniqueFunction<void()> task);
}  // namespace detail

// queueMicrotask(cb): runs cb after the current callback and the nextTick queue.
template <class F>
void queueMicrotask(F&& cb) {
  detail::enqueueMicrotask(UniqueFunction<void()>(std::forward<F>(cb)));
}

namespace process {

// process.nextTick(cb, ...args): runs after the current callback, before promise
// continuations and before the loop continues.
template <class F, class... A>
void nextTick(F&& cb, A&&... args) {
  if constexpr (sizeof...(A) == 0) {
    detail::tickSlot().emplace(std::forward<F>(cb));
  } else {
    detail::tickSlot().emplace(
        [f = std::forward<F>(cb), t = std::make_tuple(std::forward<A>(args)...)]() mutable {
          std::apply(f, t);
        });
  }
}

// The process object as an EventEmitter.
EventEmitter& emitter();
template <class F>
EventEmitter& on(std::string_view event, F&& listener) {
  return emitter().on(event, std::forward<F>(listener));
}
template <class F>
EventEmitter& once(std::string_view event, F&& listener) {
  return emitter().once(event, std::forward<F>(listener));
}
template <class F>
EventEmitter& off(std::string_view event, const F& listener) {
  return emitter().off(event, listener);
}
template <class... A>
bool emit(std::string_view event, A&&... args) {
  return emitter().emit(event, std::forward<A>(args)...);
}
inline size_t listenerCount(std::string_view event) {
  return emitter().listenerCount(event);
}
inline EventEmitter& removeAllListeners(std::string_view event) {
  return emitter().removeAllListeners(event);
}

// process.exitCode: the code run() returns and exit() uses by default. Per thread, like the
// process object itself: each cluster worker has its own, as each Node cluster worker has.
extern thread_local int exitCode;
// Emits 'exit' and ends the process now (pending work is abandoned), as process.exit().
[[noreturn]] void exit(std::optional<int> code = std::nullopt);
// process.abort().
[[noreturn]] void abort();

// process.hrtime([prev]) -> [seconds, nanoseconds]; process.hrtime.bigint() -> nanoseconds.
struct HrTime {
  std::array<uint64_t, 2> operator()() const;
  std::array<uint64_t, 2> operator()(const std::array<uint64_t, 2>& prev) const;
  uint64_t bigint() const;
};
inline constexpr HrTime hrtime{};
// process.uptime(): seconds since the process started.
double uptime();

struct MemoryUsage {
  uint64_t rss;
  uint64_t heapTotal;
  uint64_t heapUsed;
  uint64_t external;
  uint64_t arrayBuffers;
};
MemoryUsage memoryUsage();

struct CpuUsage {
  uint64_t user;    // microseconds
  uint64_t system;  // microseconds
};
CpuUsage cpuUsage();
CpuUsage cpuUsage(const CpuUsage& previous);

// process.env: reads and writes the environment.
class Env {
 public:
  // The value, or "" when unset (Node gives undefined: use has() or get() to tell).
  std::string operator[](std::string_view name) const;
  std::optional<std::string> get(std::string_view name) const;
  bool has(std::string_view name) const;
  void set(std::string_view name, std::string_view value) const;
  void erase(std::string_view name) const;
  std::vector<std::pair<std::string, std::string>> entries() const;
};
inline constexpr Env env{};

// process.argv, with Node's indices: argv()[0] is the executable (process.execPath), argv()[1]
// the program (for a compiled program the executable again: it is its own script), and the
// command line's arguments start at argv()[2], so `process.argv[2]` and
// `process.argv.slice(2)` convert as they are. Read from /proc/self/cmdline once.
const std::vector<std::string>& argv();
// process.argv0: argv[0] exactly as the program was started (not resolved).
const std::string& argv0();
// process.execPath: the executable's absolute path, symbolic links resolved
// (/proc/self/exe).
const std::string& execPath();
int pid();
int ppid();
// process.cwd(): cached until process::chdir(), as Node caches it; throws Error (ENOENT,
// syscall "uv_cwd") when the directory is gone.
std::string cwd();
// process.chdir(dir): throws Error on failure.
void chdir(std::string_view dir);
inline constexpr std::string_view platform = "linux";
inline constexpr std::string_view arch = "x64";

// process.emitWarning(message[, type]): emits 'warning' and prints
// "(nodecc:PID) Type: message" to stderr, as Node does.
void emitWarning(std::string_view message, std::string_view type = "Warning",
                 std::string_view code = {});

}  // namespace process
}  // namespace nodecc
