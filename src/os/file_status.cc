#include "os/file_status.h"

#include <fcntl.h>
#include <sys/stat.h>

namespace nodecc::os::core {

namespace {
FileStatus fromStat(const struct stat& st) {
  FileStatus s;
  s.device = uint64_t(st.st_dev);
  s.inode = uint64_t(st.st_ino);
  s.size = uint64_t(st.st_size);
  s.mtimeSec = int64_t(st.st_mtim.tv_sec);
  s.mtimeNsec = int64_t(st.st_mtim.tv_nsec);
  s.ctimeSec = int64_t(st.st_ctim.tv_sec);
  s.ctimeNsec = int64_t(st.st_ctim.tv_nsec);
  s.mode = uint32_t(st.st_mode);
  return s;
}
}  // namespace

bool FileStatus::isRegular() const {
  return S_ISREG(mode);
}
bool FileStatus::isDirectory() const {
  return S_ISDIR(mode);
}

Result<FileStatus> statAt(int dirFd, const char* path, bool followLinks) {
  struct stat st {};
  if (::fstatat(dirFd, path, &st, followLinks ? 0 : AT_SYMLINK_NOFOLLOW) < 0) {
    return lastErrno();
  }
  return fromStat(st);
}

Result<FileStatus> statFd(int fd) {
  struct stat st {};
  if (::fstat(fd, &st) < 0) {
    return lastErrno();
  }
  return fromStat(st);
}

}  // namespace nodecc::os::core
