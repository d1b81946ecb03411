// The server side's API: the options check, send/ping/pong/close and their errors, fragments
// sent with {fin: false}, terminate(), wss.clients, wss.close() on a server given in `server`
// (which keeps serving ordinary requests) and its 'close', handleUpgrade from a user's 'upgrade'
// listener with noServer. Steps run one after the other; each prints the server's lines, then
// its clients' lines.
#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>
#include <nodecc/nodecc.h>
#include <nodecc/ws.h>
#include "raw_client.h"
using namespace nodecc;
using namespace raw;

std::vector<std::string> serverLog;
std::vector<std::string> clientLog;
void flush(const std::string& title) {
  std::printf("-- %s\n", title.c_str());
  for (const std::string& line : serverLog) std::printf("server: %s\n", line.c_str());
  for (const std::string& line : clientLog) std::printf("client: %s\n", line.c_str());
  serverLog.clear();
  clientLog.clear();
}

// A function that calls fn on its n-th call: a step ends when all its parts have ended.
UniqueFunction<void()> after(int n, UniqueFunction<void()> fn) {
  auto left = std::make_shared<int>(n);
  auto shared = std::make_shared<UniqueFunction<void()>>(std::move(fn));
  return [left, shared] {
    if (--*left == 0) {
      auto keep = shared;  // fn may replace the function that holds this one (a step starting the next)
      (*keep)();
    }
  };
}

template <class F>
void attempt(const std::string& what, F fn) {
  try {
    fn();
    serverLog.push_back(what + ": no error");
  } catch (const Error& err) {
    serverLog.push_back(what + ": " + err.name + " " + err.message);
  }
}

std::string str(bool b) { return b ? "true" : "false"; }
std::string repeat(char c, size_t n) { return std::string(n, c); }

void socketApi();
void givenServer();
void noServer();

// The options: exactly one of port, server and noServer.
void options() {
  std::vector<std::pair<std::string, UniqueFunction<ws::ServerOptions()>>> list;
  list.emplace_back("{}", [] { return ws::ServerOptions{}; });
  list.emplace_back("port and noServer", [] { return ws::ServerOptions{.port = 0, .noServer = true}; });
  for (auto& [name, opts] : list) {
    try {
      ws::createServer(opts());
      std::printf("%s: no error\n", name.c_str());
    } catch (const Error& err) {
      std::printf("%s: %s %s\n", name.c_str(), err.name.c_str(), err.message.c_str());
    }
  }
  ws::WebSocketServer& noServer = ws::createServer({.noServer = true});
  try {
    noServer.address();
  } catch (const Error& err) {
    std::printf("noServer address(): %s %s\n", err.name.c_str(), err.message.c_str());
  }
  noServer.close([](Error*) {
    std::printf("noServer closed\n");
    socketApi();
  });
}

// send/ping/pong/close on one connection, then terminate() on a second. Each part ends when the
// client's socket and the server's WebSocket have both closed.
void socketApi() {
  ws::WebSocketServer& wss = ws::createServer({.port = 0, .host = "127.0.0.1"});
  auto connections = std::make_shared<int>(0);
  auto settle = std::make_shared<UniqueFunction<void()>>([] {});
  wss.on("connection", [&wss, connections, settle](ws::WebSocket& ws, http::IncomingMessage&) {
    (*connections)++;
    std::vector<ws::WebSocket*> clients = wss.clients();
    serverLog.push_back("connection " + std::to_string(*connections) + " clients=" + std::to_string(wss.clientCount()) +
                        " has=" + str(std::find(clients.begin(), clients.end(), &ws) != clients.end()));
    ws.on("close", [&wss, &ws, settle](int code, const Buffer& reason) {
      serverLog.push_back("close " + std::to_string(code) + " " + JSON::stringify(reason.toString()) + " readyState=" + std::to_string(ws.readyState()) +
                          " bufferedAmount=" + std::to_string(ws.bufferedAmount()) + " clients=" + std::to_string(wss.clientCount()));
      (*settle)();
    });
    if (*connections == 1) {
      ws.send("ab", {.fin = false});
      ws.send("cd", {.fin = false});
      ws.send("ef", [](Error* err) { serverLog.push_back(std::string("send ef callback ") + (err ? err->message : "null")); });
      ws.send(Buffer::from({1, 2}), {.fin = false});
      ws.send(Buffer::from({3}));
      ws.send("as binary", {.binary = true});
      ws.send(Buffer::from("as text"), {.binary = false});
      ws.ping("p1");
      ws.pong("p2");
      ws.ping();
      attempt("ping of 126 bytes", [&] { ws.ping(repeat('x', 126)); });
      attempt("pong of 126 bytes", [&] { ws.pong(repeat('x', 126)); });
      attempt("close(1005)", [&] { ws.close(1005); });
      attempt("close(999)", [&] { ws.close(999); });
      attempt("close(1004)", [&] { ws.close(1004); });
      attempt("close(5000)", [&] { ws.close(5000); });
      attempt("close(1000, 124 bytes)", [&] { ws.close(1000, repeat('r', 124)); });
      serverLog.push_back("readyState after the refused closes " + std::to_string(ws.readyState()));
      attempt("close(4000, \"server done\")", [&] { ws.close(4000, "server done"); });
      serverLog.push_back("readyState after close " + std::to_string(ws.readyState()));
      attempt("close(999) while closing", [&] { ws.close(999); });
      attempt("ping of 126 bytes while closing", [&] { ws.ping(repeat('x', 126), [](Error* err) { serverLog.push_back("ping callback " + err->message); }); });
      ws.send("late", [](Error* err) { serverLog.push_back("send callback " + err->message); });
      ws.pong("late", [](Error* err) { serverLog.push_back("pong callback " + err->message); });
    } else {
      ws.send("sent before terminate");
      ws.terminate();
      serverLog.push_back("readyState after terminate " + std::to_string(ws.readyState()));
      attempt("send after terminate", [&] { ws.send("x", [](Error* err) { serverLog.push_back("send callback " + err->message); }); });
    }
  });
  wss.on("listening", [&wss, settle] {
    const uint16_t port = wss.address().port;
    *settle = after(2, [&wss, settle, port] {
      flush("send, ping, pong, close");
      *settle = after(2, [&wss] {
        flush("terminate");
        wss.close([](Error*) {
          std::printf("wss closed\n");
          givenServer();
        });
      });
      connect(port, upgrade("/"), clientLog, [](net::Socket&) {}, [settle] { (*settle)(); });
    });
    connect(port, upgrade("/"), clientLog, [](net::Socket&) {}, [settle] { (*settle)(); }, true);
  });
}

