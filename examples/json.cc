// The TechEmpower "json" test: every request gets a small JSON object.
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
      std::string body = R"({"message":"Hello, World!"})";  // JSON.stringify({ message: ... })
      res.writeHead(200, {{"Content-Type", "application/json"}, {"Server", "nodecc"}});
      res.end(body);
    }).listen(port, host, [&] {
      std::printf("listening on http://%s:%u/\n", host.c_str(), port);
      std::fflush(stdout);
    });
  });
}
