#include "os/process_info.h"

#include <fcntl.h>
#include <unistd.h>

#include "os/eintr.h"

namespace nodecc::os {

Result<std::string> executablePath() {
  std::string buf(256, '\0');
  for (;;) {
    ssize_t n = ::readlink("/proc/self/exe", buf.data(), buf.size());
    if (n < 0) {
      return lastErrno();
    }
    if (size_t(n) < buf.size()) {
      buf.resize(size_t(n));
      return buf;
    }
    buf.resize(buf.size() * 2);  // possibly truncated: try again with more room
  }
}

Result<std::vector<std::string>> commandLine() {
  int fd = retryEintr([] { return ::open("/proc/self/cmdline", O_RDONLY | O_CLOEXEC); });
  if (fd < 0) {
    return lastErrno();
  }
  std::string all;
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
    all.append(chunk, size_t(n));
  }
  ::close(fd);
  // NUL-terminated strings, one per argument.
  std::vector<std::string> args;
  size_t start = 0;
  while (start < all.size()) {
    size_t end = all.find('\0', start);
    if (end == std::string::npos) {
      end = all.size();
    }
    args.push_back(all.substr(start, end - start));
    start = end + 1;
  }
  return args;
}

Result<void> changeDirectory(const char* path) {
  if (::chdir(path) != 0) {
    return lastErrno();
  }
  return {};
}

}  // namespace nodecc::os
