#include "os/directory_entries.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace nodecc::os::core {

Result<std::vector<DirectoryEntry>> readDirectory(int dirFd, bool followLinks) {
  // opendir needs a readable fd of its own (dirFd may be O_PATH, and closedir closes it).
  int fd = ::openat(dirFd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) {
    return lastErrno();
  }
  DIR* dir = ::fdopendir(fd);
  if (dir == nullptr) {
    Errno e = lastErrno();
    ::close(fd);
    return e;
  }
  std::vector<DirectoryEntry> out;
  for (;;) {
    errno = 0;
    dirent* d = ::readdir(dir);
    if (d == nullptr) {
      if (errno != 0) {
        Errno e = lastErrno();
        ::closedir(dir);
        return e;
      }
      break;
    }
    if (std::strcmp(d->d_name, ".") == 0 || std::strcmp(d->d_name, "..") == 0) {
      continue;
    }
    DirectoryEntry e;
    e.name = d->d_name;
    struct stat st {};
    if (::fstatat(fd, d->d_name, &st, followLinks ? 0 : AT_SYMLINK_NOFOLLOW) == 0) {
      e.isDirectory = S_ISDIR(st.st_mode);
      e.size = uint64_t(st.st_size);
      e.mtimeSec = int64_t(st.st_mtim.tv_sec);
    } else {
      e.isDirectory = d->d_type == DT_DIR;
    }
    out.push_back(std::move(e));
  }
  ::closedir(dir);
  return out;
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

}  // namespace nodecc::os::core
