#pragma once
// `nodecc replay TRACE [--out DIR] [-- PROGRAM ARGS...]` and `nodecc replay --info TRACE`.
#include <string>
#include <vector>

namespace nodecc::cli {

// args: what follows `replay`. Returns the exit status (replay itself replaces this process).
int replayCommand(const std::vector<std::string>& args);

}  // namespace nodecc::cli
