#include "os/stdio.h"

#include <poll.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>

#include <cerrno>

#include "os/eintr.h"

namespace nodecc::os::core {

FdKind fdKind(int fd) {
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    return FdKind::kClosed;
  }
  switch (st.st_mode & S_IFMT) {
    case S_IFREG:
      return FdKind::kFile;
    case S_IFIFO:
      return FdKind::kPipe;
    case S_IFSOCK:
      return FdKind::kSocket;
    case S_IFCHR:
      return ::isatty(fd) ? FdKind::kTerminal : FdKind::kCharDevice;
    default:
      return FdKind::kUnknown;
  }
}

Result<size_t> writeAll(int fd, const void* data, size_t len) {
  const char* p = static_cast<const char*>(data);
  size_t left = len;
  while (left > 0) {
    ssize_t r = ::write(fd, p, left);
    if (r >= 0) {
      p += r;
      left -= size_t(r);
      continue;
    }
    if (errno == EINTR) {
      continue;
    }
    if (errno != EAGAIN && errno != EWOULDBLOCK) {
      return lastErrno();
    }
    // A non-blocking description (a parent made it so): wait until the reader makes room.
    pollfd pfd{fd, POLLOUT, 0};
    if (retryEintr([&] { return ::poll(&pfd, 1, -1); }) < 0) {
      return lastErrno();
    }
  }
  return len;
}

Result<WindowSize> terminalSize(int fd) {
  winsize ws{};
  if (::ioctl(fd, TIOCGWINSZ, &ws) != 0) {
    return lastErrno();
  }
  return WindowSize{ws.ws_col, ws.ws_row};
}

}  // namespace nodecc::os::core
