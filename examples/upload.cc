// Streams a request body without ever holding it whole: answers its size and SHA-256.
#include <cstdio>
#include <memory>
#include <nodecc/nodecc.h>
#include <nodecc/crypto.h>
#include "example_args.h"
using namespace nodecc;

int main() {
  auto args = exampleArgs();
  uint16_t port = args.port;
  std::string host = args.host;

  return exampleRun(args, [&] {
    http::createServer([](http::IncomingMessage& req, http::ServerResponse& res) {
      auto hash = std::make_shared<crypto::Hash>(crypto::createHash("sha256"));
      auto bytes = std::make_shared<uint64_t>(0);
      req.on("data", [hash, bytes](const Buffer& chunk) {
        *bytes += chunk.length();
        hash->update(chunk);
      });
      // C++ only: a client that leaves mid-upload never gets 'end', and a response never ended
      // stays allocated (no garbage collector; docs/node-to-nodecc.md): end it (a no-op then).
      req.on("aborted", [&res] { res.end(); });
      req.on("end", [&res, hash, bytes] {
        res.setHeader("Content-Type", "text/plain");
        res.end(std::to_string(*bytes) + " " + hash->digest("hex") + "\n");
      });
    }).listen(port, host, [&] {
      std::printf("listening on http://%s:%u/\n", host.c_str(), port);
      std::fflush(stdout);
    });
  });
}
