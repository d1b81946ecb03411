#include "os/fd.h"

#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cstdint>

namespace nodecc::os::core {

void Fd::reset(int fd) {
  if (fd_ >= 0) {
    closeFd(fd_);
  }
  fd_ = fd;
}

void closeFd(int fd) {
  ::close(fd);
}

Result<void> setNonBlocking(int fd, bool on) {
  int flags = fcntl(fd, F_GETFL);
  if (flags < 0) {
    return lastErrno();
  }
  int want = on ? (flags | O_NONBLOCK) : (flags & ~O_NONBLOCK);
  if (want != flags && fcntl(fd, F_SETFL, want) < 0) {
    return lastErrno();
  }
  return {};
}

Result<void> setCloseOnExec(int fd) {
  if (fcntl(fd, F_SETFD, FD_CLOEXEC) < 0) {
    return lastErrno();
  }
  return {};
}

size_t openFileLimit() {
  rlimit r{};
  if (::getrlimit(RLIMIT_NOFILE, &r) != 0 || r.rlim_cur == RLIM_INFINITY) {
    return SIZE_MAX;
  }
  return size_t(r.rlim_cur);
}

}  // namespace nodecc::os::core
