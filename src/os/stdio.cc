#include "os/stdio.h"

#include <fcntl.h>
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

void reserveStdio() {
  for (int fd = 0; fd <= 2; ++fd) {
    struct stat st {};
    if (::fstat(fd, &st) == 0 || errno != EBADF) {
      continue;
    }
    // open() returns the lowest free number: this one. Anything else is not ours to keep.
    const int got = ::open("/dev/null", O_RDWR);
    if (got >= 0 && got != fd) {
      ::close(got);
    }
  }
}

StdinSource openStdin() {
  StdinSource s;
  s.kind = fdKind(0);
  switch (s.kind) {
    case FdKind::kPipe:
    case FdKind::kSocket: {
      const int flags = ::fcntl(0, F_GETFL);
      s.readable = flags < 0 || (flags & O_ACCMODE) != O_WRONLY;
      if (flags >= 0 && (flags & O_NONBLOCK) == 0) {
        (void)::fcntl(0, F_SETFL, flags | O_NONBLOCK);
      }
      break;
    }
    case FdKind::kTerminal: {
      // /proc/self/fd/0 opens the terminal itself (libuv opens ttyname()): a new description.
      const int fd = ::open("/proc/self/fd/0", O_RDONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
      if (fd >= 0) {
        s.fd = fd;
        s.ownsFd = true;
      } else if (const int flags = ::fcntl(0, F_GETFL); flags >= 0) {
        (void)::fcntl(0, F_SETFL, flags | O_NONBLOCK);
      }
      break;
    }
    default:
      break;
  }
  return s;
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
