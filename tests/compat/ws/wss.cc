// wss://: a WebSocketServer on an https server (the upgrade's socket keeps its TLS session) and
// clients over TLS: one trusting the test certificate, one not (Node's certificate error, then
// close 1006), and an ordinary https request to the same server.
#include <cstdio>
#include <memory>
#include <string>
#include <vector>
#include <nodecc/nodecc.h>
#include <nodecc/ws.h>
using namespace nodecc;

int main() {
  std::string key = fs::readFileSync("../tls/key.pem").toString();
  std::string cert = fs::readFileSync("../tls/cert.pem").toString();
  std::vector<std::string> log;
  std::vector<std::string> serverLog;
  https::ServerOptions tlsOptions;
  tlsOptions.key = {key};
  tlsOptions.cert = {cert};
  http::Server& server = https::createServer(tlsOptions, [](http::IncomingMessage&, http::ServerResponse& res) {
    res.writeHead(426, {{"Content-Type", "text/plain"}});
    res.end("Upgrade Required");
  });
  ws::ServerOptions wsOptions;
  wsOptions.server = &server;
  auto& wss = ws::createServer(std::move(wsOptions));
  wss.on("connection", [&](ws::WebSocket& socket, http::IncomingMessage& req) {
    serverLog.push_back("server connection " + req.url);
    socket.on("message", [&socket, &serverLog](const Buffer& data, bool isBinary) {
      serverLog.push_back("server message " + data.toString());
      socket.send(data, {.binary = isBinary});
    });
    socket.on("close", [&serverLog](int code, const Buffer& reason) { serverLog.push_back("server close " + std::to_string(code) + " " + reason.toString()); });
  });

  server.listen(0, "127.0.0.1", [&] {
    uint16_t port = server.address().port;
    ws::ClientOptions trustingOptions;
    trustingOptions.ca = {cert};
    // JavaScript closures see `trusting` later; C++ lambdas keep a pointer to it.
    ws::WebSocket* trusting = &ws::connect("wss://localhost:" + std::to_string(port) + "/secure", {}, trustingOptions);
    trusting->on("open", [&log, trusting] {
      log.push_back("trusting open");
      trusting->send("over tls");
    });
    trusting->on("message", [&log, trusting](const Buffer& data, bool) {
      log.push_back("trusting message " + data.toString());
      trusting->close(1000, "done");
    });
    trusting->on("close", [&, port](int code, const Buffer& reason) {
      log.push_back("trusting close " + std::to_string(code) + " " + reason.toString());
      ws::WebSocket& doubting = ws::connect("wss://127.0.0.1:" + std::to_string(port) + "/");
      doubting.on("open", [&log] { log.push_back("doubting open"); });
      doubting.on("error", [&log](const Error& err) { log.push_back("doubting error " + err.code + " " + err.message); });
      doubting.on("close", [&, port](int code, const Buffer&) {
        log.push_back("doubting close " + std::to_string(code));
        https::RequestOptions o;
        o.host = "127.0.0.1";
        o.port = port;
        o.path = "/";
        o.ca = {cert};
        o.servername = "localhost";
        o.headers = {{"host", "localhost"}};
        https::get(o, [&](http::IncomingMessage& res) {
          auto body = std::make_shared<std::string>();
          res.on("data", [body](const Buffer& chunk) { *body += chunk.toString(); });
          res.on("end", [&, body] {
            log.push_back("https " + std::to_string(res.statusCode) + " " + *body);
            server.close();
          });
        });
      });
    });
  });

  process::on("exit", [&](int) {
    log.insert(log.end(), serverLog.begin(), serverLog.end());
    std::string out;
    for (size_t i = 0; i < log.size(); i++) out += (i ? "\n" : "") + log[i];
    std::printf("%s\n", out.c_str());
  });
  return nodecc::run();
}
