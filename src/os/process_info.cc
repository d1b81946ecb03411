#include "os/process_info.h"

#include <unistd.h>

#include "os/proc_file.h"

namespace nodecc::os::core {

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
  Result<std::string> read = readProcFile("/proc/self/cmdline");
  if (!read) {
    return Errno{read.error()};
  }
  const std::string& all = *read;
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

}  // namespace nodecc::os::core
