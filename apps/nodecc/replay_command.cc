#include "replay_command.h"

#include <nodecc/nodecc.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>

namespace nodecc::cli {

namespace {

constexpr const char* kUsage =
    "Usage: nodecc replay TRACE [--out DIR] [-- PROGRAM [ARGS...]]\n"
    "       nodecc replay --info TRACE\n"
    "\n"
    "Runs PROGRAM (default: the recorded argv) with the environment and working directory\n"
    "of the recording, answering its loop from TRACE (NODECC_REPLAY): no network, no real\n"
    "clock. The first divergence stops it with a report. --out DIR saves what each\n"
    "connection was sent to DIR/<peer>-<port>. docs/replay.md has the walkthrough.\n";

std::string absolute(const std::string& path) {
  if (!path.empty() && path[0] == '/') {
    return path;
  }
  char cwd[4096];
  if (::getcwd(cwd, sizeof cwd) == nullptr) {
    return path;
  }
  return std::string(cwd) + "/" + path;
}

int printInfo(const std::string& trace) {
  const recorder::TraceInfo info = recorder::inspect(trace);
  std::printf("trace      %s\n", trace.c_str());
  std::printf("build id   %s%s\n", info.buildId.c_str(), info.sameBuild ? " (this nodecc)" : "");
  std::printf("loop       %llu, pid %llu, started at %lld ms since the epoch\n",
              (unsigned long long)info.loopId, (unsigned long long)info.pid,
              (long long)info.startWallMs);
  std::printf("cwd        %s\n", info.cwd.c_str());
  std::printf("argv      ");
  for (const auto& a : info.argv) {
    std::printf(" %s", a.c_str());
  }
  std::printf("\nenv        %zu variables\n", info.env.size());
  std::printf("frames     %llu from frame %llu (%s)\n", (unsigned long long)info.frames,
              (unsigned long long)info.firstFrame,
              info.replayable ? "replayable" : "not replayable: not from the start of loop 0");
  for (const auto& [name, count] : info.framesByType) {
    std::printf("  %-14s %llu\n", name.c_str(), (unsigned long long)count);
  }
  return 0;
}

}  // namespace

int replayCommand(const std::vector<std::string>& args) {
  std::string trace;
  std::string out;
  bool info = false;
  std::vector<std::string> program;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--") {
      program.assign(args.begin() + long(i) + 1, args.end());
      break;
    }
    if (a == "-h" || a == "--help") {
      std::fputs(kUsage, stdout);
      return 0;
    }
    if (a == "--info") {
      info = true;
    } else if (a == "--out" && i + 1 < args.size()) {
      out = absolute(args[++i]);
    } else if (trace.empty() && a[0] != '-') {
      trace = a;
    } else {
      std::fprintf(stderr, "nodecc replay: unexpected argument '%s'\n\n%s", a.c_str(), kUsage);
      return 2;
    }
  }
  if (trace.empty()) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  try {
    if (info) {
      return printInfo(trace);
    }
    const recorder::TraceInfo t = recorder::inspect(trace);
    if (program.empty()) {
      program = t.argv;
    }
    if (program.empty()) {
      std::fprintf(stderr, "nodecc replay: the trace has no argv: name the program after --\n");
      return 2;
    }
    std::vector<std::string> env;
    for (const auto& e : t.env) {
      if (e.rfind("NODECC_RECORD=", 0) != 0 && e.rfind("NODECC_REPLAY", 0) != 0) {
        env.push_back(e);
      }
    }
    env.push_back("NODECC_REPLAY=" + absolute(trace));
    if (!out.empty()) {
      env.push_back("NODECC_REPLAY_OUT=" + out);
    }
    std::string exe = program[0];
    if (exe.find('/') != std::string::npos) {
      exe = absolute(exe);
    }
    // The recorded working directory, so relative paths (files served, read) resolve alike.
    if (!t.cwd.empty() && ::chdir(t.cwd.c_str()) != 0) {
      std::fprintf(stderr, "nodecc replay: cannot enter the recorded cwd %s: %s\n", t.cwd.c_str(),
                   std::strerror(errno));
      return 2;
    }
    std::vector<char*> argv;
    for (auto& a : program) {
      argv.push_back(a.data());
    }
    argv.push_back(nullptr);
    std::vector<char*> envp;
    for (auto& e : env) {
      envp.push_back(e.data());
    }
    envp.push_back(nullptr);
    ::execve(exe.c_str(), argv.data(), envp.data());
    std::fprintf(stderr, "nodecc replay: cannot run %s: %s\n", exe.c_str(), std::strerror(errno));
    return 127;
  } catch (const Error& e) {
    std::fprintf(stderr, "nodecc replay: %s\n", e.message.c_str());
    return 2;
  }
}

}  // namespace nodecc::cli
