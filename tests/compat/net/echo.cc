// Echo over TCP: the client sends "hello" and ends after the answer; the server answers in upper
// case. Each side's events are logged in order and printed at exit, so the interleaving of the
// two sides (which depends on the scheduler) is not compared, only each side's own order.
#include <cctype>
#include <cstdio>
#include <string>
#include <vector>
#include <nodecc/nodecc.h>
using namespace nodecc;

std::string str(bool b) { return b ? "true" : "false"; }
std::string upper(std::string s) { for (char& c : s) c = char(std::toupper(c)); return s; }
std::string join(const std::vector<std::string>& v) {
  std::string out;
  for (size_t i = 0; i < v.size(); i++) out += (i ? ", " : "") + v[i];
  return out;
}

int main() {
  std::vector<std::string> serverLog;
  std::vector<std::string> clientLog;

  net::Server* serverPtr = nullptr;
  net::Server& server = net::createServer([&](net::Socket& socket) {
    serverLog.push_back("connection " + socket.remoteAddress() + " " + socket.remoteFamily() + " " + str(socket.localPort() == serverPtr->address().port));
    socket.on("data", [&](const Buffer& chunk) {
      serverLog.push_back("data " + chunk.toString());
      socket.write(upper(chunk.toString()));
    });
    socket.on("end", [&] { serverLog.push_back("end " + socket.readyState()); });
    socket.on("close", [&](bool hadError) {
      serverLog.push_back("close " + str(hadError) + " read " + std::to_string(socket.bytesRead()) + " written " + std::to_string(socket.bytesWritten()));
      serverPtr->close([&](Error*) { serverLog.push_back("server close callback"); });
    });
  });
  serverPtr = &server;
  // JavaScript closures see `client` before it is assigned; C++ lambdas get a pointer to it.
  net::Socket* clientPtr = nullptr;
  server.on("close", [&] { serverLog.push_back("server close event"); });

  server.listen(0, "127.0.0.1", [&] {
    net::AddressInfo address = server.address();
    std::printf("listening %s %s %s\n", address.address.c_str(), address.family.c_str(), str(address.port > 0).c_str());
    net::Socket& client = net::connect(address.port, "127.0.0.1", [&clientLog, &clientPtr, port = address.port] {
      clientLog.push_back("connect " + str(clientPtr->remotePort() == port) + " " + clientPtr->readyState());
      clientPtr->write("hello");
    });
    clientPtr = &client;
    clientLog.push_back("connecting " + str(client.connecting()) + " " + client.readyState());
    client.on("data", [&](const Buffer& chunk) {
      clientLog.push_back("data " + chunk.toString());
      client.end();
      clientLog.push_back("after end " + client.readyState());
    });
    client.on("end", [&] { clientLog.push_back("end " + client.readyState()); });
    client.on("close", [&](bool hadError) {
      clientLog.push_back("close " + str(hadError) + " read " + std::to_string(client.bytesRead()) + " written " + std::to_string(client.bytesWritten()) + " " + str(client.destroyed()));
    });
  });

  process::on("exit", [&](int) {
    std::printf("server: %s\n", join(serverLog).c_str());
    std::printf("client: %s\n", join(clientLog).c_str());
  });
  return nodecc::run();
}
