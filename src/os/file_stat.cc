#include "os/file_stat.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <atomic>
#include <cerrno>

#include "os/eintr.h"

namespace nodecc::os::core {

namespace {

Timespec fromStatx(const statx_timestamp& t) {
  return {t.tv_sec, t.tv_nsec};
}
Timespec fromTimespec(const timespec& t) {
  return {t.tv_sec, t.tv_nsec};
}

// Set once statx has been refused (old kernel, or a seccomp filter answering EPERM, as libuv
// has seen under old Docker): every later call goes straight to fstatat.
std::atomic<bool> gNoStatx{false};

Result<FileStat> statWithFlags(int dirfd, const char* path, int flags) {
  FileStat s;
  if (!gNoStatx.load(std::memory_order_relaxed)) {
    struct statx x {};
    int rc = retryEintr([&] {
      return ::statx(dirfd, path, flags | AT_STATX_SYNC_AS_STAT, STATX_BASIC_STATS | STATX_BTIME,
                     &x);
    });
    if (rc == 0) {
      s.dev = makedev(x.stx_dev_major, x.stx_dev_minor);
      s.mode = x.stx_mode;
      s.nlink = x.stx_nlink;
      s.uid = x.stx_uid;
      s.gid = x.stx_gid;
      s.rdev = makedev(x.stx_rdev_major, x.stx_rdev_minor);
      s.blksize = x.stx_blksize;
      s.ino = x.stx_ino;
      s.size = x.stx_size;
      s.blocks = x.stx_blocks;
      s.atime = fromStatx(x.stx_atime);
      s.mtime = fromStatx(x.stx_mtime);
      s.ctime = fromStatx(x.stx_ctime);
      s.birthtime = (x.stx_mask & STATX_BTIME) ? fromStatx(x.stx_btime) : s.ctime;
      return s;
    }
    if (errno != ENOSYS && errno != EPERM && errno != EOPNOTSUPP) {
      return lastErrno();
    }
    gNoStatx.store(true, std::memory_order_relaxed);
  }
  struct stat st {};
  if (retryEintr([&] { return ::fstatat(dirfd, path, &st, flags); }) < 0) {
    return lastErrno();
  }
  s.dev = st.st_dev;
  s.mode = st.st_mode;
  s.nlink = st.st_nlink;
  s.uid = st.st_uid;
  s.gid = st.st_gid;
  s.rdev = st.st_rdev;
  s.blksize = uint64_t(st.st_blksize);
  s.ino = st.st_ino;
  s.size = uint64_t(st.st_size);
  s.blocks = uint64_t(st.st_blocks);
  s.atime = fromTimespec(st.st_atim);
  s.mtime = fromTimespec(st.st_mtim);
  s.ctime = fromTimespec(st.st_ctim);
  s.birthtime = s.ctime;
  return s;
}

}  // namespace

bool FileStat::isRegular() const {
  return S_ISREG(mode);
}
bool FileStat::isDirectory() const {
  return S_ISDIR(mode);
}

Result<FileStat> statPath(const char* path) {
  return statWithFlags(AT_FDCWD, path, 0);
}
Result<FileStat> lstatPath(const char* path) {
  return statWithFlags(AT_FDCWD, path, AT_SYMLINK_NOFOLLOW);
}
Result<FileStat> statFd(int fd) {
  return statWithFlags(fd, "", AT_EMPTY_PATH);
}
Result<FileStat> statAt(int dirFd, const char* path, bool followLinks) {
  return statWithFlags(dirFd, path, followLinks ? 0 : AT_SYMLINK_NOFOLLOW);
}

}  // namespace nodecc::os::core
