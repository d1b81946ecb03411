// What goes wrong, in order: a client that never starts its handshake (handshakeTimeout: Node
// leaves the socket open after 'tlsClientError', nodecc closes it, so the listener destroys it
// for both), plain HTTP sent to the TLS port, a certificate for another name (refused, then
// allowed with rejectUnauthorized false), a checkServerIdentity that refuses and one that
// accepts, and a port nobody listens on. The server's 'tlsClientError's and each client's
// events are printed.
#include <cstdio>
#include <functional>
#include <optional>
#include <string>
#include <vector>
#include <nodecc/nodecc.h>
using namespace nodecc;

std::string str(bool b) { return b ? "true" : "false"; }
std::string dash(const std::string& v) { return v.empty() ? "-" : v; }
std::string key;
std::string cert;
std::vector<std::string> lines;
tls::Server* serverPtr = nullptr;

void silent(std::function<void()> next) {
  net::Socket& client = net::connect(serverPtr->address().port, "127.0.0.1");
  client.on("end", [] { lines.push_back("silent end"); });
  client.on("close", [next](bool hadError) {
    lines.push_back("silent close " + str(hadError));
    next();
  });
}

bool logServer = true;

void plain(std::function<void()> next) {
  auto clientPtr = std::make_shared<net::Socket*>(nullptr);
  net::Socket& client = net::connect(serverPtr->address().port, "127.0.0.1", [clientPtr] { (*clientPtr)->write("GET / HTTP/1.1\r\nHost: x\r\n\r\n"); });
  *clientPtr = &client;
  client.on("data", [](const Buffer&) {});
  client.on("error", [](const Error&) {});
  client.on("close", [next](bool) {
    lines.push_back("plain close");
    logServer = false;
    next();
  });
}

void secure(const std::string& name, tls::ConnectionOptions options, std::function<void()> next) {
  options.port = serverPtr->address().port; options.host = "127.0.0.1"; options.ca = {cert};
  auto clientPtr = std::make_shared<tls::TLSSocket*>(nullptr);
  tls::TLSSocket& client = tls::connect(options, [name, clientPtr] {
    tls::TLSSocket& client = **clientPtr;
    lines.push_back(name + " secureConnect " + str(client.authorized) + " " + dash(client.authorizationError));
    client.write("hi");
  });
  *clientPtr = &client;
  client.on("data", [name](const Buffer& chunk) { lines.push_back(name + " data " + chunk.toString()); });
  client.on("error", [name](const Error& err) { lines.push_back(name + " error " + dash(err.code) + " " + err.message); });
  client.on("close", [name, next](bool hadError) {
    lines.push_back(name + " close " + str(hadError));
    next();
  });
}

void refused(uint16_t port, std::function<void()> next) {
  tls::ConnectionOptions options;
  options.port = port; options.host = "127.0.0.1";
  tls::TLSSocket& client = tls::connect(options);
  client.on("error", [port](const Error& err) { lines.push_back("refused error " + err.code + " " + str(err.message == "connect ECONNREFUSED 127.0.0.1:" + std::to_string(port))); });
  client.on("close", [next](bool hadError) {
    lines.push_back("refused close " + str(hadError));
    next();
  });
}

int main() {
  key = fs::readFileSync("key.pem", "utf8");
  cert = fs::readFileSync("cert.pem", "utf8");

  tls::ServerOptions serverOptions;
  serverOptions.key = {key}; serverOptions.cert = {cert}; serverOptions.handshakeTimeout = 300;
  tls::Server& server = tls::createServer(serverOptions, [](tls::TLSSocket& socket) {
    socket.on("data", [&socket](const Buffer&) { socket.end("ok"); });
    socket.on("error", [](const Error&) {});
  });
  serverPtr = &server;
  // Only the first two are logged: when the server hears of a client that refused its
  // certificate (before or after its handshake ended) depends on timing.
  server.on("tlsClientError", [](const Error& err, tls::TLSSocket& socket) {
    if (logServer) lines.push_back("server tlsClientError " + err.code + " " + str(socket.encrypted));
    socket.destroy();
  });

  server.listen(0, "127.0.0.1", [&server] {
    silent([&server] { plain([&server] {
      tls::ConnectionOptions altname; altname.servername = "other.test";
      secure("altname", altname, [&server] {
        tls::ConnectionOptions allowed; allowed.servername = "other.test"; allowed.rejectUnauthorized = false;
        secure("altname-allowed", allowed, [&server] {
          tls::ConnectionOptions checkRefuses; checkRefuses.servername = "localhost";
          checkRefuses.checkServerIdentity = [](std::string_view host, const tls::PeerCertificate& c) -> std::optional<Error> {
            lines.push_back("check " + std::string(host) + " " + c.subject.CN);
            return Error("refused by the test");
          };
          secure("check-refuses", checkRefuses, [&server] {
            tls::ConnectionOptions checkAccepts; checkAccepts.servername = "localhost";
            checkAccepts.checkServerIdentity = [](std::string_view, const tls::PeerCertificate&) -> std::optional<Error> { return std::nullopt; };
            secure("check-accepts", checkAccepts, [&server] {
              uint16_t port = server.address().port;
              server.close([port](Error*) { refused(port, [] {}); });
            });
          });
        });
      });
    }); });
  });

  process::on("exit", [](int) {
    for (const std::string& line : lines) std::printf("%s\n", line.c_str());
  });
  return nodecc::run();
}
