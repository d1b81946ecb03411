#include "os/dir.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace nodecc::os::core {

namespace {

EntryType entryTypeOf(unsigned char dType) {
  switch (dType) {
    case DT_REG:
      return EntryType::kFile;
    case DT_DIR:
      return EntryType::kDirectory;
    case DT_LNK:
      return EntryType::kSymlink;
    case DT_FIFO:
      return EntryType::kFifo;
    case DT_SOCK:
      return EntryType::kSocket;
    case DT_CHR:
      return EntryType::kCharDevice;
    case DT_BLK:
      return EntryType::kBlockDevice;
    default:
      return EntryType::kUnknown;
  }
}

}  // namespace

Result<std::vector<DirEntry>> readDirectory(int dirFd) {
  // fdopendir needs a readable fd of its own (dirFd may be O_PATH, and closedir closes it).
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
  std::vector<DirEntry> entries;
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
    entries.push_back(DirEntry{d->d_name, entryTypeOf(d->d_type)});
  }
  ::closedir(dir);
  return entries;
}

Result<std::vector<DirEntry>> scanDirectory(const char* path) {
  int fd = ::open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) {
    return lastErrno();
  }
  auto entries = readDirectory(fd);
  ::close(fd);
  if (entries) {
    std::sort(entries->begin(), entries->end(), [](const DirEntry& a, const DirEntry& b) {
      return std::strcmp(a.name.c_str(), b.name.c_str()) < 0;
    });
  }
  return entries;
}

EntryType entryTypeOfMode(uint64_t mode) {
  switch (mode & S_IFMT) {
    case S_IFREG:
      return EntryType::kFile;
    case S_IFDIR:
      return EntryType::kDirectory;
    case S_IFLNK:
      return EntryType::kSymlink;
    case S_IFIFO:
      return EntryType::kFifo;
    case S_IFSOCK:
      return EntryType::kSocket;
    case S_IFCHR:
      return EntryType::kCharDevice;
    case S_IFBLK:
      return EntryType::kBlockDevice;
    default:
      return EntryType::kUnknown;
  }
}

}  // namespace nodecc::os::core
