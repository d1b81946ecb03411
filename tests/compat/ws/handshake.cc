// The opening handshake: raw requests, one connection each, against a WebSocketServer on a port
// of its own (path /chat, permessage-deflate, a verifyClient that refuses x-deny), then again
// against a second one with 'wsClientError' (which answers the refusals itself) and 'headers'
// listeners and a handleProtocols that picks b when offered and else none. Each case prints the server's events, then what the client read. A 101 is followed
// by a message and a close frame from the client, which the server echoes and answers.
#include <cstdio>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>
#include <nodecc/nodecc.h>
#include <nodecc/ws.h>
#include "raw_client.h"
using namespace nodecc;
using namespace raw;

CaseLog current;

// nodecc's PerMessageDeflateOptions.serverNoContextTakeover and clientNoContextTakeover default
// to true (ws's to false): set here so that both servers make the same answer. The other
// defaults are ws's.
ws::ServerOptions options() {
  ws::ServerOptions o;
  o.path = "/chat";
  o.perMessageDeflate = {.enabled = true, .serverNoContextTakeover = true, .clientNoContextTakeover = true};
  o.verifyClient = [](const ws::ClientInfo& info) {
    current.server.push_back("verifyClient origin=" + info.origin + " secure=" + (info.secure ? "true" : "false") + " " + info.req.url);
    return !info.req.headers.has("x-deny");
  };
  return o;
}

// "Hello" compressed without context (RFC 7692 §7.2.3.1).
const std::string HELLO_DEFLATED = {char(0xf2), char(0x48), char(0xcd), char(0xc9), char(0xc9), char(0x07), char(0x00)};

const std::vector<std::pair<std::string, std::string>> cases = {
  {"plain GET", request("GET", "/chat", {"Host: x", "Connection: close"})},
  {"valid upgrade", upgrade("/chat", {"Origin: http://example.com"})},
  {"valid upgrade with a query", upgrade("/chat?room=1")},
  {"POST", request("POST", "/chat", {"Host: x", "Upgrade: websocket", "Connection: Upgrade",
                                     "Sec-WebSocket-Key: " + KEY, "Sec-WebSocket-Version: 13"})},
  {"Upgrade: foo", request("GET", "/chat", {"Host: x", "Upgrade: foo", "Connection: Upgrade",
                                            "Sec-WebSocket-Key: " + KEY, "Sec-WebSocket-Version: 13"})},
  {"Upgrade: WebSocket (any case)", request("GET", "/chat", {"Host: x", "Upgrade: WebSocket", "Connection: Upgrade",
                                                             "Sec-WebSocket-Key: " + KEY, "Sec-WebSocket-Version: 13"})},
  {"missing key", request("GET", "/chat", {"Host: x", "Upgrade: websocket", "Connection: Upgrade",
                                           "Sec-WebSocket-Version: 13"})},
  {"bad key", request("GET", "/chat", {"Host: x", "Upgrade: websocket", "Connection: Upgrade",
                                       "Sec-WebSocket-Key: abc", "Sec-WebSocket-Version: 13"})},
  {"version 12", request("GET", "/chat", {"Host: x", "Upgrade: websocket", "Connection: Upgrade",
                                          "Sec-WebSocket-Key: " + KEY, "Sec-WebSocket-Version: 12"})},
  {"version 8", request("GET", "/chat", {"Host: x", "Upgrade: websocket", "Connection: Upgrade",
                                         "Sec-WebSocket-Key: " + KEY, "Sec-WebSocket-Version: 8",
                                         "Origin: http://ignored", "Sec-WebSocket-Origin: http://old.example"})},
  {"wrong path", upgrade("/other")},
  {"protocols a, b", upgrade("/chat", {"Sec-WebSocket-Protocol: a, b"})},
  {"protocols c, b", upgrade("/chat", {"Sec-WebSocket-Protocol: c, b"})},
  {"bad protocol header", upgrade("/chat", {"Sec-WebSocket-Protocol: a,,b"})},
  {"duplicate protocols", upgrade("/chat", {"Sec-WebSocket-Protocol: a, a"})},
  {"deflate offer", upgrade("/chat", {"Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits"})},
  {"deflate offers, the first refused", upgrade("/chat", {"Sec-WebSocket-Extensions: permessage-deflate; server_max_window_bits=7, permessage-deflate"})},
  {"unknown extension only", upgrade("/chat", {"Sec-WebSocket-Extensions: x-foo"})},
  {"bad extensions header", upgrade("/chat", {"Sec-WebSocket-Extensions: permessage-deflate; =1"})},
  {"server_max_window_bits=7", upgrade("/chat", {"Sec-WebSocket-Extensions: permessage-deflate; server_max_window_bits=7"})},
  {"unknown deflate parameter", upgrade("/chat", {"Sec-WebSocket-Extensions: permessage-deflate; foo"})},
  {"x-deny", upgrade("/chat", {"X-Deny: 1"})},
};

