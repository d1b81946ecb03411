#pragma once
// What the process was started as, and its working directory: part of the determinism seam
// (process.argv, process.execPath, process.cwd() and process.chdir() read the OS only here).
#include <string>
#include <vector>

#include "os/result.h"

namespace nodecc::os::core {

// The executable's absolute path, symbolic links resolved (readlink of /proc/self/exe).
Result<std::string> executablePath();
// The command line the process was started with, argv[0] first (/proc/self/cmdline).
Result<std::vector<std::string>> commandLine();
// chdir(2).
Result<void> changeDirectory(const char* path);

}  // namespace nodecc::os::core
