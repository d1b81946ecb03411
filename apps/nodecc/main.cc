// nodecc: the command line tool. `nodecc serve DIR` serves static files; more commands later.
#include <nodecc/nodecc.h>

#include <cstdio>
#include <string>
#include <vector>

#include "replay_command.h"
#include "replay_diff_command.h"
#include "serve_command.h"

namespace {

constexpr const char* kUsage =
    "Usage: nodecc <command> [options]\n"
    "\n"
    "Commands:\n"
    "  serve [DIR]     serve static files over HTTP (nodecc serve --help)\n"
    "  replay TRACE    replay a flight-recorder trace (nodecc replay --help)\n"
    "  replay-diff TRACE --old A --new B\n"
    "                  compare two builds on a trace's requests (nodecc replay-diff --help)\n"
    "\n"
    "Options:\n"
    "  -h, --help      this help\n"
    "  -v, --version   print the version\n";

}  // namespace

int main() {
  const std::vector<std::string>& argv = nodecc::process::argv();
  // Node's indices: argv[0] and argv[1] name the program, the command is argv[2].
  if (argv.size() < 3) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  const std::string& cmd = argv[2];
  if (cmd == "-h" || cmd == "--help" || cmd == "help") {
    std::fputs(kUsage, stdout);
    return 0;
  }
  if (cmd == "-v" || cmd == "--version") {
    std::printf("nodecc %s\n", NODECC_VERSION);
    return 0;
  }
  if (cmd == "serve") {
    return nodecc::cli::serveCommand(std::vector<std::string>(argv.begin() + 3, argv.end()));
  }
  if (cmd == "replay-diff") {
    return nodecc::cli::replayDiffCommand(std::vector<std::string>(argv.begin() + 3, argv.end()));
  }
  if (cmd == "replay") {
    return nodecc::cli::replayCommand(std::vector<std::string>(argv.begin() + 3, argv.end()));
  }
  std::fprintf(stderr, "nodecc: unknown command '%s'\n\n%s", cmd.c_str(), kUsage);
  return 2;
}
