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
// process.kill(pid[, signal]): sends a signal, by Node's name ("SIGTERM" by default, any name in
// os::constants::signals) or by number (0 only checks that pid exists). Returns true, as Node.
// Throws Error "kill ESRCH" (code, errnum and syscall "kill", as Node's) when the system refuses,
// TypeError ERR_UNKNOWN_SIGNAL "Unknown signal: NAME" for a name Linux does not have.
bool kill(int pid, std::string_view signal = "SIGTERM");
bool kill(int pid, int signal);
// process.cwd(): cached until process::chdir(), as Node caches it; throws Error (ENOENT,
// syscall "uv_cwd") when the directory is gone.
std::string cwd();
// process.chdir(dir): throws Error on failure.
void chdir(std::string_view dir);
inline constexpr std::string_view platform = "linux";
inline constexpr std::string_view arch = "x64";

// process.stdout and process.stderr (Node's tty.WriteStream, fs.SyncWriteStream or net.Socket
// over fd 1 and 2). Each write() is one write(2) of the whole chunk, made before write()
// returns, whatever fd 1 is (a file, a pipe, a socket, a terminal): nothing is buffered in the
// process, so a line written is never lost to a crash or a signal and a pipe's reader sees it
// at once. Node on Linux writes files and terminals the same way; on a pipe it writes at once
// too but queues what the pipe cannot take and finishes from the event loop, where nodecc
// waits for the reader (poll(2)) instead: see docs/console.md. A failed write (EPIPE when the
// reader is gone) emits 'error' (an Error with code and syscall "write") in a nextTick; with
// no 'error' listener that is an uncaught exception, as in Node. Later writes are dropped.
// One object per thread, like the process object (each cluster worker has its own); they all
// write to the same fds.
class WriteStream : public EventEmitter {
 public:
  explicit WriteStream(int fd);
  // stream.write(chunk[, callback]): true, false once the stream has failed. The callback
  // runs in a nextTick with nullptr, or with the Error.
  bool write(std::string_view chunk);
  bool write(std::string_view chunk, UniqueFunction<void(Error*)> callback);
  // The fd this stream writes (stream.fd).
  const int fd;
  // stream.isTTY: the fd is a terminal (Node leaves it undefined otherwise).
  const bool isTTY;
  // stream.columns / stream.rows: the terminal's size, 0 when not a terminal.
  int columns() const;
  int rows() const;
  // tty.WriteStream's getColorDepth(): 1, 4, 8 or 24 bits, from FORCE_COLOR, NO_COLOR,
  // NODE_DISABLE_COLORS, COLORTERM and TERM; hasColors(count) compares 2^depth with count.
  int getColorDepth() const;
  bool hasColors(int count = 16) const { return (1LL << getColorDepth()) >= count; }
  // Whether console output to this stream is coloured: a terminal with more than 2^2 colours.
  bool shouldColorize() const;

 private:
  bool fail(int err, UniqueFunction<void(Error*)> callback);
  bool failed_ = false;
};
extern thread_local WriteStream stdout;
extern thread_local WriteStream stderr;

// process.emitWarning(message[, type]): emits 'warning' and prints
// "(nodecc:PID) Type: message" to stderr, as Node does.
void emitWarning(std::string_view message, std::string_view type = "Warning",
                 std::string_view code = {});

}  // namespace process
}  // namespace nodecc
