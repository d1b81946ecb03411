// The application replay-diff is tested on, built twice: recorder-diff-app-v1 and, with
// DIFF_APP_V2, recorder-diff-app-v2, whose only change is the body and one header of
// GET /changed. /pid answers each process differently (noise replay-diff must cancel),
// POST /echo and HEAD exercise request bodies and bodiless responses, /chunked a chunked
// response.
#include <nodecc/nodecc.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

using namespace nodecc;

int main() {
  // PORT from the environment, as a Node app reads process.env.PORT: replay-diff sets it
  // (and appends --port, which this app ignores).
  const int port = std::atoi(process::env["PORT"].c_str());
  http::createServer([](http::IncomingMessage& req, http::ServerResponse& res) {
    if (req.url == "/changed") {
#ifdef DIFF_APP_V2
      res.setHeader("X-Route-Version", "2");
      res.end("the new behaviour");
#else
      res.setHeader("X-Route-Version", "1");
      res.end("the old behaviour");
#endif
      return;
    }
    if (req.url == "/pid") {
      res.end("served by " + std::to_string(process::pid()));
      return;
    }
    if (req.url == "/chunked") {
      res.write("first chunk, ");
      res.end("second chunk");
      return;
    }
    if (req.method == "POST") {
      auto body = std::make_shared<std::string>();
      req.on("data", [body](const Buffer& chunk) { body->append(chunk.view()); });
      req.on("aborted", [&res] { res.end(); });
      req.on("end", [body, &res] { res.end("echo: " + *body); });
      return;
    }
    res.setHeader("Content-Type", "text/plain");
    res.end("hello from " + req.url);
  }).listen(port, "127.0.0.1", [] {
    std::printf("listening\n");
    std::fflush(stdout);
  });
  return run();
}
