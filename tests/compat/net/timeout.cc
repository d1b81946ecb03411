// socket.setTimeout(ms): 'timeout' after ms without activity; the socket stays open (the
// program decides). Activity (data) restarts the count; setTimeout(0) turns it off. The client
// writes at 30 ms, while the server's 100 ms timeout is pending, so that timeout comes 100 ms
// after the write. The client's own 40 ms timeout is turned off by setTimeout(0) and never
// fires, though the client idles for longer.
#include <chrono>
#include <cstdio>
#include <nodecc/nodecc.h>
using namespace nodecc;

const char* str(bool b) { return b ? "true" : "false"; }

int main() {
  // Date.now(): milliseconds on a clock that only moves forward.
  const auto start = std::chrono::steady_clock::now();
  auto elapsed = [start] {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
  };

  net::Server* serverPtr = nullptr;
  net::Server& server = net::createServer([&](net::Socket& socket) {
    socket.setTimeout(100, [&] {
      std::printf("server timeout callback, destroyed %s, after data %s\n", str(socket.destroyed()), str(elapsed() >= 125));
    });
    socket.on("timeout", [&socket] {
      std::printf("server timeout event\n");
      socket.end("closing idle socket");
    });
    socket.on("data", [](const Buffer& chunk) { std::printf("server data %s\n", chunk.toString().c_str()); });
    socket.on("close", [&](bool) {
      std::printf("server socket close\n");
      serverPtr->close();
    });
  });
  serverPtr = &server;

  server.listen(0, "127.0.0.1", [&] {
    net::Socket& client = net::connect(server.address().port, "127.0.0.1");
    client.setTimeout(40);
    client.on("timeout", [] { std::printf("client timeout (unexpected)\n"); });
    client.setTimeout(0);
    setTimeout([&client] { client.write("ping"); }, 30);
    client.on("data", [](const Buffer& chunk) { std::printf("client data %s\n", chunk.toString().c_str()); });
    client.on("end", [] { std::printf("client end\n"); });
    client.on("close", [](bool hadError) { std::printf("client close %s\n", str(hadError)); });
  });
  return nodecc::run();
}
