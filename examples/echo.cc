// The echo app: GET or HEAD /?value=X answers X; other methods get 405.
#include <cstdio>
#include <nodecc/nodecc.h>
#include <nodecc/url.h>
#include "example_args.h"
using namespace nodecc;

int main() {
  auto args = exampleArgs();
  uint16_t port = args.port;
  std::string host = args.host;

  return exampleRun(args, [&] {
    http::createServer([](http::IncomingMessage& req, http::ServerResponse& res) {
      if (req.method == "GET" || req.method == "HEAD") {
        auto q = url::parse(req.url, true).query;
        if (q["value"].empty()) res.end("no value specified"); else res.end(q["value"]);
      } else { res.writeHead(405, "Method Not Allowed"); res.end(); }
    }).listen(port, host, [&] {
      std::printf("listening on http://%s:%u/\n", host.c_str(), port);
      std::fflush(stdout);
    });
  });
}
