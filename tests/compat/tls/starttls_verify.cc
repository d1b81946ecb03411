// Verification over a wrapped socket: a STARTTLS server (plain net server, the accepted socket
// wrapped with new TLSSocket(socket, {isServer: true, secureContext})) and clients that wrap
// their net.connect socket with tls.connect({socket}): without `ca` (the self-signed
// certificate: DEPTH_ZERO_SELF_SIGNED_CERT), the same with rejectUnauthorized false, and a
// servername the certificate does not name. Each client's events are printed, and the
// server's 'secure' count.
#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <vector>
#include <nodecc/nodecc.h>
using namespace nodecc;

std::string str(bool b) { return b ? "true" : "false"; }
std::string dash(const std::string& v) { return v.empty() ? "-" : v; }
std::string key;
std::string cert;
tls::SecureContext secureContext;
std::vector<std::string> lines;
int secured = 0;
net::Server* serverPtr = nullptr;

void starttls(const std::string& name, tls::ConnectionOptions options, std::function<void()> next) {
  auto plainPtr = std::make_shared<net::Socket*>(nullptr);
  net::Socket& plain = net::connect(serverPtr->address().port, "127.0.0.1", [plainPtr] { (*plainPtr)->write("STARTTLS\n"); });
  *plainPtr = &plain;
  plain.on("close", [name](bool hadError) { lines.push_back(name + " plain close " + str(hadError)); });
  plain.once("data", [name, options, next, &plain](const Buffer&) mutable {
    options.socket = &plain;
    auto socketPtr = std::make_shared<tls::TLSSocket*>(nullptr);
    tls::TLSSocket& socket = tls::connect(options, [name, socketPtr] {
      tls::TLSSocket& socket = **socketPtr;
      lines.push_back(name + " secureConnect " + str(socket.authorized) + " " + dash(socket.authorizationError));
      socket.write("hi");
    });
    *socketPtr = &socket;
    socket.on("data", [name](const Buffer& data) { lines.push_back(name + " data " + data.toString()); });
    socket.on("error", [name](const Error& err) { lines.push_back(name + " error " + dash(err.code) + " " + err.message); });
    socket.on("close", [name, next, &plain](bool hadError) {
      lines.push_back(name + " close " + str(hadError) + " " + str(plain.destroyed()));
      next();
    });
  });
}

int main() {
  key = fs::readFileSync("key.pem", "utf8");
  cert = fs::readFileSync("cert.pem", "utf8");
  tls::SecureContextOptions contextOptions; contextOptions.key = {key}; contextOptions.cert = {cert};
  secureContext = tls::createSecureContext(contextOptions);

  net::Server& server = net::createServer([](net::Socket& plain) {
    plain.once("data", [&plain](const Buffer&) {
      plain.write("GO\n");
      tls::TLSSocketOptions o; o.isServer = true; o.secureContext = secureContext;
      tls::TLSSocket& socket = tls::createTLSSocket(plain, o);
      socket.on("secure", [] { secured++; });
      socket.on("data", [&socket](const Buffer&) { socket.end("ok"); });
      socket.on("error", [](const Error&) {});
    });
  });
  serverPtr = &server;

  server.listen(0, "127.0.0.1", [&server] {
    tls::ConnectionOptions selfSigned; selfSigned.servername = "localhost";
    starttls("self-signed", selfSigned, [&server] {
      tls::ConnectionOptions allowed; allowed.servername = "localhost"; allowed.rejectUnauthorized = false;
      starttls("allowed", allowed, [&server] {
        tls::ConnectionOptions altname; altname.servername = "other.test"; altname.ca = {cert};
        starttls("altname", altname, [&server] {
          lines.push_back("server secure " + str(secured > 0));
          server.close([](Error*) {
            for (const std::string& line : lines) std::printf("%s\n", line.c_str());
          });
        });
      });
    });
  });
  return nodecc::run();
}
