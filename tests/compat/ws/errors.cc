// Protocol violations, one connection each: the server logs 'error' (name, message, code) and
// 'close'; the client prints the close frame it gets and whether the server ended TCP. Cases
// marked 'limited' go to a second server with maxPayload: 100 and maxFragments: 4, those marked
// 'deflate' to a third with permessage-deflate (both no-context-takeover options set as nodecc's defaults,
// see handshake.js) and maxPayload: 100.
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>
#include <nodecc/nodecc.h>
#include <nodecc/ws.h>
#include "raw_client.h"
using namespace nodecc;
using namespace raw;

std::string x(size_t n) { return std::string(n, 'x'); }
std::string bytes(std::initializer_list<int> list) {
  std::string out;
  for (int b : list) out += char(b);
  return out;
}
// "Hello" and 200 x compressed without context (deflate, the last 4 bytes of the flush dropped).
const std::string HELLO_DEFLATED = bytes({0xf2, 0x48, 0xcd, 0xc9, 0xc9, 0x07, 0x00});
const std::string X200_DEFLATED = bytes({0xaa, 0xa8, 0x18, 0x1e, 0x00, 0x00});

// frames and the server ("" for plain), or a function that writes them itself (socket, log). A frame header written by hand
// is a string of its bytes.
struct Case {
  std::string name;
  std::vector<std::string> frames;
  std::string server = "";
  std::function<void(net::Socket&, std::vector<std::string>&)> write = nullptr;
};

