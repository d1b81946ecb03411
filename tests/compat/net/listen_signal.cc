// server.listen({port, host, signal}) on a net server: aborting closes the server as
// server.close() does: it stops accepting at once (listening false) and 'close' comes once the
// last connection is gone. A server closed first is left alone by a later abort (no second
// 'close'). An already aborted signal: no 'listening', no callback, 'close'. Each part starts
// when the one before is over.
#include <nodecc/nodecc.h>
#include <cstdio>
#include <memory>
using namespace nodecc;
using Next = UniqueFunction<void()>;

const char* str(bool b) { return b ? "true" : "false"; }
AbortController ac1, ac2;

void whileConnected(Next next) {
  AbortController& ac = ac1;
  auto& server = net::createServer();
  server.on("connection", [&server, &ac](net::Socket& socket) {
    std::printf("connection\n");
    ac.abort();
    std::printf("aborted, listening %s\n", str(server.listening()));
    socket.end("bye");
  });
  server.on("close", [next = std::make_shared<Next>(std::move(next))] { std::printf("server close\n"); setImmediate([next] { (*next)(); }); });
  server.listen({.port = 0, .host = "127.0.0.1", .signal = ac.signal}, [&server] {
    std::printf("listening %s\n", str(server.listening()));
    auto& client = net::connect(server.address().port, "127.0.0.1");
    client.on("data", [](const Buffer& d) { std::printf("client data %s\n", d.toString().c_str()); });
    client.on("end", [] { std::printf("client end\n"); });
  });
}

void closedFirst(Next next) {
  std::printf("-- closed first\n");
  AbortController& ac = ac2;
  auto& server = net::createServer();
  server.on("close", [] { std::printf("close event\n"); });
  server.listen({.port = 0, .signal = ac.signal}, [&server, &ac, next = std::make_shared<Next>(std::move(next))] {
    server.close([&ac, next](Error* err) {
      std::printf("close callback %s\n", err ? err->code.c_str() : "undefined");
      ac.abort();
      std::printf("aborted after close\n");
      setImmediate([next] { (*next)(); });
    });
  });
}

void alreadyAborted() {
  std::printf("-- already aborted\n");
  auto& server = net::createServer();
  server.on("listening", [] { std::printf("never listening\n"); });
  server.on("close", [&server] { std::printf("close, listening %s\n", str(server.listening())); });
  server.listen({.port = 0, .signal = AbortSignal::abort()}, [] { std::printf("never the callback\n"); });
  std::printf("listening right after listen %s\n", str(server.listening()));
}

int main() {
  whileConnected([] { closedFirst([] { alreadyAborted(); }); });
  return run();
}
