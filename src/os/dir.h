#pragma once
// Directory listing (readdir, scandir), for the thread pool.
#include <cstdint>
#include <string>
#include <vector>

#include "os/result.h"

namespace nodecc::os::core {

// What readdir's d_type says; kUnknown where the file system does not say (lstat to know).
enum class EntryType : uint8_t {
  kUnknown,
  kFile,
  kDirectory,
  kSymlink,
  kFifo,
  kSocket,
  kCharDevice,
  kBlockDevice,
};

struct DirEntry {
  std::string name;
  EntryType type = EntryType::kUnknown;
};

// The entries of the directory open as dirFd (any fd that names it, O_PATH included), "." and
// ".." left out, in the order the file system returns them.
Result<std::vector<DirEntry>> readDirectory(int dirFd);
// The entries of the directory at `path`, sorted by name byte-wise (strcmp), as libuv's
// scandir returns them to Node.
Result<std::vector<DirEntry>> scanDirectory(const char* path);

// The entry type of a st_mode value.
EntryType entryTypeOfMode(uint64_t mode);

}  // namespace nodecc::os::core
