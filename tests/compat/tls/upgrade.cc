// TLS over an http server's 'upgrade' socket: the request asks for "Upgrade: tls", the server
// answers 101 and wraps the socket (new TLSSocket(socket, {isServer: true, secureContext})); the
// client, a net.connect socket, reads the 101 and runs tls.connect({socket}) over it. Then a
// line each way. Each side's events, the server's then the client's.
#include <cstdio>
#include <string>
#include <vector>
#include <nodecc/nodecc.h>
using namespace nodecc;

std::string str(bool b) { return b ? "true" : "false"; }
std::string key;
std::string cert;
tls::SecureContext secureContext;
std::vector<std::string> serverLines;
std::vector<std::string> clientLines;
int done = 0;
void finish() {
  if (++done == 2) {
    for (const std::string& line : serverLines) std::printf("%s\n", line.c_str());
    for (const std::string& line : clientLines) std::printf("%s\n", line.c_str());
  }
}
http::Server* serverPtr = nullptr;

int main() {
  key = fs::readFileSync("key.pem", "utf8");
  cert = fs::readFileSync("cert.pem", "utf8");
  tls::SecureContextOptions contextOptions; contextOptions.key = {key}; contextOptions.cert = {cert};
  secureContext = tls::createSecureContext(contextOptions);

  http::Server& server = http::createServer([](http::IncomingMessage&, http::ServerResponse& res) { res.end("plain"); });
  serverPtr = &server;
  server.on("upgrade", [](http::IncomingMessage& req, net::Socket& socket, const Buffer& head) {
    serverLines.push_back("server upgrade " + std::string(req.headers["upgrade"]) + " " + std::to_string(head.size()));
    socket.write("HTTP/1.1 101 Switching Protocols\r\nUpgrade: tls\r\nConnection: Upgrade\r\n\r\n");
    tls::TLSSocketOptions o; o.isServer = true; o.secureContext = secureContext;
    tls::TLSSocket& secure = tls::createTLSSocket(socket, o);
    secure.on("secure", [&secure] { serverLines.push_back("server secure " + secure.getProtocol() + " " + secure.servername); });
    secure.on("data", [&secure](const Buffer& data) {
      serverLines.push_back("server data " + data.toString());
      secure.end("tls " + data.toString());
    });
    secure.on("close", [](bool hadError) {
      serverLines.push_back("server close " + str(hadError));
      serverPtr->close([](Error*) { finish(); });
    });
  });

  server.listen(0, "127.0.0.1", [&server] {
    static net::Socket* plainPtr = nullptr;
    net::Socket& plain = net::connect(server.address().port, "127.0.0.1", [] {
      plainPtr->write("GET /tls HTTP/1.1\r\nHost: localhost\r\nUpgrade: tls\r\nConnection: Upgrade\r\n\r\n");
    });
    plainPtr = &plain;
    plain.once("data", [&plain](const Buffer& chunk) {
      std::string text = chunk.toString();
      clientLines.push_back("client plain " + text.substr(0, text.find("\r\n")));
      tls::ConnectionOptions o; o.socket = &plain; o.ca = {cert}; o.servername = "localhost";
      static tls::TLSSocket* socketPtr = nullptr;
      tls::TLSSocket& socket = tls::connect(o, [] {
        clientLines.push_back("client secureConnect " + str(socketPtr->authorized));
        socketPtr->write("ping");
      });
      socketPtr = &socket;
      socket.on("data", [](const Buffer& data) { clientLines.push_back("client data " + data.toString()); });
      socket.on("end", [] { clientLines.push_back("client end"); });
      socket.on("close", [](bool hadError) {
        clientLines.push_back("client close " + str(hadError));
        finish();
      });
    });
  });
  return nodecc::run();
}
