// The smallest HTTP server: 13 bytes of text for every request.
#include <cstdio>
#include <nodecc/nodecc.h>
#include "example_args.h"
using namespace nodecc;

int main() {
  auto args = exampleArgs();
  uint16_t port = args.port;
  std::string host = args.host;

  return exampleRun(args, [&] {
    http::createServer([](http::IncomingMessage& req, http::ServerResponse& res) {
      res.setHeader("Content-Type", "text/plain");
      res.end("Hello, World!");
    }).listen(port, host, [&] {
      std::printf("listening on http://%s:%u/\n", host.c_str(), port);
      std::fflush(stdout);
    });
  });
}
