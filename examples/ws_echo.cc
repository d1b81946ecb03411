// The WebSocket echo server: every message comes back as it came (text as text, binary as
// binary), with permessage-deflate for clients that offer it (--deflate). The Autobahn
// conformance run (tests/integration/ws) and the benchmark (bench/ws) use it.
#include <cstdio>
#include <cstring>
#include <nodecc/nodecc.h>
#include <nodecc/ws.h>
#include "example_args.h"
using namespace nodecc;

int main() {
  auto args = exampleArgs();
  // --deflate: permessage-deflate; --max-fragments N: frames per message (ws's default 16384;
  // Autobahn's 9.3.1 sends 65536).
  // --key K --cert C: wss:// (an https server whose upgrade requests the WebSocket server takes).
  bool deflate = false;
  size_t maxFragments = 16 * 1024;
  std::string key, cert;
  const auto& argv = process::argv();
  for (size_t i = 2; i < argv.size(); i++) {
    if (argv[i] == "--deflate") deflate = true;
    if (argv[i] == "--max-fragments" && i + 1 < argv.size()) maxFragments = std::stoul(argv[i + 1]);
    if (argv[i] == "--key" && i + 1 < argv.size()) key = argv[i + 1];
    if (argv[i] == "--cert" && i + 1 < argv.size()) cert = argv[i + 1];
  }

  return exampleRun(args, [&] {
    ws::ServerOptions options;
    options.perMessageDeflate.enabled = deflate;
    options.maxFragments = maxFragments;
    auto announce = [&] {
      std::printf("listening on %s://%s:%u/\n", key.empty() ? "ws" : "wss", args.host.c_str(), args.port);
      std::fflush(stdout);
    };
    if (!key.empty()) {
      https::ServerOptions tlsOptions;
      tlsOptions.key = {fs::readFileSync(key).toString()};
      tlsOptions.cert = {fs::readFileSync(cert).toString()};
      http::Server& server = https::createServer(tlsOptions, [](http::IncomingMessage&, http::ServerResponse& res) {
        res.writeHead(426);
        res.end("Upgrade Required");
      });
      options.server = &server;
      server.listen(args.port, args.host, announce);
    } else {
      options.port = args.port;
      options.host = args.host;
    }
    auto& wss = ws::createServer(std::move(options), key.empty() ? UniqueFunction<void()>(announce) : nullptr);
    wss.on("connection", [](ws::WebSocket& socket, http::IncomingMessage&) {
      // A peer that breaks the protocol is closed with ws's code; without an 'error' listener
      // that error would be uncaught (and end the process), as in Node.
      socket.on("error", [](const Error&) {});
      socket.on("message", [&socket](const Buffer& data, bool isBinary) {
        socket.send(data, {.binary = isBinary});
      });
    });
  });
}
