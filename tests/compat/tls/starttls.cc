// A STARTTLS exchange: a plain net server answers "STARTTLS\n" with "GO\n" and wraps the
// accepted socket (new TLSSocket(socket, {isServer: true, secureContext})); the client, a
// net.connect socket, writes STARTTLS, reads GO, then tls.connect({socket, ca, servername}).
// Data goes both ways, the client ends. Each side's events are printed in order (the server's,
// then the client's: which side closes first is timing), with the plain sockets' own ('close'
// just before the TLS socket's; no 'data' or 'end' after the wrap).
#include <cstdio>
#include <string>
#include <vector>
#include <nodecc/nodecc.h>
using namespace nodecc;

std::string str(bool b) { return b ? "true" : "false"; }
std::string json(const std::string& s) { return JSON::stringify(JSON::Value(s)); }

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
net::Server* serverPtr = nullptr;

int main() {
  key = fs::readFileSync("key.pem", "utf8");
  cert = fs::readFileSync("cert.pem", "utf8");
  tls::SecureContextOptions contextOptions; contextOptions.key = {key}; contextOptions.cert = {cert};
  secureContext = tls::createSecureContext(contextOptions);

  net::Server& server = net::createServer([](net::Socket& plain) {
    plain.on("end", [] { serverLines.push_back("server plain end"); });
    plain.on("close", [](bool hadError) { serverLines.push_back("server plain close " + str(hadError)); });
    plain.once("data", [&plain](const Buffer& chunk) {
      serverLines.push_back("server plain data " + json(chunk.toString()));
      plain.on("data", [](const Buffer&) { serverLines.push_back("server plain data after wrap"); });
      plain.write("GO\n");
      tls::TLSSocketOptions o; o.isServer = true; o.secureContext = secureContext;
      tls::TLSSocket& socket = tls::createTLSSocket(plain, o);
      socket.on("secure", [&socket] {
        serverLines.push_back("server secure " + socket.getProtocol() + " " + str(socket.authorized) + " " + socket.servername + " " + str(socket.encrypted));
      });
      socket.on("data", [&socket](const Buffer& data) {
        serverLines.push_back("server data " + data.toString());
        socket.write("echo " + data.toString());
      });
      socket.on("end", [&socket] {
        serverLines.push_back("server end");
        socket.end("bye");
      });
      socket.on("error", [](const Error& err) { serverLines.push_back("server error " + err.code); });
      socket.on("close", [&plain](bool hadError) {
        serverLines.push_back("server close " + str(hadError) + " " + str(plain.destroyed()));
        serverPtr->close([](Error*) {
          serverLines.push_back("server closed");
          finish();
        });
      });
    });
  });
  serverPtr = &server;

  server.listen(0, "127.0.0.1", [&server] {
    static net::Socket* plainPtr = nullptr;
    net::Socket& plain = net::connect(server.address().port, "127.0.0.1", [] {
      clientLines.push_back("client plain connect");
      plainPtr->write("STARTTLS\n");
    });
    plainPtr = &plain;
    plain.on("close", [](bool hadError) { clientLines.push_back("client plain close " + str(hadError)); });
    plain.once("data", [&plain, &server](const Buffer& chunk) {
      clientLines.push_back("client plain data " + json(chunk.toString()));
      tls::ConnectionOptions o; o.socket = &plain; o.ca = {cert}; o.servername = "localhost";
      static tls::TLSSocket* socketPtr = nullptr;
      tls::TLSSocket& socket = tls::connect(o, [&server] {
        clientLines.push_back("client secureConnect " + str(socketPtr->authorized) + " " + socketPtr->getProtocol() + " " + str(socketPtr->remotePort() == server.address().port));
        socketPtr->write("hello");
      });
      socketPtr = &socket;
      socket.on("connect", [] { clientLines.push_back("client connect"); });
      socket.on("data", [&socket](const Buffer& data) {
        clientLines.push_back("client data " + data.toString());
        if (data.toString() == "echo hello") socket.end();
      });
      socket.on("end", [] { clientLines.push_back("client end"); });
      socket.on("error", [](const Error& err) { clientLines.push_back("client error " + err.code); });
      socket.on("close", [&plain](bool hadError) {
        clientLines.push_back("client close " + str(hadError) + " " + str(plain.destroyed()));
        finish();
      });
    });
  });
  return nodecc::run();
}
