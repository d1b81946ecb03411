#pragma once
// stat(2) as plain data: what a static-file cache needs to tell whether a path still names the
// file it cached (device, inode, size, times) and what kind of file it is.
#include <cstdint>

#include "os/result.h"

namespace nodecc::os::core {

struct FileStatus {
  uint64_t device = 0;
  uint64_t inode = 0;
  uint64_t size = 0;
  int64_t mtimeSec = 0;
  int64_t mtimeNsec = 0;
  int64_t ctimeSec = 0;
  int64_t ctimeNsec = 0;
  uint32_t mode = 0;  // st_mode

  bool isRegular() const;
  bool isDirectory() const;
  // Same file, unchanged: device, inode, size, mtime and ctime (ns) all equal.
  bool sameVersion(const FileStatus& o) const {
    return device == o.device && inode == o.inode && size == o.size && mtimeSec == o.mtimeSec &&
           mtimeNsec == o.mtimeNsec && ctimeSec == o.ctimeSec && ctimeNsec == o.ctimeNsec &&
           mode == o.mode;
  }
};

// fstatat(dirFd, path): symbolic links are followed when followLinks. -errno on failure.
Result<FileStatus> statAt(int dirFd, const char* path, bool followLinks);
// fstat(fd).
Result<FileStatus> statFd(int fd);

}  // namespace nodecc::os::core
