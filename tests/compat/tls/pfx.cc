// pfx: a server whose key and certificate come from a PKCS#12 file (cert.p12, key.pem and
// cert.pem under the passphrase "nodecc"); a client that trusts cert.pem verifies it; a wrong
// passphrase is refused when the server is made.
#include <cstdio>
#include <string>
#include <vector>
#include <nodecc/nodecc.h>
using namespace nodecc;

std::string str(bool b) { return b ? "true" : "false"; }

int main() {
  std::string cert = fs::readFileSync("cert.pem", "utf8");
  Buffer pfx = fs::readFileSync("cert.p12");
  static std::vector<std::string> lines;

  bool threw = false;
  try {
    tls::ServerOptions wrong; wrong.pfx = {pfx}; wrong.passphrase = "wrong";
    tls::createServer(wrong);
  } catch (const Error&) {
    threw = true;
  }
  lines.push_back("wrong passphrase refused " + str(threw));

  tls::ServerOptions o; o.pfx = {pfx}; o.passphrase = "nodecc";
  tls::Server& server = tls::createServer(o, [](tls::TLSSocket& socket) { socket.end("pfx"); });
  server.listen(0, "127.0.0.1", [&server, cert] {
    tls::ConnectionOptions c;
    c.port = server.address().port; c.host = "127.0.0.1"; c.servername = "localhost"; c.ca = {cert};
    auto clientPtr = std::make_shared<tls::TLSSocket*>(nullptr);
    tls::TLSSocket& client = tls::connect(c, [clientPtr] {
      tls::PeerCertificate peer = (*clientPtr)->getPeerCertificate();
      lines.push_back("secureConnect " + str((*clientPtr)->authorized) + " " + peer.subject.CN + " " + peer.subject.O);
    });
    *clientPtr = &client;
    client.on("data", [](const Buffer& chunk) { lines.push_back("data " + chunk.toString()); });
    client.on("close", [&server](bool hadError) {
      lines.push_back("close " + str(hadError));
      server.close();
    });
  });

  process::on("exit", [](int) {
    for (const std::string& line : lines) std::printf("%s\n", line.c_str());
  });
  return nodecc::run();
}
