// A plain net server that wraps every accepted socket at once (new TLSSocket(socket,
// {isServer: true, secureContext, ALPNProtocols, requestCert})) and ordinary tls.connect
// clients: ALPN chosen from the socket's list, a client whose list does not meet it, one
// without ALPN, and a client certificate verified (requestCert, the context's ca) or missing
// (requestCert, rejectUnauthorized false). As Node's, such a socket outside a tls.Server leaves
// `authorized` false. The server's lines, then the clients'.
#include <cstdio>
#include <functional>
#include <string>
#include <vector>
#include <nodecc/nodecc.h>
using namespace nodecc;

std::string str(bool b) { return b ? "true" : "false"; }
std::string dash(const std::string& v) { return v.empty() ? "-" : v; }
std::string key;
std::string cert;
tls::SecureContext secureContext;
std::vector<std::string> serverLines;
std::vector<std::string> clientLines;
net::Server* serverPtr = nullptr;

void client(const std::string& name, tls::ConnectionOptions options, std::function<void()> next) {
  options.port = serverPtr->address().port; options.host = "127.0.0.1"; options.servername = "localhost"; options.ca = {cert};
  auto socketPtr = std::make_shared<tls::TLSSocket*>(nullptr);
  tls::TLSSocket& socket = tls::connect(options, [name, socketPtr] {
    tls::TLSSocket& socket = **socketPtr;
    clientLines.push_back(name + " secureConnect " + dash(socket.alpnProtocol) + " " + str(socket.authorized));
    socket.write(name);
  });
  *socketPtr = &socket;
  socket.on("data", [name](const Buffer& data) { clientLines.push_back(name + " data " + data.toString()); });
  socket.on("error", [name](const Error& err) { clientLines.push_back(name + " error " + err.code); });
  socket.on("close", [name, next](bool hadError) {
    clientLines.push_back(name + " close " + str(hadError));
    setTimeout(next, 20);
  });
}

int main() {
  key = fs::readFileSync("key.pem", "utf8");
  cert = fs::readFileSync("cert.pem", "utf8");
  tls::SecureContextOptions contextOptions; contextOptions.key = {key}; contextOptions.cert = {cert}; contextOptions.ca = {cert};
  secureContext = tls::createSecureContext(contextOptions);

  net::Server& server = net::createServer([](net::Socket& plain) {
    tls::TLSSocketOptions o;
    o.isServer = true; o.secureContext = secureContext; o.ALPNProtocols = {"x-proto", "http/1.1"}; o.requestCert = true; o.rejectUnauthorized = false;
    tls::TLSSocket& socket = tls::createTLSSocket(plain, o);
    socket.on("secure", [&socket] {
      serverLines.push_back("server secure " + dash(socket.alpnProtocol) + " " + str(socket.authorized) + " " + dash(socket.authorizationError) + " " + dash(socket.getPeerCertificate().subject.CN));
    });
    socket.on("data", [&socket](const Buffer& data) { socket.end("got " + data.toString()); });
    socket.on("error", [](const Error& err) { serverLines.push_back("server error " + err.code); });
  });
  serverPtr = &server;

  server.listen(0, "127.0.0.1", [&server] {
    tls::ConnectionOptions http1; http1.ALPNProtocols = {"http/1.1"}; http1.key = {key}; http1.cert = {cert};
    client("http1", http1, [&server] {
      tls::ConnectionOptions xProto; xProto.ALPNProtocols = {"h2", "x-proto"}; xProto.key = {key}; xProto.cert = {cert};
      client("x-proto", xProto, [&server] {
        client("no-alpn", {}, [&server] {
          tls::ConnectionOptions h2Only; h2Only.ALPNProtocols = {"h2"};
          client("h2-only", h2Only, [&server] {
            server.close([](Error*) {
              for (const std::string& line : serverLines) std::printf("%s\n", line.c_str());
              for (const std::string& line : clientLines) std::printf("%s\n", line.c_str());
            });
          });
        });
      });
    });
  });
  return nodecc::run();
}
