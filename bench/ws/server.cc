// nodecc's WebSocket echo server for bench/ws/run.py: --port N [--deflate] on 127.0.0.1, one
// loop. With --deflate, permessage-deflate with nodecc's default parameters (the client is asked
// for client_no_context_takeover) and every reply compressed (threshold 0), as the peers are run.
#include <nodecc/nodecc.h>
#include <nodecc/ws.h>

#include <cstdio>
#include <cstdlib>
#include <string>

using namespace nodecc;

int main() {
  uint16_t port = 8080;
  bool deflate = false;
  const auto& argv = process::argv();
  for (size_t i = 2; i < argv.size(); ++i) {
    if (argv[i] == "--port" && i + 1 < argv.size()) {
      port = uint16_t(std::atoi(argv[i + 1].c_str()));
    } else if (argv[i] == "--deflate") {
      deflate = true;
    }
  }
  ws::ServerOptions options;
  options.port = port;
  options.host = "127.0.0.1";
  options.perMessageDeflate.enabled = deflate;
  options.perMessageDeflate.threshold = 0;
  auto& wss = ws::createServer(std::move(options), [port] {
    std::printf("listening on ws://127.0.0.1:%u/\n", port);
    std::fflush(stdout);
  });
  wss.on("connection", [](ws::WebSocket& socket, http::IncomingMessage&) {
    socket.on("error", [](const Error&) {});
    socket.on("message", [&socket](const Buffer& data, bool isBinary) {
      socket.send(data, {.binary = isBinary});
    });
  });
  process::on("SIGTERM", [] { process::exit(0); });
  return nodecc::run();
}
