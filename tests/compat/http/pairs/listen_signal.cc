// server.listen({port, host, signal}) on an http server: aborting closes the server as
// server.close() does. During a request: listening is false at once, the response still goes
// out, and 'close' follows once the connection is gone. With a keep-alive connection idle:
// close() closes it, so 'close' comes without waiting for the keep-alive timeout. An already
// aborted signal: no 'listening', no callback, 'close'. The server's events are printed as they
// come, the client's once both sides are done. Each part starts when the one before is over.
#include <nodecc/nodecc.h>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>
using namespace nodecc;
using Next = UniqueFunction<void()>;
using Lines = std::vector<std::string>;

const char* str(bool b) { return b ? "true" : "false"; }

void request(uint16_t port, std::string text, UniqueFunction<void(const char*, Lines*)> done) {
  auto lines = std::make_shared<Lines>();
  auto cb = std::make_shared<UniqueFunction<void(const char*, Lines*)>>(std::move(done));
  auto& c = net::connect(port, "127.0.0.1");
  c.on("connect", [&c, text] { c.write(text); });
  c.on("data", [lines, cb](const Buffer& d) {
    std::string s = d.toString();
    lines->push_back("client read " + s.substr(0, s.find("\r\n")) + " / body " + s.substr(s.find("\r\n\r\n") + 4));
    (*cb)("data", nullptr);
  });
  c.on("end", [lines] { lines->push_back("client end"); });
  c.on("close", [lines, cb] { (*cb)("close", lines.get()); });
}

// What both parts wait for: the client's lines and the server's 'close'.
struct Both {
  Lines clientLines;
  bool clientClosed = false;
  bool serverClosed = false;
  Next next;
  void finish() {
    if (clientClosed && serverClosed) {
      for (auto& l : clientLines) std::printf("%s\n", l.c_str());
      setImmediate([n = std::move(next)]() mutable { n(); });
    }
  }
};
Both part1, part2;
AbortController ac1, ac2;
http::Server* server1 = nullptr;  // the handler's `server`, as JavaScript's closure sees it

void duringRequest(Next next) {
  AbortController& ac = ac1;
  part1.next = std::move(next);
  auto& server = http::createServer([&ac](http::IncomingMessage& req, http::ServerResponse& res) {
    std::printf("request %s\n", req.url.c_str());
    ac.abort();
    std::printf("aborted, listening %s\n", str(server1->listening()));
    res.on("finish", [] { std::printf("response finish\n"); });
    res.end("bye");
  });
  server1 = &server;
  server.on("close", [] { std::printf("server close\n"); part1.serverClosed = true; part1.finish(); });
  server.listen({.port = 0, .host = "127.0.0.1", .signal = ac.signal}, [&server] {
    std::printf("listening %s\n", str(server.listening()));
    request(server.address().port, "GET /in-flight HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n", [](const char* what, Lines* lines) {
      if (std::string(what) == "close") { part1.clientLines = *lines; part1.clientClosed = true; part1.finish(); }
    });
  });
}

void idleKeepAlive(Next next) {
  std::printf("-- idle keep-alive connection\n");
  AbortController& ac = ac2;
  part2.next = std::move(next);
  auto& server = http::createServer([](http::IncomingMessage& req, http::ServerResponse& res) {
    std::printf("request %s\n", req.url.c_str());
    res.end("kept");
  });
  server.on("close", [] { std::printf("server close\n"); part2.serverClosed = true; part2.finish(); });
  server.listen({.port = 0, .host = "127.0.0.1", .signal = ac.signal}, [&server, &ac] {
    request(server.address().port, "GET /idle HTTP/1.1\r\nHost: a\r\n\r\n", [&ac](const char* what, Lines* lines) {
      if (std::string(what) == "data") setTimeout([&ac] { std::printf("abort\n"); ac.abort(); }, 10);
      if (std::string(what) == "close") { part2.clientLines = *lines; part2.clientClosed = true; part2.finish(); }
    });
  });
}

void alreadyAborted() {
  std::printf("-- already aborted\n");
  auto& server = http::createServer([](http::IncomingMessage&, http::ServerResponse&) { std::printf("never a request\n"); });
  server.on("listening", [] { std::printf("never listening\n"); });
  server.on("close", [&server] { std::printf("close, listening %s\n", str(server.listening())); });
  server.listen({.port = 0, .signal = AbortSignal::abort()}, [] { std::printf("never the callback\n"); });
  std::printf("listening right after listen %s\n", str(server.listening()));
}

int main() {
  duringRequest([] { idleKeepAlive([] { alreadyAborted(); }); });
  return run();
}
