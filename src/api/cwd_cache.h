#pragma once
// The working directory as process::cwd() and path::resolve() read it: cached, as Node caches
// process.cwd(), and forgotten by process::chdir(). Each thread keeps its own copy, checked
// against a process-wide generation that chdir() advances, so a cluster worker sees another
// worker's chdir(). A chdir(2) made behind nodecc's back is not seen (nor is it by Node).
#include <string>

namespace nodecc::detail {

// Throws Error (syscall "uv_cwd") when getcwd fails, e.g. the directory was removed.
const std::string& currentWorkingDirectory();
// Called after a successful chdir.
void forgetWorkingDirectory();

}  // namespace nodecc::detail
