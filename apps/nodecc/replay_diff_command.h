#pragma once
#include <string>
#include <vector>

namespace nodecc::cli {

// `nodecc replay-diff TRACE --old PROGRAM --new PROGRAM [--html FILE] [--timeout MS]
// [-- ARGS...]`: replays the HTTP requests a trace's server received against two instances
// of the old build and one of the new, and reports where the new one answers differently.
// Exit status: 0 no difference, 1 differences, 2 error.
int replayDiffCommand(const std::vector<std::string>& args);

}  // namespace nodecc::cli