void runServer(std::string title, bool listeners, UniqueFunction<void()> next) {
  ws::ServerOptions o = options();
  if (listeners) {
    o.handleProtocols = [](const std::set<std::string>& protocols, http::IncomingMessage& req) -> std::optional<std::string> {
      current.server.push_back("handleProtocols " + std::to_string(protocols.size()) + " has b " + (protocols.contains("b") ? "true" : "false") + " (" + req.url + ")");
      return protocols.contains("b") ? std::optional<std::string>("b") : std::nullopt;
    };
  }
  o.port = 0;
  o.host = "127.0.0.1";
  ws::WebSocketServer& wss = ws::createServer(std::move(o));
  if (listeners) {
    wss.on("wsClientError", [](const Error& err, net::Socket& socket, http::IncomingMessage& req) {
      current.server.push_back("wsClientError " + err.message + " (" + req.method + " " + req.url + ")");
      socket.end("HTTP/1.1 400 Bad Request\r\nX-Error: " + err.message + "\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
    });
    wss.on("headers", [](std::vector<std::string>& headers, http::IncomingMessage& req) {
      current.server.push_back("headers " + std::to_string(headers.size()) + " (" + req.url + ")");
      headers.push_back("X-Extra: 1");
    });
  }
  wss.on("connection", [](ws::WebSocket& ws, http::IncomingMessage& req) {
    current.pending++;
    current.server.push_back("connection " + req.url + " protocol=" + JSON::stringify(ws.protocol()) + " extensions=" + JSON::stringify(ws.extensions()));
    ws.on("message", [&ws](const Buffer& data, bool isBinary) {
      current.server.push_back(std::string("message ") + (isBinary ? "true" : "false") + " " + JSON::stringify(data.toString()));
      ws.send(data, {.binary = isBinary});
    });
    ws.on("close", [](int code, const Buffer& reason) {
      current.server.push_back("close " + std::to_string(code) + " " + JSON::stringify(reason.toString()));
      current.settle();
    });
  });
  auto nextShared = std::make_shared<UniqueFunction<void()>>(std::move(next));
  wss.on("listening", [&wss, title, nextShared] {
    std::printf("== %s\n", title.c_str());
    const uint16_t port = wss.address().port;
    auto i = std::make_shared<size_t>(0);
    auto step = std::make_shared<UniqueFunction<void()>>();
    // The step names itself weakly: a lambda owning its own shared_ptr never goes (LSan).
    std::weak_ptr<UniqueFunction<void()>> self = step;
    *step = [&wss, title, nextShared, port, i, self] {
      auto step = self.lock();
      if (*i == cases.size()) {
        wss.close([title, nextShared](Error*) {
          std::printf("%s closed\n", title.c_str());
          (*nextShared)();
        });
        return;
      }
      const auto& [name, text] = cases[(*i)++];
      current.start(name, [step] { (*step)(); });
      connect(port, text, current.client, [name](net::Socket& socket) {
        const bool deflate = name == "deflate offer";
        socket.write(frame(1, deflate ? HELLO_DEFLATED : "hello", {.rsv1 = deflate}) +
                     frame(8, closePayload(1000, "done")));
      }, [] { current.settle(); });
    };
    (*step)();
  });
}

int main() {
  runServer("server", false, [] { runServer("server with wsClientError and headers", true, [] {}); });
  return nodecc::run();
}
