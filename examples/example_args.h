#pragma once
// --port N (default 8080) and --host H (default 127.0.0.1), read from process::argv() the way
// the JavaScript twins read process.argv.
#include <cstdint>
#include <cstdlib>
#include <string>

#include <nodecc/process.h>

struct ExampleArgs {
  uint16_t port = 8080;
  std::string host = "127.0.0.1";
};

inline ExampleArgs exampleArgs() {
  ExampleArgs a;
  const auto& argv = nodecc::process::argv();
  for (size_t i = 1; i + 1 < argv.size(); ++i) {
    if (argv[i] == "--port") {
      a.port = uint16_t(std::atoi(argv[i + 1].c_str()));
    } else if (argv[i] == "--host") {
      a.host = argv[i + 1];
    }
  }
  return a;
}
