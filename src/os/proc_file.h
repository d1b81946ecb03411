#pragma once
// Reading a small kernel-made file (/proc, /sys) whole.
#include <string>

#include "os/result.h"

namespace nodecc::os::core {

// The file's bytes, read until end of file (such files report no size to stat).
Result<std::string> readProcFile(const char* path);

}  // namespace nodecc::os::core