std::vector<std::string> pings(int n) {
  std::vector<std::string> out;
  for (int i = 0; i < n; i++) out.push_back(frame(9, std::to_string(i)));
  return out;
}
std::vector<std::string> operator+(std::vector<std::string> a, const std::vector<std::string>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

const std::vector<Case> cases = {
  {"unmasked frame", {frame(1, "hi", {.mask = false})}},
  {"opcode 3", {frame(3, "x")}},
  {"RSV1 without deflate", {frame(1, "x", {.rsv1 = true})}},
  {"RSV2", {frame(1, "x", {.rsv2 = true})}},
  {"control frame of 126 bytes", {frame(9, x(126))}},
  {"fragmented ping", {frame(9, "x", {.fin = false})}},
  {"continuation without start", {frame(0, "x")}},
  {"text inside a fragmented message", {frame(1, "a", {.fin = false}), frame(1, "b")}},
  {"invalid UTF-8 text", {frame(1, bytes({0x61, 0xff, 0x62}))}},
  {"invalid UTF-8 across fragments", {frame(1, bytes({0x61, 0xff}), {.fin = false}), frame(0, "b")}},
  // Not here: a bad first fragment whose last fragment comes later. ws reports it once the
  // message is whole, nodecc at once (Autobahn 6.4.x's fail-fast): docs/ws.md, Differences.
  {"invalid UTF-8 split inside a character", {frame(1, bytes({0xe2, 0x82}), {.fin = false}), frame(0, bytes({0x28}))}},
  {"close payload of 1 byte", {frame(8, bytes({3}))}},
  {"close code 1004", {frame(8, closePayload(1004))}},
  {"close code 999", {frame(8, closePayload(999))}},
  {"close code 5000", {frame(8, closePayload(5000))}},
  {"close code 1005 on the wire", {frame(8, closePayload(1005))}},
  {"invalid UTF-8 close reason", {frame(8, closePayload(1000) + bytes({0xff}))}},
  {"close 3000 with a reason (valid)", {frame(8, closePayload(3000, "fine"))}},
  {"empty close frame (valid)", {frame(8, "")}},
  {"close reason of 123 bytes (valid)", {frame(8, closePayload(1001, x(123)))}},
  {"data after the close frame", {frame(8, closePayload(1000)), frame(1, "after")}},
  {"FIN without a close frame", {}, "", [](net::Socket& socket, std::vector<std::string>&) { socket.end(); }},
  {"UTF-8 character split across fragments (valid)", {frame(1, bytes({0xc3}), {.fin = false}), frame(0, bytes({0xa9})), frame(8, closePayload(1000))}},
  {"64-bit length over 2^53 - 1", {bytes({0x81, 0xff, 0x00, 0x20, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4})}},
  // ws 8.23's maxPendingAutoPongs (60): the 61st ping whose pong has not been written yet
  // terminates the connection; the rest of the packet is still read.
  {"70 pings in one packet", pings(70) + std::vector<std::string>{frame(8, closePayload(1000))}},
  {"message over maxPayload", {frame(1, x(101))}, "limited"},
  {"length over maxPayload, the payload not sent", {bytes({0x81, 0xfe, 0x00, 0xc8, 1, 2, 3, 4})}, "limited"},
  {"message at maxPayload (valid)", {frame(1, x(100)), frame(8, closePayload(1000))}, "limited"},
  {"fragments over maxPayload", {frame(1, x(60), {.fin = false}), frame(0, x(60))}, "limited"},
  {"too many fragments", {frame(1, "a", {.fin = false}), frame(0, "b", {.fin = false}), frame(0, "c", {.fin = false}),
                          frame(0, "d", {.fin = false}), frame(0, "e")}, "limited"},
  {"four fragments (valid)", {frame(1, "a", {.fin = false}), frame(0, "b", {.fin = false}), frame(0, "c", {.fin = false}),
                              frame(0, "d"), frame(8, closePayload(1000))}, "limited"},
  {"compressed message (valid)", {frame(1, HELLO_DEFLATED, {.rsv1 = true}), frame(8, closePayload(1000))}, "deflate"},
  {"compressed message over maxPayload once inflated", {frame(1, X200_DEFLATED, {.rsv1 = true})}, "deflate"},
  {"RSV1 on a continuation frame", {frame(1, "a", {.fin = false}), frame(0, "b", {.rsv1 = true})}, "deflate"},
  {"RSV1 on a ping", {frame(9, "x", {.rsv1 = true})}, "deflate"},
  {"invalid compressed data", {frame(1, bytes({0xff, 0xff, 0xff}), {.rsv1 = true})}, "deflate"},
  // Each connection's messages are inflated afresh: an earlier connection's error leaves nothing.
  {"compressed message after those errors (valid)", {frame(1, HELLO_DEFLATED, {.rsv1 = true}), frame(8, closePayload(1000))}, "deflate"},
};

CaseLog current;

void onConnection(ws::WebSocket& ws, http::IncomingMessage&) {
  current.pending++;
  current.server.push_back("connection readyState=" + std::to_string(ws.readyState()));
  ws.on("message", [](const Buffer& data, bool isBinary) { current.server.push_back(std::string("message ") + (isBinary ? "true" : "false") + " " + JSON::stringify(data.toString())); });
  auto pings = std::make_shared<int>(0);
  ws.on("ping", [pings](const Buffer&) { (*pings)++; });
  ws.on("error", [&ws](const Error& err) {
    current.server.push_back("error " + err.name + " " + JSON::stringify(err.message) + " " + err.code + " readyState=" + std::to_string(ws.readyState()));
  });
  ws.on("close", [pings](int code, const Buffer& reason) {
    current.server.push_back("close " + std::to_string(code) + " " + JSON::stringify(reason.toString()) + (*pings ? " after " + std::to_string(*pings) + " pings" : ""));
    current.settle();
  });
}

int main() {
  ws::WebSocketServer& plain = ws::createServer({.port = 0, .host = "127.0.0.1"});
  plain.on("connection", onConnection);
  ws::WebSocketServer& limited = ws::createServer({.port = 0, .host = "127.0.0.1", .maxPayload = 100, .maxFragments = 4});
  limited.on("connection", onConnection);
  ws::WebSocketServer& deflate = ws::createServer({.port = 0, .host = "127.0.0.1", .maxPayload = 100,
                                                   .perMessageDeflate = {.enabled = true, .serverNoContextTakeover = true, .clientNoContextTakeover = true}});
  deflate.on("connection", onConnection);
  std::map<std::string, ws::WebSocketServer*> servers = {{"plain", &plain}, {"limited", &limited}, {"deflate", &deflate}};

  int listening = 0;
  size_t i = 0;
  UniqueFunction<void()> step;
  step = [&] {
    if (i == cases.size()) {
      plain.close();
      limited.close();
      deflate.close();
      return;
    }
    const Case& c = cases[i++];
    current.start(c.name, [&] { step(); });
    ws::WebSocketServer& server = *servers[c.server.empty() ? "plain" : c.server];
    std::vector<std::string>& log = current.client;
    const std::vector<std::string> extensions = c.server == "deflate" ? std::vector<std::string>{"Sec-WebSocket-Extensions: permessage-deflate"} : std::vector<std::string>{};
    connect(server.address().port, upgrade("/", extensions), current.client, [&c, &log](net::Socket& socket) {
      if (c.write) {
        c.write(socket, log);
      } else {
        std::string all;
        for (const std::string& f : c.frames) all += f;
        socket.write(all);
      }
    }, [] { current.settle(); });
  };

  for (ws::WebSocketServer* server : {&plain, &limited, &deflate}) {
    server->on("listening", [&] {
      if (++listening == 3) step();
    });
  }
  return nodecc::run();
}
