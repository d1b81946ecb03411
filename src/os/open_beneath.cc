#include "os/open_beneath.h"

#include <fcntl.h>
#include <linux/openat2.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "os/eintr.h"

namespace nodecc::os::core {

namespace {

// openat2 missing (ENOSYS: old kernel; EPERM: some seccomp filters) is remembered so the
// fallback does not pay for a failing syscall on every open.
std::atomic<bool> gNoOpenat2{false};

Result<int> openat2Beneath(int rootFd, const char* relPath, int flags) {
  open_how how{};
  how.flags = uint64_t(flags | O_CLOEXEC);
  how.resolve = RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS;
  for (;;) {
    long fd = ::syscall(SYS_openat2, rootFd, relPath, &how, sizeof how);
    if (fd >= 0) {
      return int(fd);
    }
    if (errno != EINTR && errno != EAGAIN) {
      return lastErrno();
    }
    // EAGAIN: a concurrent rename raced the lookup (RESOLVE_BENEATH is strict); retry.
  }
}

// The target of /proc/self/fd/N: the path the fd was resolved to.
ssize_t fdPath(int fd, char* out, size_t cap) {
  char link[32];
  std::snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
  ssize_t n = ::readlink(link, out, cap - 1);
  if (n >= 0) {
    out[n] = '\0';
  }
  return n;
}

}  // namespace

Result<int> openRoot(const char* path) {
  int fd = ::open(path, O_PATH | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) {
    return lastErrno();
  }
  return fd;
}

Result<int> openBeneathChecked(int rootFd, const char* relPath, int flags) {
  int fd = retryEintr([&] { return ::openat(rootFd, relPath, flags | O_CLOEXEC); });
  if (fd < 0) {
    return lastErrno();
  }
  // The check runs on the opened file, not on the name, so a symlink swapped in between the
  // open and the check cannot slip through: what is served is what is checked.
  char root[4096];
  char got[4096];
  ssize_t rn = fdPath(rootFd, root, sizeof root);
  ssize_t gn = fdPath(fd, got, sizeof got);
  if (rn <= 0 || gn <= 0) {
    ::close(fd);
    return Errno{-EXDEV};
  }
  bool inside = std::strcmp(root, "/") == 0 ||
                (std::strncmp(got, root, size_t(rn)) == 0 && (got[rn] == '\0' || got[rn] == '/'));
  if (!inside) {
    ::close(fd);
    return Errno{-EXDEV};
  }
  return fd;
}

Result<int> openBeneath(int rootFd, const char* relPath, int flags, LinkPolicy policy) {
  if (relPath[0] == '\0') {
    relPath = ".";
  }
  if (policy == LinkPolicy::kFollowAny) {
    int fd = retryEintr([&] { return ::openat(rootFd, relPath, flags | O_CLOEXEC); });
    if (fd < 0) {
      return lastErrno();
    }
    return fd;
  }
  if (!gNoOpenat2.load(std::memory_order_relaxed)) {
    auto r = openat2Beneath(rootFd, relPath, flags);
    if (r.ok() || (r.error() != -ENOSYS && r.error() != -EPERM)) {
      return r;
    }
    if (r.error() == -ENOSYS) {
      gNoOpenat2.store(true, std::memory_order_relaxed);
    }
  }
  return openBeneathChecked(rootFd, relPath, flags);
}

}  // namespace nodecc::os::core
