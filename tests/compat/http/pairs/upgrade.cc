// The server's 'upgrade' event: a client sends an ordinary request and, pipelined behind it in
// the same write, an upgrade request followed by the first bytes of the new protocol (an
// upper-casing echo). The server answers the first, then the socket changes hands: 'upgrade'
// gets the request, the socket and those first bytes. A server without 'upgrade' listeners
// answers the same request as an ordinary one.
#include <cctype>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>
#include <nodecc/nodecc.h>
using namespace nodecc;

std::string str(bool b) { return b ? "true" : "false"; }
std::string upper(std::string s) { for (char& c : s) c = char(std::toupper(c)); return s; }

void talk(uint16_t port, std::string text, UniqueFunction<void(net::Socket&, const std::string&)> onData,
          UniqueFunction<void(const std::string&)> done) {
  // The connect callback runs later, once `client` is known (a JavaScript closure sees it).
  auto self = std::make_shared<net::Socket*>(nullptr);
  net::Socket* client = &net::connect(port, "127.0.0.1", [self, text] { (*self)->write(text); });
  *self = client;
  auto received = std::make_shared<std::string>();
  auto onDataShared = std::make_shared<decltype(onData)>(std::move(onData));
  client->on("data", [client, received, onDataShared](const Buffer& chunk) {
    *received += chunk.toString();
    (*onDataShared)(*client, *received);
  });
  auto doneShared = std::make_shared<decltype(done)>(std::move(done));
  client->on("close", [received, doneShared](bool) { (*doneShared)(*received); });
}

int main() {
  std::vector<std::string> log;
  http::Server& server = http::createServer([&](http::IncomingMessage& req, http::ServerResponse& res) {
    log.push_back("request " + req.method + " " + req.url);
    res.sendDate = false;
    res.end("plain " + req.url + "\n");
  });
  server.on("upgrade", [&](http::IncomingMessage& req, net::Socket& socket, const Buffer& head) {
    log.push_back("upgrade " + req.method + " " + req.url + " " + std::string(req.headers["upgrade"]) + " " +
                  std::string(req.headers["connection"]) + " head=" + head.toString());
    log.push_back("same socket " + str(&req.socket() == &socket));
    socket.write("HTTP/1.1 101 Switching Protocols\r\nUpgrade: echo\r\nConnection: Upgrade\r\n\r\n");
    if (head.length() > 0) socket.write(upper(head.toString()));
    socket.on("data", [&socket](const Buffer& chunk) { socket.write(upper(chunk.toString())); });
    socket.on("end", [&socket, &log] {
      log.push_back("upgraded end");
      socket.end();
    });
    socket.on("close", [&log](bool) { log.push_back("upgraded close"); });
  });

  http::Server& plain = http::createServer([&](http::IncomingMessage& req, http::ServerResponse& res) {
    log.push_back("plain request " + req.url + " " + std::string(req.headers["upgrade"]));
    res.sendDate = false;
    res.end("no upgrade here\n");
  });

  server.listen(0, "127.0.0.1", [&] {
    uint16_t port = server.address().port;
    auto sentSecond = std::make_shared<bool>(false);
    talk(port,
         "GET /first HTTP/1.1\r\nHost: x\r\n\r\n"
         "GET /chat HTTP/1.1\r\nHost: x\r\nUpgrade: echo\r\nConnection: Upgrade\r\n\r\nfirst",
         [sentSecond](net::Socket& client, const std::string& received) {
           if (!*sentSecond && received.find("FIRST") != std::string::npos) {
             *sentSecond = true;
             client.write("second");
           } else if (received.find("SECOND") != std::string::npos) {
             client.end();
           }
         },
         [&](const std::string& received) {
           log.push_back("client got: " + JSON::stringify(received));
           server.close();
           plain.listen(0, "127.0.0.1", [&] {
             talk(plain.address().port,
                  "GET /chat HTTP/1.1\r\nHost: x\r\nUpgrade: echo\r\nConnection: Upgrade, close\r\n\r\n",
                  [](net::Socket&, const std::string&) {},
                  [&](const std::string& got) {
                    log.push_back("plain client got: " + JSON::stringify(got));
                    plain.close();
                  });
           });
         });
  });

  process::on("exit", [&](int) {
    std::string out;
    for (size_t i = 0; i < log.size(); i++) out += (i ? "\n" : "") + log[i];
    std::printf("%s\n", out.c_str());
  });
  return nodecc::run();
}
