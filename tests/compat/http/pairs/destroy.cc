// res.destroy([err]) and req.destroy([err]) in a server: the events each request and response
// see (in order, per request), what the server's 'clientError' gets, and what a raw client
// reads before the connection closes. The pipelined case: res.destroy() of a response waiting
// behind a slower one takes effect once the slower one has gone, so the client reads it first.
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

Promise<> run(std::string name, std::string payload) {
  auto p = Promise<>::withResolvers();
  logs.clear();
  order.clear();
  net::Socket& client = net::connect(serverPtr->address().port, "127.0.0.1");
  auto got = std::make_shared<std::string>();
  auto error = std::make_shared<std::string>();
  client.on("data", [got](const Buffer& d) { *got += d.toString(); });
  client.on("error", [error](const Error& err) { *error = " error " + err.code; });
  client.on("close", [=](bool) {
    setTimeout([=] {
      std::printf("== %s: client read %s%s\n", name.c_str(), JSON::stringify(JSON::Value(withoutDate(*got))).c_str(), error->c_str());
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

std::string get(const std::string& path) { return "GET " + path + " HTTP/1.1\r\nHost: x\r\n\r\n"; }

Promise<> main2() {
  co_await run("res.destroy()", get("/res"));
  co_await run("res.destroy(err)", get("/res-err"));
  co_await run("req.destroy()", get("/req"));
  co_await run("req.destroy(err)", get("/req-err"));
  co_await run("res.destroy() mid-upload",
               "POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n" + std::string(1000, 'x'));
  co_await run("pipelined: the response before goes out first", get("/slow") + get("/res"));
  co_await run("pipelined: answered before, destroyed after", get("/a") + get("/res"));
  serverPtr->close();
}

int main() {
  auto& server = http::createServer([](http::IncomingMessage& req, http::ServerResponse& res) {
    const std::string url = req.url;
    req.on("aborted", [url] { log(url, "req aborted"); });
    req.on("error", [url](const Error& err) { log(url, "req error " + err.message); });
    req.on("close", [url] { log(url, "req close"); });
    res.on("error", [url](const Error& err) { log(url, "res error " + err.message); });
    res.on("finish", [url] { log(url, "res finish"); });
    res.on("close", [url] { log(url, "res close"); });
    if (url == "/res") {
      res.destroy();
      log(url, std::string("destroyed ") + str(res.destroyed) + " " + str(req.destroyed));
    } else if (url == "/res-err") {
      res.destroy(Error("res boom"));
      log(url, std::string("destroyed ") + str(res.destroyed) + " " + str(req.destroyed));
    } else if (url == "/req") {
      req.destroy();
      log(url, std::string("destroyed ") + str(res.destroyed) + " " + str(req.destroyed));
    } else if (url == "/req-err") {
      req.destroy(Error("req boom"));
      log(url, std::string("destroyed ") + str(res.destroyed) + " " + str(req.destroyed));
    } else if (url == "/upload") {
      req.once("data", [url, &res](const Buffer& chunk) {
        log(url, "data " + std::to_string(chunk.size()));
        res.destroy();
      });
    } else if (url == "/slow") {
      setTimeout([&res] { res.end("slow"); }, 50);
    } else {
      res.end("ok " + url);
    }
  });
  serverPtr = &server;
  server.on("clientError", [](const Error& err, net::Socket&) { std::printf("clientError %s\n", err.message.c_str()); });

  server.listen(0, "127.0.0.1", [] { main2(); });
  return nodecc::run();
}
