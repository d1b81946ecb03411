// An Express app and a WebSocketServer sharing one server (ws's { server: app.listen(...) }):
// the app answers its routes, the WebSocket server takes the upgrades on /live.
#include <cstdio>
#include <memory>
#include <string>
#include <vector>
#include <nodecc/express.h>
#include <nodecc/nodecc.h>
#include <nodecc/ws.h>
using namespace nodecc;

int main() {
  std::vector<std::string> log;
  auto app = express::express();
  app.get("/status", [](express::Request&, express::Response& res) { res.json(JSON::parse(R"({"ok":true})")); });

  http::Server* serverPtr = nullptr;
  http::Server& server = app.listen(0, "127.0.0.1", [&] {
    uint16_t port = serverPtr->address().port;
    http::get("http://127.0.0.1:" + std::to_string(port) + "/status", [&, port](http::IncomingMessage& res) {
      auto body = std::make_shared<std::string>();
      res.on("data", [body](const Buffer& chunk) { *body += chunk.toString(); });
      res.on("end", [&, body, port] {
        log.push_back("http " + std::to_string(res.statusCode) + " " + std::string(res.headers["content-type"]) + " " + *body);
        // JavaScript closures see `ws` later; C++ lambdas keep a pointer to it.
        ws::WebSocket* ws = &ws::connect("ws://127.0.0.1:" + std::to_string(port) + "/live");
        ws->on("message", [&log, ws](const Buffer& data, bool) {
          log.push_back("client message " + data.toString());
          ws->close(1000);
        });
        ws->on("close", [&](int code, const Buffer&) {
          log.push_back("client close " + std::to_string(code));
          serverPtr->close();
        });
      });
    });
  });
  serverPtr = &server;
  ws::ServerOptions options;
  options.server = &server;
  options.path = "/live";
  auto& wss = ws::createServer(std::move(options));
  wss.on("connection", [&](ws::WebSocket& socket, http::IncomingMessage& req) {
    log.push_back("connection " + req.url);
    socket.send("welcome");
  });

  process::on("exit", [&](int) {
    std::string out;
    for (size_t i = 0; i < log.size(); i++) out += (i ? "\n" : "") + log[i];
    std::printf("%s\n", out.c_str());
  });
  return nodecc::run();
}
