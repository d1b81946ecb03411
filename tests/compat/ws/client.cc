// The WebSocket client (ws's `new WebSocket(url, protocols)`) against ws's server in the same
// program: the events in order on both sides, the subprotocol, ping/pong, a fragmented and a
// compressed message, the closing handshake; then the client's handshake failures against
// servers that answer wrongly, each with ws's error message and the close code that follows.
#include <cstdio>
#include <functional>
#include <regex>
#include <string>
#include <vector>
#include <nodecc/nodecc.h>
#include <nodecc/ws.h>
using namespace nodecc;

std::string str(bool b) { return b ? "true" : "false"; }

int main() {
  // Each side's events in order; the interleaving of the two sides (the scheduler's) is not
  // compared.
  std::vector<std::string> log;
  std::vector<std::string> serverLog;
  std::function<void(size_t)> failures;
  std::function<void()> syntaxErrors;

  ws::ServerOptions options;
  options.port = 0;
  options.host = "127.0.0.1";
  options.perMessageDeflate = {.enabled = true, .serverNoContextTakeover = true, .clientNoContextTakeover = true, .threshold = 16};
  ws::WebSocketServer* wssPtr = nullptr;
  auto& wss = ws::createServer(std::move(options), [&] {
    uint16_t port = wssPtr->address().port;
    // JavaScript closures see `ws` later; C++ lambdas keep a pointer to it.
    ws::WebSocket* ws = &ws::connect("ws://127.0.0.1:" + std::to_string(port) + "/chat?x=1", {"v2", "v1"});
    log.push_back("client readyState " + std::to_string(ws->readyState()) + " url " + std::regex_replace(ws->url(), std::regex(std::to_string(port)), "PORT"));
    ws->on("open", [&log, ws] {
      log.push_back("client open protocol=" + ws->protocol() + " extensions=" + (ws->extensions().empty() ? "" : "permessage-deflate"));
      ws->ping("are you there");
      ws->send("hello");
      ws->send(Buffer::from({1, 2, 3}));
      ws->send("frag-", {.fin = false});
      ws->send("ment", {.fin = true});
      ws->send(std::string(200, 'z'));
    });
    ws->on("message", [&](const Buffer& data, bool isBinary) {
      std::string shown;
      if (isBinary) {
        for (size_t i = 0; i < data.length(); i++) shown += (i ? "," : "") + std::to_string(data[i]);
      } else {
        shown = data.toString().substr(0, 12);
      }
      log.push_back("client message " + str(isBinary) + " " + shown + " (" + std::to_string(data.length()) + ")");
    });
    ws->on("pong", [&](const Buffer& data) { log.push_back("client pong " + data.toString()); });
    ws->on("ping", [&](const Buffer& data) { log.push_back("client ping " + data.toString()); });
    ws->on("close", [&, ws](int code, const Buffer& reason) {
      log.push_back("client close " + std::to_string(code) + " " + reason.toString() + " readyState " + std::to_string(ws->readyState()));
      wssPtr->close([&](Error*) { failures(0); });
    });
  });
  wssPtr = &wss;
  wss.on("connection", [&](ws::WebSocket& socket, http::IncomingMessage& req) {
    serverLog.push_back("server connection " + req.url + " protocol=" + socket.protocol());
    auto n = std::make_shared<int>(0);
    socket.on("message", [&socket, &serverLog, n](const Buffer& data, bool isBinary) {
      serverLog.push_back("server message " + str(isBinary) + " " + std::to_string(data.length()));
      socket.send(data, {.binary = isBinary});
      if (++*n == 4) {
        socket.ping("from server");
        socket.close(4000, "done");
      }
    });
    socket.on("close", [&serverLog](int code, const Buffer& reason) { serverLog.push_back("server close " + std::to_string(code) + " " + reason.toString()); });
  });

  auto accept = [](http::IncomingMessage& req) {
    return crypto::createHash("sha1").update(std::string(req.headers["sec-websocket-key"]) + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").digest("base64");
  };
  using Respond = std::function<void(http::IncomingMessage&, net::Socket&)>;
  std::vector<std::pair<std::string, Respond>> cases = {
      {"refused", nullptr},
      {"404", [](http::IncomingMessage&, net::Socket& socket) { socket.end("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n"); }},
      {"no upgrade", [](http::IncomingMessage&, net::Socket& socket) { socket.end("HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\n\r\n"); }},
      {"bad accept", [](http::IncomingMessage&, net::Socket& socket) { socket.end("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: nope\r\n\r\n"); }},
      {"protocol not asked", [accept](http::IncomingMessage& req, net::Socket& socket) { socket.end("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: " + accept(req) + "\r\nSec-WebSocket-Protocol: v9\r\n\r\n"); }},
      {"extension not asked", [accept](http::IncomingMessage& req, net::Socket& socket) { socket.end("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: " + accept(req) + "\r\nSec-WebSocket-Extensions: permessage-deflate\r\n\r\n"); }},
  };

  failures = [&](size_t i) {
    if (i == cases.size()) {
      syntaxErrors();
      return;
    }
    const std::string name = cases[i].first;
    Respond respond = cases[i].second;
    http::Server* server = &http::createServer();
    server->on("upgrade", [respond](http::IncomingMessage& req, net::Socket& socket, const Buffer&) { respond(req, socket); });
    server->listen(0, "127.0.0.1", [&, server, name, respond, i] {
      uint16_t port = server->address().port;
      if (!respond) server->close();
      ws::ClientOptions clientOptions;
      clientOptions.perMessageDeflate.enabled = name != "extension not asked";
      ws::WebSocket& ws = ws::connect("ws://127.0.0.1:" + std::to_string(port) + "/", {}, clientOptions);
      ws.on("open", [&log, name] { log.push_back(name + ": open"); });
      ws.on("error", [&log, name](const Error& err) {
        log.push_back(name + ": error " + std::regex_replace(err.message, std::regex(":\\d+$"), ":PORT") + " " + err.code);
      });
      ws.on("close", [&, server, name, i](int code, const Buffer&) {
        log.push_back(name + ": close " + std::to_string(code));
        if (server->listening()) server->close();
        failures(i + 1);
      });
    });
  };

  syntaxErrors = [&] {
    std::vector<std::pair<std::string, std::vector<std::string>>> inputs = {
        {"not a url", {}}, {"ftp://x/", {}}, {"ws://x/#frag", {}}, {"ws://x/", {"a", "a"}}, {"ws://x/", {"a b"}}};
    for (const auto& [url, protocols] : inputs) {
      try {
        ws::connect(url, protocols);
        log.push_back(url + ": no error");
      } catch (const Error& err) {
        log.push_back(url + ": " + err.name + " " + err.message);
      }
    }
  };

  process::on("exit", [&](int) {
    log.insert(log.end(), serverLog.begin(), serverLog.end());
    std::string out;
    for (size_t i = 0; i < log.size(); i++) out += (i ? "\n" : "") + log[i];
    std::printf("%s\n", out.c_str());
  });
  return nodecc::run();
}
