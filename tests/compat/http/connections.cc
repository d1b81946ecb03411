// Event order and connection management, for connections.py: every request prints its events
// ('end', 'aborted', 'close' of req; 'finish', 'close' of res) with headersSent/writableEnded/
// writableFinished at each, and control routes call closeIdleConnections() and
// closeAllConnections(). The line-for-line twin of connections.js.
#include <cstdio>
#include <memory>
#include <string>
#include <nodecc/nodecc.h>
#include "../../../examples/example_args.h"
using namespace nodecc;

static std::string state(http::ServerResponse& res) {
  auto b = [](bool v) { return std::string(v ? "true" : "false"); };
  return b(res.headersSent) + "/" + b(res.writableEnded) + "/" + b(res.writableFinished);
}

static void log(const std::string& line) {
  std::printf("%s\n", line.c_str());
  std::fflush(stdout);
}

static http::ServerResponse* held = nullptr;

int main() {
  auto args = exampleArgs();
  uint16_t port = args.port;
  std::string host = args.host;

  http::Server* server = nullptr;
  server = &http::createServer([&server](http::IncomingMessage& req, http::ServerResponse& res) {
    std::string name = req.method + " " + req.url;
    log(name + ": request " + state(res));
    req.on("end", [name, &res] { log(name + ": req end " + state(res)); });
    req.on("aborted", [name, &res] { log(name + ": req aborted " + state(res)); });
    req.on("close", [name, &res] { log(name + ": req close " + state(res)); });
    res.on("finish", [name, &res] { log(name + ": res finish " + state(res)); });
    res.on("close", [name, &res] { log(name + ": res close " + state(res)); });

    if (req.url == "/simple") {
      res.end("simple");
      log(name + ": after end " + state(res));
    } else if (req.url == "/read") {
      auto size = std::make_shared<size_t>(0);
      req.on("data", [size](const Buffer& chunk) { *size += chunk.length(); });
      req.on("end", [&res, size] { res.end("read " + std::to_string(*size)); });
    } else if (req.url == "/write") {
      res.write("part");
      log(name + ": after write " + state(res));
      setTimeout([name, &res] {
        res.end("rest");
        log(name + ": after end " + state(res));
      }, 20);
    } else if (req.url == "/big") {
      res.end(std::string(4 << 20, 'x'));
    } else if (req.url == "/paused") {
      req.pause();
      res.end("paused");
    } else if (req.url == "/hold") {
      held = &res;
      res.on("close", [&res] { if (held == &res) held = nullptr; });
    } else if (req.url == "/release") {
      if (held) {
        held->end("released");
        held = nullptr;
      }
      res.end("release");
    } else if (req.url == "/end-destroy") {
      res.end("bye");
      req.socket().destroy();
    } else if (req.url == "/close-idle") {
      server->closeIdleConnections();
      res.end("closed idle");
    } else if (req.url == "/close-all") {
      res.end("closing all");
      server->closeAllConnections();
    } else {
      res.end("other");
    }
  });

  server->listen(port, host, [&] {
    std::printf("listening on http://%s:%u/\n", host.c_str(), port);
    std::fflush(stdout);
  });
  return nodecc::run();
}
