#pragma once
// Fd: owns a file descriptor and closes it once. Move-only.
#include <cstddef>
#include <utility>

#include "os/result.h"

namespace nodecc::os::core {

class Fd {
 public:
  Fd() = default;
  explicit Fd(int fd) : fd_(fd) {}
  Fd(Fd&& o) noexcept : fd_(std::exchange(o.fd_, -1)) {}
  Fd& operator=(Fd&& o) noexcept {
    if (this != &o) {
      reset(std::exchange(o.fd_, -1));
    }
    return *this;
  }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  ~Fd() { reset(); }

  int get() const { return fd_; }
  bool valid() const { return fd_ >= 0; }
  int release() { return std::exchange(fd_, -1); }
  void reset(int fd = -1);

 private:
  int fd_ = -1;
};

// close(2), retrying nothing: on Linux the fd is gone even when close reports EINTR.
void closeFd(int fd);
Result<void> setNonBlocking(int fd, bool on);
Result<void> setCloseOnExec(int fd);
// The soft RLIMIT_NOFILE: how many fds this process may hold (SIZE_MAX when unlimited).
size_t openFileLimit();

}  // namespace nodecc::os::core
