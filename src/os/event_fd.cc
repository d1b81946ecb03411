#include "os/event_fd.h"

#include <sys/eventfd.h>
#include <unistd.h>

#include <cstdint>

#include "os/eintr.h"

namespace nodecc::os::core {

Result<int> eventFdOpen() {
  int fd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
  if (fd < 0) {
    return lastErrno();
  }
  return fd;
}

void eventFdSignal(int fd) {
  uint64_t one = 1;
  // A full counter already guarantees a pending wakeup, so EAGAIN is fine to drop.
  (void)retryEintr([&] { return ::write(fd, &one, sizeof one); });
}

bool eventFdDrain(int fd) {
  uint64_t value = 0;
  ssize_t n = retryEintr([&] { return ::read(fd, &value, sizeof value); });
  return n == sizeof value && value > 0;
}

}  // namespace nodecc::os::core
