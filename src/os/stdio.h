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

// Node's PlatformInit: each of fds 0, 1 and 2 that is closed (a program started with `<&-`) is
// opened on /dev/null, so that no file, socket or epoll fd the process opens later takes a
// standard stream's number (and process.stdin reads an empty file, as in Node). Called once,
// before any static object is built (the recorder's start-up, src/recorder/recorder.cc).
void reserveStdio();

// What process.stdin reads fd 0 through, chosen as libuv's uv_guess_handle and Node's getStdin
// choose: a pipe or a socket is read where it is, made non-blocking (uv_pipe_open: the
// description is shared, so whoever else holds it sees O_NONBLOCK too, as with Node); a
// terminal is reopened (uv_tty_init: a new description, so the shell's stays blocking), fd 0
// itself when that fails; a file or a character device that is not a terminal (/dev/null) is
// read with read(2) on the thread pool; anything else (a directory) is an empty stream.
struct StdinSource {
  FdKind kind = FdKind::kUnknown;
  int fd = 0;            // the fd to read
  bool ownsFd = false;   // fd is the terminal reopened: close it when done
  bool readable = true;  // false: a pipe or socket opened write-only (libuv: ENOTCONN)
};
StdinSource openStdin();

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
