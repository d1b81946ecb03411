// Ending a socket badly, one connection after another: destroy(err) emits 'error' then
// 'close' (true); destroy() emits only 'close' (false); write() after end() calls back with
// ERR_STREAM_WRITE_AFTER_END and destroys the socket with it; write() after destroy() calls back
// with ERR_STREAM_DESTROYED; resetAndDestroy() makes the peer read ECONNRESET.
#include <cstdio>
#include <functional>
#include <vector>
#include <nodecc/nodecc.h>
using namespace nodecc;

const char* str(bool b) { return b ? "true" : "false"; }

std::vector<std::function<void(net::Socket&)>> steps = {
  [](net::Socket& socket) { socket.destroy(Error("boom")); },
  [](net::Socket& socket) { socket.destroy(); },
  [](net::Socket& socket) {
    socket.end();
    const bool ok = socket.write("late", [](Error* err) { std::printf("  write callback %s: %s\n", err->code.c_str(), err->message.c_str()); });
    std::printf("  write after end returned %s\n", str(ok));
  },
  [](net::Socket& socket) {
    socket.destroy();
    const bool ok = socket.write("late", [](Error* err) { std::printf("  write callback %s: %s\n", err->code.c_str(), err->message.c_str()); });
    std::printf("  write after destroy returned %s destroyed %s\n", str(ok), str(socket.destroyed()));
  },
};

net::Server* server = nullptr;

void run(size_t i) {
  if (i == steps.size()) {
    std::printf("reset by the server\n");
    net::Socket& client = net::connect(server->address().port, "127.0.0.1");
    client.once("connect", [&client] { client.write("x"); });
    client.on("error", [](const Error& err) {
      std::printf("  client error %s %d %s: %s\n", err.code.c_str(), err.errnum, err.syscall.c_str(), err.message.c_str());
    });
    client.on("close", [](bool hadError) {
      std::printf("  client close %s\n", str(hadError));
      server->close();
    });
    return;
  }
  std::printf("step %zu\n", i);
  net::Socket& client = net::connect(server->address().port, "127.0.0.1");
  client.once("connect", [&client, i] { steps[i](client); });
  client.on("error", [&client](const Error& err) { std::printf("  error %s destroyed %s\n", err.message.c_str(), str(client.destroyed())); });
  client.on("close", [i](bool hadError) {
    std::printf("  close %s\n", str(hadError));
    run(i + 1);
  });
}

int main() {
  server = &net::createServer([](net::Socket& socket) {
    socket.on("data", [&socket](const Buffer&) {
      std::printf("  server resets\n");
      socket.resetAndDestroy();
    });
  });
  server->listen(0, "127.0.0.1", [] { run(0); });
  return nodecc::run();
}
