#include "fs/ops.h"

#include <fcntl.h>
#include <sys/stat.h>

#include <algorithm>

namespace nodecc::fs::core {

namespace {

// Node's stringToFlags (lib/internal/fs/utils.js), spelling for spelling.
struct FlagSpelling {
  std::string_view text;
  int flags;
};
constexpr FlagSpelling kFlagTable[] = {
    {"r", O_RDONLY},
    {"rs", O_RDONLY | O_SYNC},
    {"sr", O_RDONLY | O_SYNC},
    {"r+", O_RDWR},
    {"rs+", O_RDWR | O_SYNC},
    {"sr+", O_RDWR | O_SYNC},
    {"w", O_TRUNC | O_CREAT | O_WRONLY},
    {"wx", O_TRUNC | O_CREAT | O_WRONLY | O_EXCL},
    {"xw", O_TRUNC | O_CREAT | O_WRONLY | O_EXCL},
    {"w+", O_TRUNC | O_CREAT | O_RDWR},
    {"wx+", O_TRUNC | O_CREAT | O_RDWR | O_EXCL},
    {"xw+", O_TRUNC | O_CREAT | O_RDWR | O_EXCL},
    {"a", O_APPEND | O_CREAT | O_WRONLY},
    {"ax", O_APPEND | O_CREAT | O_WRONLY | O_EXCL},
    {"xa", O_APPEND | O_CREAT | O_WRONLY | O_EXCL},
    {"as", O_APPEND | O_CREAT | O_WRONLY | O_SYNC},
    {"sa", O_APPEND | O_CREAT | O_WRONLY | O_SYNC},
    {"a+", O_APPEND | O_CREAT | O_RDWR},
    {"ax+", O_APPEND | O_CREAT | O_RDWR | O_EXCL},
    {"xa+", O_APPEND | O_CREAT | O_RDWR | O_EXCL},
    {"as+", O_APPEND | O_CREAT | O_RDWR | O_SYNC},
    {"sa+", O_APPEND | O_CREAT | O_RDWR | O_SYNC},
};

// Reading a file whose size fstat does not know (pipes, /proc): this much at a time.
constexpr size_t kUnknownSizeChunkBytes = 64 * 1024;

Result<size_t> readAll(int fd, std::string* out, size_t sizeHint) {
  out->resize(sizeHint > 0 ? sizeHint : kUnknownSizeChunkBytes);
  size_t have = 0;
  for (;;) {
    if (have == out->size()) {
      if (sizeHint > 0) {
        break;  // Node reads a regular file up to the size fstat gave, no further
      }
      out->resize(out->size() * 2);
    }
    auto n = os::core::readFd(fd, out->data() + have, out->size() - have, -1);
    if (!n) {
      return os::core::Errno{n.error()};
    }
    if (*n == 0) {
      break;
    }
    have += *n;
  }
  out->resize(have);
  if (sizeHint == 0 && out->capacity() > 2 * have + 4096) {
    out->shrink_to_fit();  // the buffer outlives the call (Buffer::adopt keeps it)
  }
  return have;
}

}  // namespace

Result<int> parseOpenFlags(std::string_view flags) {
  for (const FlagSpelling& f : kFlagTable) {
    if (f.text == flags) {
      return f.flags;
    }
  }
  return os::core::Errno{-EINVAL};
}

Result<int> open(const char* path, int flags, int mode) {
  return os::core::openFile(path, flags, mode);
}
Result<void> close(int fd) {
  return os::core::closeFile(fd);
}
Result<size_t> read(int fd, void* buf, size_t len, int64_t position) {
  return os::core::readFd(fd, buf, len, position);
}
Result<size_t> write(int fd, const void* buf, size_t len, int64_t position) {
  return os::core::writeFd(fd, buf, len, position);
}

Result<size_t> writeAll(int fd, const iovec* iov, int count, int64_t position) {
  // A short write leaves a partly written iovec: copy the array once and advance it.
  std::vector<iovec> rest(iov, iov + count);
  size_t total = 0;
  size_t first = 0;
  while (first < rest.size()) {
    if (rest[first].iov_len == 0) {
      ++first;
      continue;
    }
    auto n = os::core::writevFd(fd, rest.data() + first, int(rest.size() - first), position);
    if (!n) {
      return os::core::Errno{n.error()};
    }
    size_t done = *n;
    total += done;
    if (position >= 0) {
      position += int64_t(done);
    }
    while (done > 0) {
      size_t take = std::min(done, rest[first].iov_len);
      rest[first].iov_base = static_cast<char*>(rest[first].iov_base) + take;
      rest[first].iov_len -= take;
      done -= take;
      if (rest[first].iov_len == 0) {
        ++first;
      }
    }
  }
  return total;
}

Result<std::string> readFile(const char* path, int flags, ErrorSite* site) {
  auto fd = os::core::openFile(path, flags, 0666);
  if (!fd) {
    return os::core::Errno{fd.error()};  // open, on the path: the operation's own
  }
  auto st = os::core::statFd(*fd);
  if (!st) {
    (void)os::core::closeFile(*fd);
    site->set("fstat", ErrorSite::Path::kNone);
    return os::core::Errno{st.error()};
  }
  std::string out;
  size_t hint = S_ISREG(st->mode) ? size_t(st->size) : 0;
  auto n = readAll(*fd, &out, hint);
  (void)os::core::closeFile(*fd);
  if (!n) {
    site->set("read", ErrorSite::Path::kNone);
    return os::core::Errno{n.error()};
  }
  return out;
}

Result<std::string> readFd(int fd) {
  auto st = os::core::statFd(fd);
  if (!st) {
    return os::core::Errno{st.error()};
  }
  std::string out;
  // From the current position the regular file holds at most size bytes more; read to EOF
  // without a size bound since the position is unknown here.
  auto n = readAll(fd, &out, 0);
  if (!n) {
    return os::core::Errno{n.error()};
  }
  return out;
}

Result<void> writeFile(const char* path, const void* data, size_t len, int flags, int mode,
                       ErrorSite* site) {
  auto fd = os::core::openFile(path, flags, mode);
  if (!fd) {
    return os::core::Errno{fd.error()};
  }
  iovec iov{const_cast<void*>(data), len};
  auto n = writeAll(*fd, &iov, 1, -1);
  auto closed = os::core::closeFile(*fd);
  if (!n) {
    site->set("write", ErrorSite::Path::kNone);
    return os::core::Errno{n.error()};
  }
  if (!closed) {
    site->set("close", ErrorSite::Path::kNone);
    return os::core::Errno{closed.error()};
  }
  return {};
}

Result<void> truncate(const char* path, int64_t length, ErrorSite* site) {
  auto fd = os::core::openFile(path, O_RDWR, 0666);
  if (!fd) {
    return os::core::Errno{fd.error()};
  }
  auto r = os::core::truncateFd(*fd, length);
  (void)os::core::closeFile(*fd);
  if (!r) {
    site->set("ftruncate", ErrorSite::Path::kNone);
  }
  return r;
}

Result<os::core::FileStat> stat(const char* path) {
  return os::core::statPath(path);
}
Result<os::core::FileStat> lstat(const char* path) {
  return os::core::lstatPath(path);
}
Result<os::core::FileStat> fstat(int fd) {
  return os::core::statFd(fd);
}

Result<std::vector<os::core::DirEntry>> readdir(const char* path, bool withTypes) {
  auto entries = os::core::scanDirectory(path);
  if (!entries || !withTypes) {
    return entries;
  }
  std::string child;
  for (os::core::DirEntry& e : *entries) {
    if (e.type != os::core::EntryType::kUnknown) {
      continue;
    }
    // Node's getDirents: lstat the entries the file system gave no type for.
    child.assign(path).append("/").append(e.name);
    auto st = os::core::lstatPath(child.c_str());
    if (!st) {
      return os::core::Errno{st.error()};
    }
    e.type = os::core::entryTypeOfMode(st->mode);
  }
  return entries;
}

Result<void> mkdir(const char* path, int mode) {
  return os::core::makeDirectory(path, mode);
}
Result<std::string> mkdtemp(const std::string& prefix) {
  return os::core::makeTempDirectory(prefix);
}
Result<void> rmdir(const char* path) {
  return os::core::removeDirectory(path);
}
Result<void> unlink(const char* path) {
  return os::core::unlinkPath(path);
}
Result<void> rename(const char* from, const char* to) {
  return os::core::renamePath(from, to);
}
Result<void> access(const char* path, int mode) {
  return os::core::accessPath(path, mode);
}
Result<std::string> realpath(const char* path) {
  return os::core::realPath(path);
}
Result<void> ftruncate(int fd, int64_t length) {
  return os::core::truncateFd(fd, length);
}
Result<void> symlink(const char* target, const char* path) {
  return os::core::symlinkPath(target, path);
}
Result<std::string> readlink(const char* path) {
  return os::core::readLink(path);
}
Result<void> utimes(const char* path, double atime, double mtime) {
  return os::core::setTimesPath(path, atime, mtime);
}
Result<void> futimes(int fd, double atime, double mtime) {
  return os::core::setTimesFd(fd, atime, mtime);
}
Result<void> chmod(const char* path, int mode) {
  return os::core::chmodPath(path, mode);
}
Result<void> fchmod(int fd, int mode) {
  return os::core::chmodFd(fd, mode);
}
Result<void> fsync(int fd) {
  return os::core::syncFd(fd);
}

}  // namespace nodecc::fs::core
