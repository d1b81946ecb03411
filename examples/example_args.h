#pragma once
// --port N (default 8080), --host H (default 127.0.0.1) and --workers N (default 1), read from
// process::argv() the way the JavaScript twins read process.argv; exampleRun() runs the app on
// this thread, or on N cluster workers sharing the port.
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <string>

#include <nodecc/cluster.h>
#include <nodecc/nodecc.h>

struct ExampleArgs {
  uint16_t port = 8080;
  std::string host = "127.0.0.1";
  unsigned workers = 1;  // 0: one per core
};

inline ExampleArgs exampleArgs() {
  ExampleArgs a;
  const auto& argv = nodecc::process::argv();
  for (size_t i = 2; i + 1 < argv.size(); ++i) {
    if (argv[i] == "--port") {
      a.port = uint16_t(std::atoi(argv[i + 1].c_str()));
    } else if (argv[i] == "--host") {
      a.host = argv[i + 1];
    } else if (argv[i] == "--workers") {
      a.workers = unsigned(std::atoi(argv[i + 1].c_str()));
    }
  }
  return a;
}

// The app on this thread (Node's single process), or with --workers N on N worker threads.
inline int exampleRun(const ExampleArgs& args, const std::function<void()>& app) {
  if (args.workers == 1) {
    app();
    return nodecc::run();
  }
  return nodecc::cluster::run(args.workers, app);
}
