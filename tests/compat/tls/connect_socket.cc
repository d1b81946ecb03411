// tls.connect({socket}) over a socket still connecting (net.connect's, at once): the plain
// socket's 'connect', then the TLS socket's, then 'secureConnect'; and one whose connection is
// refused: the plain socket's 'error', then the TLS socket's, with the same code; and a TLS
// socket destroyed before its socket connected (both close; the plain socket first, and, not
// wrapped yet, it is gone after its own 'close' as any net socket).
#include <cstdio>
#include <string>
#include <vector>
#include <nodecc/nodecc.h>
using namespace nodecc;

std::string str(bool b) { return b ? "true" : "false"; }
std::string key;
std::string cert;
std::vector<std::string> lines;

int main() {
  key = fs::readFileSync("key.pem", "utf8");
  cert = fs::readFileSync("cert.pem", "utf8");

  tls::ServerOptions serverOptions; serverOptions.key = {key}; serverOptions.cert = {cert};
  tls::Server& server = tls::createServer(serverOptions, [](tls::TLSSocket& socket) { socket.end("hi"); });

  server.listen(0, "127.0.0.1", [&server] {
    uint16_t port = server.address().port;
    net::Socket& plain = net::connect(port, "127.0.0.1");
    plain.on("connect", [] { lines.push_back("plain connect"); });
    plain.on("close", [](bool hadError) { lines.push_back("plain close " + str(hadError)); });
    tls::ConnectionOptions o; o.socket = &plain; o.ca = {cert}; o.servername = "localhost";
    static tls::TLSSocket* socketPtr = nullptr;
    tls::TLSSocket& socket = tls::connect(o, [] {
      lines.push_back("secureConnect " + str(socketPtr->authorized));
    });
    socketPtr = &socket;
    socket.on("connect", [] { lines.push_back("tls connect"); });
    socket.on("data", [](const Buffer& data) { lines.push_back("data " + data.toString()); });
    socket.on("close", [&server, port](bool hadError) {
      lines.push_back("tls close " + str(hadError));
      server.close([port](Error*) {
        net::Socket& refused = net::connect(port, "127.0.0.1");
        refused.on("error", [](const Error& err) { lines.push_back("refused plain error " + err.code); });
        tls::ConnectionOptions r; r.socket = &refused;
        tls::TLSSocket& secure = tls::connect(r);
        secure.on("error", [](const Error& err) { lines.push_back("refused tls error " + err.code); });
        secure.on("close", [port](bool hadError) {
          lines.push_back("refused tls close " + str(hadError));
          net::Socket& early = net::connect(port, "127.0.0.1");
          early.on("error", [](const Error&) {});
          early.on("close", [](bool hadError) { lines.push_back("early plain close " + str(hadError)); });
          tls::ConnectionOptions e; e.socket = &early;
          tls::TLSSocket& gone = tls::connect(e);
          gone.on("close", [](bool hadError) {
            lines.push_back("early tls close " + str(hadError));
            setTimeout([] { for (const std::string& line : lines) std::printf("%s\n", line.c_str()); }, 20);
          });
          gone.destroy();
        });
      });
    });
  });
  return nodecc::run();
}
