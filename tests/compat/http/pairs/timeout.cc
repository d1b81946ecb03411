// The server's idle timeouts: req.setTimeout, res.setTimeout, socket.setTimeout and
// server.setTimeout set the socket's timeout; when it expires 'timeout' goes to the request
// (only while its body is still arriving), the response and the server, and with no listener
// among them the socket is destroyed ('timeout' -> 'close'). What a raw client reads is printed
// after each case, with the events of each request in order.
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <vector>
#include <nodecc/nodecc.h>
using namespace nodecc;

// A Map keeps insertion order: so do these two.
std::vector<std::string> order;
std::map<std::string, std::vector<std::string>> logs;
void log(const std::string& url, const std::string& what) {
  if (!logs.count(url)) order.push_back(url);
  logs[url].push_back(what);
}
const char* str(bool b) { return b ? "true" : "false"; }

// got.replace(/Date: [^\r]*\r\n/g, '')
std::string withoutDate(std::string s) {
  for (size_t at; (at = s.find("Date: ")) != std::string::npos;) s.erase(at, s.find("\r\n", at) + 2 - at);
  return s;
}

http::Server* serverPtr = nullptr;

Promise<> run(std::string name, std::string payload, std::string rest = "") {
  auto p = Promise<>::withResolvers();
  logs.clear();
  order.clear();
  net::Socket& client = net::connect(serverPtr->address().port, "127.0.0.1");
  auto got = std::make_shared<std::string>();
  auto error = std::make_shared<std::string>();
  auto restLeft = std::make_shared<std::string>(rest);
  client.on("data", [got, restLeft, &client](const Buffer& d) {
    *got += d.toString();
    if (!restLeft->empty() && got->find("late") != std::string::npos) {
      client.write(*restLeft);  // the rest of the body, once answered
      restLeft->clear();
    }
  });
  client.on("error", [error](const Error& err) { *error = " error " + err.code; });
  client.on("close", [=](bool) {
    setTimeout([=] {
      const std::string shown = withoutDate(*got);
      std::printf("== %s: client read %s%s\n", name.c_str(), JSON::stringify(JSON::Value(shown)).c_str(), error->c_str());
      for (auto& url : order) {
        std::string events;
        for (auto& e : logs[url]) events += (events.empty() ? "" : ", ") + e;
        std::printf("%s: %s\n", url.c_str(), events.c_str());
      }
      p.resolve();
    }, 30);
  });
  client.write(payload);
  return p.promise;
}

std::string get(const std::string& path) { return "GET " + path + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"; }

Promise<> main2() {
  http::Server& server = *serverPtr;
  co_await run("req.setTimeout, body arriving",
               "POST /upload HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 10\r\n\r\nabc",
               "defghij");
  co_await run("req.setTimeout, complete request", get("/get"));
  co_await run("res.setTimeout with a callback", get("/res"));
  co_await run("res.setTimeout without a listener", get("/res-nocb"));
  co_await run("socket.setTimeout", get("/socket"));
  co_await run("activity restarts the count", get("/active"));
  // Two statements: C++ leaves the order of a call's arguments unspecified.
  bool returnsThis = &server.setTimeout(40, [](net::Socket& socket) {
    std::printf("server timeout, destroyed %s\n", str(socket.destroyed()));
    socket.destroy();
  }) == &server;
  std::printf("setTimeout returns this: %s, server.timeout %llu\n", str(returnsThis), (unsigned long long)server.timeout);
  co_await run("server.setTimeout", get("/server"));
  server.close();
}

int main() {
  auto& server = http::createServer([](http::IncomingMessage& req, http::ServerResponse& res) {
    const std::string url = req.url;
    req.on("aborted", [url] { log(url, "req aborted"); });
    req.on("close", [url] { log(url, "req close"); });
    res.on("finish", [url] { log(url, "res finish"); });
    res.on("close", [url] { log(url, "res close"); });
    if (url == "/upload") {
      // The body stops arriving: the request is told.
      req.setTimeout(40, [url, &req, &res](net::Socket& socket) {
        log(url, std::string("req timeout ") + str(&socket == &req.socket()) + " complete " + str(req.complete));
        req.setTimeout(0);
        res.end("late");
      });
    } else if (url == "/get") {
      // A complete request is not told: nobody listens, the socket is destroyed.
      req.setTimeout(40, [url] { log(url, "req timeout (unexpected)"); });
    } else if (url == "/res") {
      res.setTimeout(40, [url, &req, &res](net::Socket& socket) {
        log(url, std::string("res timeout ") + str(&socket == &req.socket()));
        res.end("late");
      });
    } else if (url == "/res-nocb") {
      std::printf("returns this: %s\n", str(&res.setTimeout(40) == &res));
    } else if (url == "/socket") {
      // The socket's own listener does not count: the socket is destroyed, then it runs.
      req.socket().setTimeout(40, [url, &req] { log(url, std::string("socket timeout, destroyed ") + str(req.socket().destroyed())); });
    } else if (url == "/server") {
      // server.setTimeout applies to connections accepted after it.
    } else if (url == "/active") {
      // Activity restarts the count: a chunk every 25 ms keeps a 40 ms timeout from firing.
      res.setTimeout(40, [url] { log(url, "res timeout"); });
      auto n = std::make_shared<int>(0);
      auto tick = std::make_shared<Timeout>();
      *tick = setInterval([&res, n, tick] {
        res.write("chunk " + std::to_string(*n) + "\n");
        if (++*n == 4) {
          clearInterval(*tick);
          res.end();
        }
      }, 25);
    } else {
      res.end("ok " + url);
    }
  });
  serverPtr = &server;
  std::printf("server.timeout %llu\n", (unsigned long long)server.timeout);

  server.listen(0, "127.0.0.1", [] { main2(); });
  return nodecc::run();
}
