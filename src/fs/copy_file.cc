// copyFile as libuv's uv__fs_copyfile does it, so that Node's behaviour carries over: the
// destination takes the source's mode, copying a file onto itself is a no-op, and whatever
// fails after the destination was opened removes it.
#include <fcntl.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstdint>

#include "fs/ops.h"

namespace nodecc::fs::core {

namespace {

Result<void> copyContents(int from, int to, const os::core::FileStat& src, int mode) {
  if (mode & (kCopyFileFiclone | kCopyFileFicloneForce)) {
    auto cloned = os::core::cloneFile(from, to);
    if (cloned) {
      return {};
    }
    if (mode & kCopyFileFicloneForce) {
      return cloned;
    }
  }
  // Up to the size fstat reported (libuv's loop): a file growing meanwhile is cut there.
  uint64_t left = src.size;
  while (left > 0) {
    auto n = os::core::copyRange(from, to, size_t(left));
    if (!n) {
      return os::core::Errno{n.error()};
    }
    if (*n == 0) {
      break;  // the source shrank
    }
    left -= *n;
  }
  return {};
}

Result<void> copyOpen(int from, const char* to, int mode, bool* opened) {
  auto src = os::core::statFd(from);
  if (!src) {
    return os::core::Errno{src.error()};
  }
  int flags = O_WRONLY | O_CREAT | ((mode & kCopyFileExcl) ? O_EXCL : 0);
  auto dst = os::core::openFile(to, flags, int(src->mode & 07777));
  if (!dst) {
    return os::core::Errno{dst.error()};
  }
  *opened = true;
  Result<void> r;
  if (!(mode & kCopyFileExcl)) {
    auto d = os::core::statFd(*dst);
    if (!d) {
      r = os::core::Errno{d.error()};
    } else if (d->dev == src->dev && d->ino == src->ino) {
      return os::core::closeFile(*dst);  // the same file: nothing to copy, nothing to remove
    } else if (auto t = os::core::truncateFd(*dst, 0); !t) {
      r = t;
    }
  }
  if (r) {
    r = os::core::chmodFd(*dst, int(src->mode & 07777));
  }
  if (r) {
    r = copyContents(from, *dst, *src, mode);
  }
  auto closed = os::core::closeFile(*dst);
  if (r && !closed) {
    r = closed;
  }
  return r;
}

}  // namespace

Result<void> copyFile(const char* from, const char* to, int mode) {
  auto src = os::core::openFile(from, O_RDONLY, 0);
  if (!src) {
    return os::core::Errno{src.error()};
  }
  bool opened = false;
  auto r = copyOpen(*src, to, mode, &opened);
  (void)os::core::closeFile(*src);
  if (!r && opened) {
    (void)os::core::unlinkPath(to);
  }
  return r;
}

}  // namespace nodecc::fs::core
