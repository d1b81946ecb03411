#pragma once
// Blocking file syscalls, for the thread pool (never called on a loop thread for regular use).
#include <string>

#include "os/result.h"

namespace nodecc::os::core {

// Which syscall failed, for Node's Error.syscall.
struct FileError {
  int err = 0;  // negative errno
  const char* syscall = "";
};

// Reads a whole file. Regular files are read in one pass sized by fstat; others (pipes,
// /proc) until EOF.
bool readWholeFile(const std::string& path, std::string* out, FileError* error);

}  // namespace nodecc::os::core
