#include "os/file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

#include "os/eintr.h"

namespace nodecc::os::core {

bool readWholeFile(const std::string& path, std::string* out, FileError* error) {
  int fd = retryEintr([&] { return ::open(path.c_str(), O_RDONLY | O_CLOEXEC); });
  if (fd < 0) {
    *error = {-errno, "open"};
    return false;
  }
  struct stat st {};
  size_t want = 0;
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
    want = size_t(st.st_size);
  }
  out->clear();
  out->resize(want > 0 ? want : 64 * 1024);
  size_t have = 0;
  for (;;) {
    if (have == out->size()) {
      out->resize(out->size() * 2);
    }
    ssize_t n = retryEintr([&] { return ::read(fd, out->data() + have, out->size() - have); });
    if (n < 0) {
      *error = {-errno, "read"};
      ::close(fd);
      return false;
    }
    if (n == 0) {
      break;
    }
    have += size_t(n);
  }
  out->resize(have);
  ::close(fd);
  return true;
}

}  // namespace nodecc::os::core
