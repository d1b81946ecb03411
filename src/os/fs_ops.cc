#include "os/fs_ops.h"

#include <fcntl.h>
#include <limits.h>
#include <linux/fs.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <vector>

#include "os/eintr.h"

namespace nodecc::os::core {

namespace {

Result<void> voidResult(int rc) {
  if (rc < 0) {
    return lastErrno();
  }
  return {};
}

// libuv's uv__fs_to_timespec, which Node's utimes goes through: infinity means now, NaN
// leaves the time alone, and the fraction is kept to the microsecond only.
timespec toTimespec(double t) {
  if (std::isinf(t)) {
    return {0, UTIME_NOW};
  }
  if (std::isnan(t)) {
    return {0, UTIME_OMIT};
  }
  timespec ts;
  ts.tv_sec = time_t(t);
  ts.tv_nsec = long((t - double(ts.tv_sec)) * 1e9);
  ts.tv_nsec -= ts.tv_nsec % 1000;
  if (ts.tv_nsec < 0) {
    ts.tv_nsec += 1000000000;
    ts.tv_sec -= 1;
  }
  return ts;
}

}  // namespace

Result<int> openFile(const char* path, int flags, int mode) {
  int fd = retryEintr([&] { return ::open(path, flags | O_CLOEXEC, mode); });
  if (fd < 0) {
    return lastErrno();
  }
  return fd;
}

Result<void> closeFile(int fd) {
  if (::close(fd) < 0 && errno != EINTR && errno != EINPROGRESS) {
    return lastErrno();
  }
  return {};
}

Result<size_t> readFd(int fd, void* buf, size_t len, int64_t position) {
  ssize_t n = retryEintr(
      [&] { return position < 0 ? ::read(fd, buf, len) : ::pread(fd, buf, len, off_t(position)); });
  if (n < 0) {
    return lastErrno();
  }
  return size_t(n);
}

Result<size_t> readAt(int fd, void* buf, size_t len, int64_t offset) {
  size_t have = 0;
  auto* p = static_cast<char*>(buf);
  while (have < len) {
    ssize_t n = ::pread(fd, p + have, len - have, off_t(offset + int64_t(have)));
    if (n < 0) {
      if (errno == EINTR) {
        continue;
      }
      return lastErrno();
    }
    if (n == 0) {
      break;
    }
    have += size_t(n);
  }
  return have;
}

Result<size_t> writeFd(int fd, const void* buf, size_t len, int64_t position) {
  ssize_t n = retryEintr([&] {
    return position < 0 ? ::write(fd, buf, len) : ::pwrite(fd, buf, len, off_t(position));
  });
  if (n < 0) {
    return lastErrno();
  }
  return size_t(n);
}

Result<size_t> writevFd(int fd, const iovec* iov, int count, int64_t position) {
  if (count > IOV_MAX) {
    count = IOV_MAX;
  }
  ssize_t n = retryEintr([&] {
    return position < 0 ? ::writev(fd, iov, count) : ::pwritev(fd, iov, count, off_t(position));
  });
  if (n < 0) {
    return lastErrno();
  }
  return size_t(n);
}

Result<void> makeDirectory(const char* path, int mode) {
  return voidResult(::mkdir(path, mode));
}
Result<void> removeDirectory(const char* path) {
  return voidResult(::rmdir(path));
}
Result<void> unlinkPath(const char* path) {
  return voidResult(::unlink(path));
}
Result<void> renamePath(const char* from, const char* to) {
  return voidResult(::rename(from, to));
}
Result<void> accessPath(const char* path, int mode) {
  return voidResult(::access(path, mode));
}
Result<void> truncateFd(int fd, int64_t length) {
  return voidResult(retryEintr([&] { return ::ftruncate(fd, off_t(length)); }));
}
Result<void> symlinkPath(const char* target, const char* path) {
  return voidResult(::symlink(target, path));
}

Result<std::string> readLink(const char* path) {
  // Grow until the target fits: readlink truncates silently.
  std::string out(256, '\0');
  for (;;) {
    ssize_t n = ::readlink(path, out.data(), out.size());
    if (n < 0) {
      return lastErrno();
    }
    if (size_t(n) < out.size()) {
      out.resize(size_t(n));
      return out;
    }
    out.resize(out.size() * 2);
  }
}

Result<std::string> realPath(const char* path) {
  char* p = ::realpath(path, nullptr);
  if (p == nullptr) {
    return lastErrno();
  }
  std::string out(p);
  ::free(p);
  return out;
}

Result<std::string> makeTempDirectory(const std::string& prefix) {
  std::string tmpl = prefix + "XXXXXX";
  if (::mkdtemp(tmpl.data()) == nullptr) {
    return lastErrno();
  }
  return tmpl;
}

Result<void> setTimesPath(const char* path, double atime, double mtime) {
  timespec ts[2] = {toTimespec(atime), toTimespec(mtime)};
  return voidResult(::utimensat(AT_FDCWD, path, ts, 0));
}

Result<void> setTimesFd(int fd, double atime, double mtime) {
  timespec ts[2] = {toTimespec(atime), toTimespec(mtime)};
  return voidResult(::futimens(fd, ts));
}

Result<void> chmodPath(const char* path, int mode) {
  return voidResult(::chmod(path, mode_t(mode)));
}
Result<void> chmodFd(int fd, int mode) {
  return voidResult(::fchmod(fd, mode_t(mode)));
}
Result<void> syncFd(int fd) {
  return voidResult(retryEintr([&] { return ::fsync(fd); }));
}

Result<void> cloneFile(int fromFd, int toFd) {
  return voidResult(::ioctl(toFd, FICLONE, fromFd));
}

Result<size_t> copyRange(int fromFd, int toFd, size_t len) {
  ssize_t n = retryEintr([&] { return ::copy_file_range(fromFd, nullptr, toFd, nullptr, len, 0); });
  if (n >= 0) {
    return size_t(n);
  }
  // Older kernels refuse copies across file systems (EXDEV) and some file systems refuse the
  // call altogether: sendfile does the same copy through the page cache.
  if (errno != EXDEV && errno != EINVAL && errno != ENOSYS && errno != EOPNOTSUPP &&
      errno != EPERM) {
    return lastErrno();
  }
  n = retryEintr([&] { return ::sendfile(toFd, fromFd, nullptr, len); });
  if (n < 0) {
    return lastErrno();
  }
  return size_t(n);
}

Result<std::string> currentDirectory() {
  std::vector<char> buf(PATH_MAX);
  for (;;) {
    if (::getcwd(buf.data(), buf.size()) != nullptr) {
      return std::string(buf.data());
    }
    if (errno != ERANGE) {
      return lastErrno();
    }
    buf.resize(buf.size() * 2);
  }
}

}  // namespace nodecc::os::core
