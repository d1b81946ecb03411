// The http server features the examples do not reach, one route each, for replay.py
// (features.txt). Four servers on consecutive ports from --port: "main" (the routes, and
// 'checkContinue', 'checkExpectation' and 'clientError' listeners), "limited"
// (maxRequestsPerSocket = 2, an async handler, and a 'checkContinue' listener), "plain" (no listener but 'request': the default answers)
// and "options" (createServer options: maxHeaderSize = 2048, requireHostHeader = false).
// The line-for-line twin of features.js.
#include <cstdio>
#include <memory>
#include <string>
#include <vector>
#include <nodecc/nodecc.h>
#include "../../../examples/example_args.h"
using namespace nodecc;

static std::string state(http::ServerResponse& res) {
  auto b = [](bool v) { return std::string(v ? "true" : "false"); };
  return b(res.headersSent) + "/" + b(res.writableEnded) + "/" + b(res.writableFinished);
}

static std::string join(const std::vector<std::string>& items, const std::string& sep) {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    out += (i ? sep : "") + items[i];
  }
  return out;
}

static std::string join(const std::vector<std::string_view>& items, const std::string& sep) {
  return join(std::vector<std::string>(items.begin(), items.end()), sep);
}

static std::string join(const http::RawHeaders& items, const std::string& sep) {
  std::vector<std::string> out;
  for (std::string_view item : items) {
    out.emplace_back(item);
  }
  return join(out, sep);
}

static void handler(http::IncomingMessage& req, http::ServerResponse& res) {
  const std::string& path = req.url;
  if (path == "/echo-body" || path == "/continue") {
    auto body = std::make_shared<std::string>();
    req.on("data", [body](const Buffer& chunk) { *body += chunk.toString(); });
    req.on("end", [&res, body] { res.end("got " + *body); });
  } else if (path == "/trailers") {
    res.setHeader("Content-Type", "text/plain");
    res.setHeader("Trailer", "X-Checksum, X-Count");
    try {
      res.writeHead(200);  // throws when the response cannot be chunked (HEAD, HTTP/1.0)
    } catch (const Error& err) {
      res.removeHeader("Trailer");
      res.end("error " + err.code);
      return;
    }
    res.write("abc");
    res.addTrailers({{"X-Checksum", "c0ffee"}, {"X-Count", "3"}});
    res.end("def");
  } else if (path == "/trailers-unchunked") {
    res.addTrailers({{"X-Dropped", "yes"}});
    res.end("no trailer header, so Content-Length and no trailers");
  } else if (path == "/flush") {
    res.setHeader("X-Flushed", "yes");
    bool before = res.headersSent;
    res.flushHeaders();
    bool after = res.headersSent;
    res.end(std::string("before=") + (before ? "true" : "false") + " after=" + (after ? "true" : "false"));
  } else if (path == "/state") {
    std::vector<std::string> steps = {state(res)};
    res.setHeader("X-State", "1");
    steps.push_back(state(res));
    res.writeHead(200, {{"Content-Type", "text/plain"}});
    steps.push_back(state(res));
    res.write("a");
    steps.push_back(state(res));
    res.end(" " + join(steps, " "));
  } else if (path == "/status-message") {
    res.statusCode = 299;
    res.statusMessage = "Custom Thing";
    res.end("custom");
  } else if (path == "/status-unknown") {
    res.statusCode = 299;
    res.end("unknown");
  } else if (path == "/write-head-message") {
    res.writeHead(201, "Made It", {{"X-A", "1"}});
    res.end();
  } else if (path == "/write-head-pairs") {
    res.setHeader("X-Set", "first");
    res.setHeader("X-Dup", "old");
    res.writeHead(200, {{"X-Dup", "1"}, {"X-Dup", "2"}, {"X-New", "n"}});
    res.end("pairs");
  } else if (path == "/write-head-object") {
    res.setHeader("X-Order", "old");
    res.setHeader("X-Keep", "k");
    res.writeHead(200, {{"x-order", "new"}});
    res.end("object");
  } else if (path == "/set-header") {
    res.setHeader("A", "1");
    res.setHeader("B", "2");
    res.setHeader("a", "3");
    res.setHeader("Set-Cookie", std::vector<std::string>{"x=1", "y=2"});
    res.setHeader("X-Num", 42);
    res.end("set");
  } else if (path == "/header-api") {
    res.setHeader("Content-Type", "text/plain");
    res.setHeader("X-Multi", std::vector<std::string>{"a", "b"});
    res.setHeader("X-Gone", "g");
    res.removeHeader("x-gone");
    std::vector<std::string> lines;
    lines.push_back("names=" + join(res.getHeaderNames(), ","));
    auto b = [](bool v) { return std::string(v ? "true" : "false"); };
    lines.push_back("has=" + b(res.hasHeader("content-type")) + "," + b(res.hasHeader("X-GONE")) + "," + b(res.hasHeader("X-MULTI")));
    lines.push_back("x-multi=" + *res.getHeader("x-multi"));
    lines.push_back(std::string("missing=") + (!res.getHeader("x-none") ? "none" : "some"));
    for (const auto& [name, value] : res.getHeaders()) {
      lines.push_back(name + "=" + value);
    }
    res.end(join(lines, "\n"));
  } else if (path == "/cookie-list") {
    res.setHeader("Cookie", std::vector<std::string>{"a=1", "b=2"});
    res.setHeader("X-One", std::vector<std::string>{"only"});
    res.end("cookies");
  } else if (path == "/remove-content-length") {
    res.setHeader("Content-Length", "5");
    res.removeHeader("Content-Length");
    res.end("hello");
  } else if (path == "/remove-connection") {
    res.removeHeader("Connection");
    res.end("hello");
  } else if (path == "/remove-transfer-encoding") {
    res.removeHeader("Transfer-Encoding");
    res.write("hel");
    res.end("lo");
  } else if (path == "/remove-date") {
    res.removeHeader("Date");
    res.end(std::string("sendDate=") + (res.sendDate ? "true" : "false"));
  } else if (path == "/bad-status-message") {
    res.statusMessage = "Bad\r\nX-Injected: 1";
    try {
      res.writeHead(200);
    } catch (const Error& err) {
      res.statusMessage = "Fine";
      res.end("error " + err.code);
    }
  } else if (path == "/req-headers") {
    std::vector<std::string> lines;
    for (const auto& [name, value] : req.headers) {
      lines.push_back(name + ": " + (name == "set-cookie" ? join(req.headers.getAll(name), " | ") : value));
    }
    res.end(join(lines, "\n"));
  } else if (path == "/distinct") {
    std::vector<std::string> lines;
    for (std::string name : {"x-a", "set-cookie", "cookie", "host", "user-agent", "x-missing"}) {
      auto values = req.headersDistinct[name];
      lines.push_back(name + ": " + (!values.empty() ? join(values, " | ") : "-"));
    }
    res.end(join(lines, "\n"));
  } else if (path == "/raw") {
    res.end(join(req.rawHeaders, " | "));
  } else if (path == "/trailers-in") {
    size_t before = req.trailers.size();
    auto body = std::make_shared<std::string>();
    req.on("data", [body](const Buffer& chunk) { *body += chunk.toString(); });
    req.on("end", [&req, &res, body, before] {
      std::vector<std::string> lines = {"body=" + *body + " before=" + std::to_string(before)};
      for (const auto& [name, value] : req.trailers) {
        lines.push_back(name + ": " + value);
      }
      lines.push_back("raw=" + join(req.rawTrailers, " | "));
      res.end(join(lines, "\n"));
    });
  } else {
    res.writeHead(404, {{"Content-Type", "text/plain"}});
    res.end("no route " + path);
  }
}