// wss.close() on a WebSocketServer attached to an http server: the http server keeps serving
// ordinary requests (an upgrade request among them, once the listener is gone), and 'close' waits
// for the open connection.
void givenServer() {
  http::Server& server = http::createServer([](http::IncomingMessage& req, http::ServerResponse& res) {
    serverLog.push_back("request " + req.method + " " + req.url);
    res.end("plain " + req.url);
  });
  ws::WebSocketServer& wss = ws::createServer({.server = &server});
  auto done = std::make_shared<UniqueFunction<void()>>(after(2, [&server] {
    flush("wss.close() with a given server");
    server.close([](Error*) {
      std::printf("http server closed\n");
      noServer();
    });
  }));
  wss.on("listening", [] { serverLog.push_back("wss listening"); });
  wss.on("close", [&wss] { serverLog.push_back("wss close event clients=" + std::to_string(wss.clientCount())); });
  wss.on("connection", [&wss, &server, done](ws::WebSocket& ws, http::IncomingMessage&) {
    serverLog.push_back("connection clients=" + std::to_string(wss.clientCount()));
    ws.on("message", [](const Buffer& data) { serverLog.push_back("message " + data.toString()); });
    ws.on("close", [](int code) { serverLog.push_back("close " + std::to_string(code)); });
    wss.close([done](Error* err) {
      serverLog.push_back(std::string("wss.close callback ") + (err ? err->message : "undefined"));
      (*done)();
    });
    serverLog.push_back("after wss.close clients=" + std::to_string(wss.clientCount()) + " listeners=" + std::to_string(server.listenerCount("upgrade")));
  });
  server.listen(0, "127.0.0.1", [&server, done] {
    const uint16_t port = server.address().port;
    connect(port, upgrade("/first"), clientLog, [port](net::Socket& first) {
      connect(port, request("GET", "/plain", {"Host: x", "Connection: close"}), clientLog, [](net::Socket&) {}, [port, &first] {
        connect(port, upgrade("/second", {"Connection: close"}), clientLog, [](net::Socket&) {}, [&first] {
          first.write(frame(1, "still open") + frame(8, closePayload(1000)));
        });
      });
    }, [done] { (*done)(); });
  });
}

// noServer: a user's 'upgrade' listener calls handleUpgrade; the bytes after the request head
// (a frame in the same write) reach the WebSocket. Once the WebSocketServer is closed,
// handleUpgrade answers 503.
void noServer() {
  ws::WebSocketServer& wss = ws::createServer({.noServer = true, .path = "/ws"});
  http::Server& server = http::createServer([](http::IncomingMessage&, http::ServerResponse& res) { res.end(); });
  auto done = std::make_shared<UniqueFunction<void()>>(after(2, [&wss, &server] {
    flush("noServer and handleUpgrade");
    wss.close([&server](Error*) {
      std::printf("noServer wss closed\n");
      // handleUpgrade on a closed WebSocketServer: 503.
      connect(server.address().port, upgrade("/ws"), clientLog, [](net::Socket&) {}, [&server] {
        flush("handleUpgrade after wss.close()");
        server.close([](Error*) { std::printf("done\n"); });
      });
    });
  }));
  server.on("upgrade", [&wss](http::IncomingMessage& req, net::Socket& socket, const Buffer& head) {
    serverLog.push_back("upgrade " + req.url + " shouldHandle=" + str(wss.shouldHandle(req)) + " head=" + std::to_string(head.length()));
    if (!wss.shouldHandle(req)) {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, [&wss, &req](ws::WebSocket& ws, http::IncomingMessage&) {
      wss.emit("connection", ws, req);
    });
  });
  wss.on("connection", [&wss, done](ws::WebSocket& ws, http::IncomingMessage& req) {
    serverLog.push_back("connection " + req.url + " clients=" + std::to_string(wss.clientCount()));
    ws.on("message", [&ws](const Buffer& data) {
      serverLog.push_back("message " + data.toString());
      ws.close(1000, "bye");
    });
    ws.on("close", [done](int code) {
      serverLog.push_back("close " + std::to_string(code));
      (*done)();
    });
  });
  server.listen(0, "127.0.0.1", [&server, done] {
    const uint16_t port = server.address().port;
    connect(port, upgrade("/other"), clientLog, [](net::Socket&) {}, [port, done] {
      connect(port, upgrade("/ws?a=1") + frame(1, "in the head"), clientLog, [](net::Socket&) {}, [done] { (*done)(); }, true);
    });
  });
}

int main() {
  options();
  return nodecc::run();
}
