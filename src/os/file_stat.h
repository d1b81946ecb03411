#pragma once
// stat(2) as plain data, one type for every layer: fs's Stats (Node's field order) and the
// static-file cache's validity checks (sameVersion). Through statx for the birth time, falling
// back to fstatat where statx is refused. EINTR retried, failures as -errno, nothing thrown.
#include <cstdint>

#include "os/result.h"

namespace nodecc::os::core {

struct Timespec {
  int64_t sec = 0;
  int64_t nsec = 0;
  bool operator==(const Timespec&) const = default;
};

// What stat(2)/statx(2) report, in Node's field order.
struct FileStat {
  uint64_t dev = 0;
  uint64_t mode = 0;
  uint64_t nlink = 0;
  uint64_t uid = 0;
  uint64_t gid = 0;
  uint64_t rdev = 0;
  uint64_t blksize = 0;
  uint64_t ino = 0;
  uint64_t size = 0;
  uint64_t blocks = 0;
  Timespec atime;
  Timespec mtime;
  Timespec ctime;
  Timespec birthtime;  // statx's btime; ctime where the file system has none (as libuv)

  bool isRegular() const;
  bool isDirectory() const;
  // The same file, unchanged: device, inode, size, mode, mtime and ctime (ns) all equal.
  bool sameVersion(const FileStat& o) const {
    return dev == o.dev && ino == o.ino && size == o.size && mode == o.mode && mtime == o.mtime &&
           ctime == o.ctime;
  }
};

// stat(path), lstat(path), fstat(fd), and fstatat(dirFd, path) relative to a directory fd
// (symbolic links followed when followLinks).
Result<FileStat> statPath(const char* path);
Result<FileStat> lstatPath(const char* path);
Result<FileStat> statFd(int fd);
Result<FileStat> statAt(int dirFd, const char* path, bool followLinks);

}  // namespace nodecc::os::core
