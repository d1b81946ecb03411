#pragma once
// Writing to the standard streams (or any fd holding one: a file, a pipe, a socket, a terminal)
// the way Node's process.stdout does on Linux: synchronously, whole. Part of the determinism
// seam: what the kernel says about the fd and every write's result enter here.
#include <cstddef>

#include "os/result.h"

namespace nodecc::os::core {

// What an fd refers to, as Node's tty.isatty / guessHandleType tell them apart.
enum class FdKind { kFile, kPipe, kSocket, kTerminal, kCharDevice, kUnknown, kClosed };
FdKind fdKind(int fd);

// write(2) until all `len` bytes are written: a short write is continued, EINTR retried, and
// EAGAIN (a file description someone else made non-blocking) waited out with poll(2). One
// write(2) call in the usual case. Returns len, or -errno (EPIPE, EBADF, ENOSPC...). A closed
// pipe raises SIGPIPE unless it is ignored (ignoreBrokenPipeSignal, as Node ignores it).
Result<size_t> writeAll(int fd, const void* data, size_t len);

// The terminal's size (TIOCGWINSZ); -ENOTTY when fd is not a terminal.
struct WindowSize {
  int columns = 0;
  int rows = 0;
};
Result<WindowSize> terminalSize(int fd);

}  // namespace nodecc::os::core
