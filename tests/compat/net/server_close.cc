// server.close(): stops accepting at once (a new connect is refused), calls back and emits
// 'close' only after the last connection has closed. Closing a server that is not listening
// calls back with ERR_SERVER_NOT_RUNNING, and still emits 'close' (the callback is a 'close'
// listener, added after the ones already there).
#include <cstdio>
#include <nodecc/nodecc.h>
using namespace nodecc;

int main() {
  net::Server& idle = net::createServer();
  idle.on("close", [] { std::printf("idle close event\n"); });
  idle.close([](Error* err) {
    std::printf("idle close callback %s %s: %s\n", err->code.c_str(), err->name.c_str(), err->message.c_str());
  });
  std::printf("idle close called\n");

  uint16_t port = 0;
  net::Server* serverPtr = nullptr;
  net::Server& server = net::createServer([&](net::Socket& socket) {
    net::Server& server = *serverPtr;
    server.getConnections([&](Error*, size_t count) {
      std::printf("connection, count %zu\n", count);
      server.close([](Error* err2) { std::printf("close callback %s\n", err2 ? err2->code.c_str() : "no error"); });
      std::printf("close called, listening %s\n", server.listening() ? "true" : "false");
      net::Socket& late = net::connect(port, "127.0.0.1");
      late.on("error", [&](const Error& err3) {
        std::printf("late connect %s\n", err3.code.c_str());
        server.getConnections([&](Error*, size_t count2) {
          std::printf("still open, count %zu\n", count2);
          socket.end("bye");
        });
      });
    });
    socket.on("close", [](bool) { std::printf("server socket close\n"); });
  });
  serverPtr = &server;
  int closeEvents = 0;
  server.on("close", [&] {
    closeEvents++;
    std::printf("close event %d\n", closeEvents);
    if (closeEvents == 1) {
      server.close([](Error* err) { std::printf("second close %s\n", err->code.c_str()); });
    }
  });

  server.listen(0, "127.0.0.1", [&] {
    port = server.address().port;
    net::Socket& client = net::connect(port, "127.0.0.1");
    client.on("data", [](const Buffer& chunk) { std::printf("client data %s\n", chunk.toString().c_str()); });
    client.on("end", [] { std::printf("client end\n"); });
  });
  return nodecc::run();
}
