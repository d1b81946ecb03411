// Messages both ways on one connection: the client sends text, binary, an empty message, a
// fragmented text message with a ping between its fragments, a 70 KB message (64-bit length), a
// ping with a payload, an unsolicited pong and a close frame 1000 "bye", all in one write. The
// server logs every event with its readyState and echoes each message; the client prints the
// frames it gets back (the autoPong pongs and the close reply among them) and who ended TCP.
// The server pauses the socket at first and resumes it 50 ms later: nothing is read meanwhile.
#include <cstdio>
#include <string>
#include <vector>
#include <nodecc/nodecc.h>
#include <nodecc/ws.h>
#include "raw_client.h"
using namespace nodecc;
using namespace raw;

std::string str(bool b) { return b ? "true" : "false"; }

int main() {
  std::vector<std::string> serverLog;
  std::vector<std::string> clientLog;

  std::string big;
  for (int i = 0; i < 70 * 1024; i++) big += char(97 + (i % 26));

  ws::WebSocketServer& wss = ws::createServer({.port = 0, .host = "127.0.0.1"});
  wss.on("connection", [&](ws::WebSocket& ws, http::IncomingMessage& req) {
    serverLog.push_back("connection " + req.url + " protocol=" + ws.protocol() + " readyState=" + std::to_string(ws.readyState()));
    ws.on("message", [&](const Buffer& data, bool isBinary) {
      serverLog.push_back("message isBinary=" + str(isBinary) + " length=" + std::to_string(data.length()) + " " + describe(data.view(), isBinary) + " readyState=" + std::to_string(ws.readyState()));
      ws.send(data, {.binary = isBinary});
    });
    ws.on("ping", [&](const Buffer& data) { serverLog.push_back("ping " + JSON::stringify(data.toString()) + " readyState=" + std::to_string(ws.readyState())); });
    ws.on("pong", [&](const Buffer& data) { serverLog.push_back("pong " + JSON::stringify(data.toString()) + " readyState=" + std::to_string(ws.readyState())); });
    ws.on("error", [&](const Error& err) { serverLog.push_back("error " + err.message); });
    ws.on("close", [&](int code, const Buffer& reason) {
      serverLog.push_back("close " + std::to_string(code) + " " + JSON::stringify(reason.toString()) + " readyState=" + std::to_string(ws.readyState()) + " bufferedAmount=" + std::to_string(ws.bufferedAmount()));
      wss.close([&](Error*) { serverLog.push_back("wss closed"); });
    });
    ws.pause();
    serverLog.push_back("paused " + str(ws.isPaused()));
    setTimeout([&] {
      ws.resume();
      serverLog.push_back("resumed " + str(ws.isPaused()));
    }, 50);
  });

  wss.on("listening", [&] {
    connect(wss.address().port, upgrade("/room?x=1", {"Sec-WebSocket-Protocol: chat"}), clientLog, [&](net::Socket& socket) {
      socket.write(
        frame(1, "hello") +
        frame(2, std::string{1, 2, 3}) +
        frame(1, "") +
        frame(1, "frag", {.fin = false}) +
        frame(9, "between") +
        frame(0, "ment", {.fin = false}) +
        frame(0, "ed") +
        frame(1, big) +
        frame(9, "ping-data") +
        frame(10, "unsolicited") +
        frame(8, closePayload(1000, "bye")));
    }, [&] { clientLog.push_back("client done"); });
  });

  process::on("exit", [&](int) {
    for (const std::string& line : serverLog) std::printf("server: %s\n", line.c_str());
    for (const std::string& line : clientLog) std::printf("client: %s\n", line.c_str());
  });
  return nodecc::run();
}
