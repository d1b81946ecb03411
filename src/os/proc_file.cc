#include "os/proc_file.h"

#include <fcntl.h>
#include <unistd.h>

#include "os/eintr.h"

namespace nodecc::os::core {

Result<std::string> readProcFile(const char* path) {
  int fd = retryEintr([&] { return ::open(path, O_RDONLY | O_CLOEXEC); });
  if (fd < 0) {
    return lastErrno();
  }
  std::string out;
  char chunk[4096];
  for (;;) {
    ssize_t n = retryEintr([&] { return ::read(fd, chunk, sizeof chunk); });
    if (n < 0) {
      Errno e = lastErrno();
      ::close(fd);
      return e;
    }
    if (n == 0) {
      break;
    }
    out.append(chunk, size_t(n));
  }
  ::close(fd);
  return out;
}

}  // namespace nodecc::os::core
