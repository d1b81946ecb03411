#pragma once
// Reading a directory's entries with their type, size and mtime (for an HTML listing).
// Blocking: thread pool only.
#include <cstdint>
#include <string>
#include <vector>

#include "os/result.h"

namespace nodecc::os::core {

struct DirectoryEntry {
  std::string name;
  bool isDirectory = false;
  uint64_t size = 0;
  int64_t mtimeSec = 0;
};

// The entries of the directory open as dirFd (any fd that names it, O_PATH included), "." and
// ".." left out, in the order the file system returns them. Symbolic links are followed for
// type/size/mtime when followLinks (an entry whose stat fails is still listed, as a file).
Result<std::vector<DirectoryEntry>> readDirectory(int dirFd, bool followLinks);

// pread until `len` bytes or end of file: the bytes read, or -errno.
Result<size_t> readAt(int fd, void* buf, size_t len, int64_t offset);

}  // namespace nodecc::os::core
