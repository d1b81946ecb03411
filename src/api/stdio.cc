// process.stdout and process.stderr: synchronous, whole writes through os::core::writeAll, and the
// terminal queries of tty.WriteStream.
#include "os/stdio.h"

#include <cstdlib>
#include <string>

#include "nodecc/process.h"
#include "os/signals.h"

namespace nodecc::process {

thread_local WriteStream stdout(1);
thread_local WriteStream stderr(2);

namespace {

bool ignoreSigpipeOnce() {
  // As Node at start: a write to a closed pipe is an EPIPE error, never a fatal signal.
  os::core::ignoreBrokenPipeSignal();
  return true;
}

bool envSet(const char* name) {
  return std::getenv(name) != nullptr;
}

std::string envValue(const char* name) {
  const char* v = std::getenv(name);
  return v ? std::string(v) : std::string();
}

}  // namespace

WriteStream::WriteStream(int fd)
    : fd(fd), isTTY(os::core::fdKind(fd) == os::core::FdKind::kTerminal) {
  static const bool ignored = ignoreSigpipeOnce();
  (void)ignored;
}

bool WriteStream::write(std::string_view chunk) {
  if (failed_) {
    return false;
  }
  if (chunk.empty()) {
    return true;
  }
  os::core::Result<size_t> r = os::core::writeAll(fd, chunk.data(), chunk.size());
  if (!r.ok()) {
    return fail(r.error(), nullptr);
  }
  return true;
}

bool WriteStream::write(std::string_view chunk, UniqueFunction<void(Error*)> callback) {
  if (failed_) {
    return false;
  }
  if (!chunk.empty()) {
    os::core::Result<size_t> r = os::core::writeAll(fd, chunk.data(), chunk.size());
    if (!r.ok()) {
      return fail(r.error(), std::move(callback));
    }
  }
  if (callback) {
    nextTick([cb = std::move(callback)]() mutable { cb(nullptr); });
  }
  return true;
}

bool WriteStream::fail(int err, UniqueFunction<void(Error*)> callback) {
  failed_ = true;
  // As a Node stream: the callback gets the error, then 'error' is emitted, both after the
  // current operation (an unhandled 'error' is then an uncaught exception).
  nextTick([this, err, cb = std::move(callback)]() mutable {
    Error e = Error::fromErrno(err, "write");
    if (cb) {
      cb(&e);
    }
    emit("error", static_cast<const Error&>(e));
  });
  return false;
}

int WriteStream::columns() const {
  os::core::Result<os::core::WindowSize> ws = os::core::terminalSize(fd);
  return ws.ok() ? ws->columns : 0;
}

int WriteStream::rows() const {
  os::core::Result<os::core::WindowSize> ws = os::core::terminalSize(fd);
  return ws.ok() ? ws->rows : 0;
}

// Node's getColorDepth (lib/internal/tty.js), without the Windows and CI branches.
int WriteStream::getColorDepth() const {
  constexpr int kColors2 = 1;
  constexpr int kColors16 = 4;
  constexpr int kColors256 = 8;
  constexpr int kColors16m = 24;
  if (envSet("FORCE_COLOR")) {
    std::string f = envValue("FORCE_COLOR");
    if (f.empty() || f == "1" || f == "true") {
      return kColors16;
    }
    return f == "2" ? kColors256 : f == "3" ? kColors16m : kColors2;
  }
  std::string term = envValue("TERM");
  if (envSet("NODE_DISABLE_COLORS") || envSet("NO_COLOR") || term == "dumb") {
    return kColors2;
  }
  if (envSet("TMUX")) {
    return kColors16m;
  }
  std::string colorterm = envValue("COLORTERM");
  if (colorterm == "truecolor" || colorterm == "24bit") {
    return kColors16m;
  }
  if (!term.empty()) {
    if (term.starts_with("xterm-256")) {
      return kColors256;
    }
    for (char& c : term) {
      if (c >= 'A' && c <= 'Z') {
        c = char(c + 32);
      }
    }
    if (term == "mosh" || term == "rxvt-unicode-24bit" || term == "terminator" ||
        term == "xterm-kitty") {
      return kColors16m;
    }
    static constexpr std::string_view k16[] = {"eterm",  "cons25", "console", "cygwin",  "dtterm",
                                               "gnome",  "hurd",   "jfbterm", "konsole", "kterm",
                                               "mlterm", "putty",  "st"};
    for (std::string_view t : k16) {
      if (term == t) {
        return kColors16;
      }
    }
    static constexpr std::string_view kContains[] = {"ansi", "color", "linux", "direct"};
    for (std::string_view t : kContains) {
      if (term.find(t) != std::string::npos) {
        return kColors16;
      }
    }
    static constexpr std::string_view kPrefixes[] = {"rxvt", "screen", "xterm", "vt100", "vt220"};
    for (std::string_view t : kPrefixes) {
      if (term.starts_with(t)) {
        return kColors16;
      }
    }
    // /^con[0-9]*x[0-9]/
    if (term.starts_with("con")) {
      size_t i = 3;
      while (i < term.size() && term[i] >= '0' && term[i] <= '9') {
        ++i;
      }
      if (i + 1 < term.size() && term[i] == 'x' && term[i + 1] >= '0' && term[i + 1] <= '9') {
        return kColors16;
      }
    }
  }
  return colorterm.empty() ? kColors2 : kColors16;
}

bool WriteStream::shouldColorize() const {
  return isTTY && getColorDepth() > 2;
}

}  // namespace nodecc::process