int main() {
  auto args = exampleArgs();
  uint16_t port = args.port;
  std::string host = args.host;

  auto& main = http::createServer(handler);
  main.on("checkContinue", [&main](http::IncomingMessage& req, http::ServerResponse& res) {
    if (req.url == "/continue-reject") {
      res.writeHead(417, {{"X-Reason", "too big"}});
      res.end("rejected");
      return;
    }
    res.writeContinue();
    main.emit("request", req, res);
  });
  main.on("checkExpectation", [](http::IncomingMessage& req, http::ServerResponse& res) {
    res.writeHead(402, {{"X-Expect", req.headers["expect"]}});
    res.end("unmet " + std::string(req.headers["expect"]));
  });
  main.on("clientError", [](const Error& err, net::Socket& socket) {
    socket.end("HTTP/1.1 400 Bad Request\r\nX-Client-Error: " + err.code + "\r\nContent-Length: 4\r\n\r\nmine");
  });

  auto& limited = http::createServer([](http::IncomingMessage& req, http::ServerResponse& res) -> Promise<> {
    std::string body = co_await req.text();
    res.end("ok " + req.url + (!body.empty() ? " " + body : ""));
  });
  limited.on("checkContinue", [&limited](http::IncomingMessage& req, http::ServerResponse& res) {
    res.writeContinue();
    limited.emit("request", req, res);
  });
  limited.options.maxRequestsPerSocket = 2;

  auto& plain = http::createServer([](http::IncomingMessage& req, http::ServerResponse& res) {
    res.end("plain " + req.url);
  });

  auto& options = http::createServer({.maxHeaderSize = 2048, .requireHostHeader = false}, [](http::IncomingMessage& req, http::ServerResponse& res) {
    res.end("options " + req.url + " host=" + (!req.headers.has("host") ? "-" : std::string(req.headers["host"])));
  });

  std::vector<std::pair<std::string, http::Server*>> servers = {{"main", &main}, {"limited", &limited}, {"plain", &plain}, {"options", &options}};
  for (size_t i = 0; i < servers.size(); ++i) {
    auto [name, server] = servers[i];
    server->listen(uint16_t(port + i), host, [name, host, port, i] {
      std::printf("%s listening on http://%s:%u/\n", name.c_str(), host.c_str(), unsigned(port + i));
      std::fflush(stdout);
    });
  }
  return nodecc::run();
}
