// Half-open: with allowHalfOpen the server still writes after the client's FIN, and the client
// reads those bytes before its own 'end'. A second server without allowHalfOpen ends its side
// by itself after 'end'. Each connection's events are printed at exit, in order.
#include <cstdio>
#include <map>
#include <string>
#include <vector>
#include <nodecc/nodecc.h>
using namespace nodecc;

std::string str(bool b) { return b ? "true" : "false"; }

// A JavaScript object keeps its keys in insertion order; std::map would sort them.
std::vector<std::string> names = {"halfServer", "halfClient", "plainServer", "plainClient"};
std::map<std::string, std::vector<std::string>> logs;

void connectTo(net::Server& server, std::string name, UniqueFunction<void()> then) {
  // The connect listener uses `client`, which C++ cannot name in its own initializer: it is
  // added with once("connect"), which is what net.connect does with it.
  net::Socket& client = net::connect(server.address().port, "127.0.0.1");
  client.once("connect", [&client, name] {
    client.write("request from " + name);
    client.end();
    logs[name].push_back("ended " + client.readyState());
  });
  auto received = std::make_shared<std::string>();
  client.on("data", [received](const Buffer& chunk) { *received += chunk.toString(); });
  client.on("end", [name, received] { logs[name].push_back("end received \"" + *received + "\""); });
  client.on("close", [name, then = std::make_shared<UniqueFunction<void()>>(std::move(then))](bool hadError) {
    logs[name].push_back("close " + str(hadError));
    (*then)();
  });
}

int main() {
  net::Server* halfPtr = nullptr;
  net::Server& half = net::createServer(net::ServerOptions{.allowHalfOpen = true}, [&](net::Socket& socket) {
    auto request = std::make_shared<std::string>();
    socket.on("data", [request](const Buffer& chunk) { *request += chunk.toString(); });
    socket.on("end", [&socket, request] {
      logs["halfServer"].push_back("end \"" + *request + "\" " + socket.readyState());
      socket.write("part 1;");
      setTimeout([&socket] {
        bool ok = socket.write("part 2;");
        logs["halfServer"].push_back("late write " + str(ok) + " " + socket.readyState());
        socket.end("done");
      }, 20);
    });
    socket.on("close", [&](bool hadError) {
      logs["halfServer"].push_back("close " + str(hadError) + " read " + std::to_string(socket.bytesRead()) + " written " + std::to_string(socket.bytesWritten()));
      halfPtr->close();
    });
  });
  halfPtr = &half;

  net::Server* plainPtr = nullptr;
  net::Server& plain = net::createServer([&](net::Socket& socket) {
    auto request = std::make_shared<std::string>();
    socket.on("data", [request](const Buffer& chunk) { *request += chunk.toString(); });
    socket.on("end", [&socket, request] { logs["plainServer"].push_back("end \"" + *request + "\" " + socket.readyState()); });
    socket.on("close", [&](bool hadError) {
      logs["plainServer"].push_back("close " + str(hadError) + " " + socket.readyState());
      plainPtr->close();
    });
  });
  plainPtr = &plain;

  half.listen(0, "127.0.0.1", [&] {
    connectTo(half, "halfClient", [&] {
      plain.listen(0, "127.0.0.1", [&] { connectTo(plain, "plainClient", [] {}); });
    });
  });

  process::on("exit", [](int) {
    for (const std::string& name : names) {
      std::string line;
      for (size_t i = 0; i < logs[name].size(); i++) line += (i ? ", " : "") + logs[name][i];
      std::printf("%s: %s\n", name.c_str(), line.c_str());
    }
  });
  return nodecc::run();
}
