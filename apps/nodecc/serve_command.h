#pragma once
// `nodecc serve DIR`: a static file server on http::serveStatic.
#include <string>
#include <vector>

namespace nodecc::cli {

// Runs the command with the arguments after "serve"; returns the process exit code.
int serveCommand(const std::vector<std::string>& args);

}  // namespace nodecc::cli
