// TLS echo: a server answers in upper case; clients connect one after the other: (1) to the
// self-signed server with rejectUnauthorized false and ALPN, (2) with the default
// rejectUnauthorized (the certificate is refused), (3) resuming the session of (1) (a resumed
// session keeps the verification result of the first: rejectUnauthorized false again), (4)
// trusting the certificate (ca), capped at TLS 1.2, (5) ending with data before the handshake
// is done (the data and the end wait for it). Each connection's events are logged in order and
// printed at exit, so only each side's own order is compared.
#include <cctype>
#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <vector>
#include <nodecc/nodecc.h>
using namespace nodecc;

std::string str(bool b) { return b ? "true" : "false"; }
std::string dash(const std::string& v) { return v.empty() ? "-" : v; }
std::string upper(std::string s) { for (char& c : s) c = char(std::toupper(c)); return s; }
std::string join(const std::vector<std::string>& v) {
  std::string out;
  for (size_t i = 0; i < v.size(); i++) out += (i ? ", " : "") + v[i];
  return out;
}

std::string key;
std::string cert;
std::vector<std::shared_ptr<std::vector<std::string>>> serverLogs;
std::vector<std::string> clientLogs;
Buffer lastSession;
bool haveSession = false;
int sessions = 0;

void connect(const std::string& name, const tls::ConnectionOptions& options, std::function<void()> next) {
  auto log = std::make_shared<std::vector<std::string>>();
  clientLogs.push_back(name + ": " + std::to_string(log->size()));
  size_t index = clientLogs.size() - 1;
  // JavaScript closures see `client` before it is assigned; C++ lambdas get a pointer to it.
  auto clientPtr = std::make_shared<tls::TLSSocket*>(nullptr);
  tls::TLSSocket& client = tls::connect(options, [log, clientPtr] {
    tls::TLSSocket& client = **clientPtr;
    tls::CipherNameAndProtocol c = client.getCipher();
    tls::PeerCertificate peer = client.getPeerCertificate();
    log->push_back("secureConnect " + str(client.authorized) + " " + dash(client.authorizationError) + " " + str(client.encrypted));
    log->push_back("protocol " + client.getProtocol() + " cipher " + c.name + " " + c.standardName + " " + c.version);
    log->push_back("alpn " + dash(client.alpnProtocol) + " servername " + dash(client.servername) + " reused " + str(client.isSessionReused()));
    // A resumed session has no certificate chain on the client: Node's object is empty then.
    if (!peer.empty()) {
      log->push_back("peer " + peer.subject.CN + " " + peer.subject.O + " " + peer.issuer.CN + " [" + peer.subjectaltname + "]");
      log->push_back("valid " + peer.valid_from + " " + peer.valid_to + " " + std::to_string(peer.fingerprint256.size()));
    } else {
      log->push_back("no peer certificate");
    }
    client.write("hello");
  });
  *clientPtr = &client;
  client.on("connect", [log] { log->push_back("connect"); });
  client.on("session", [](const Buffer& session) {
    sessions++;
    lastSession = session;
    haveSession = true;
  });
  client.on("data", [log, &client](const Buffer& chunk) {
    log->push_back("data " + chunk.toString());
    client.end();
  });
  client.on("end", [log] { log->push_back("end"); });
  client.on("error", [log](const Error& err) { log->push_back("error " + err.code + " " + err.message); });
  client.on("close", [log, name, index, next](bool hadError) {
    log->push_back("close " + str(hadError));
    clientLogs[index] = name + ": " + join(*log);
    next();
  });
}

void early(uint16_t port, std::function<void()> next) {
  auto log = std::make_shared<std::vector<std::string>>();
  tls::ConnectionOptions options;
  options.port = port; options.host = "127.0.0.1"; options.servername = "localhost"; options.ca = {cert};
  tls::TLSSocket& client = tls::connect(options);
  client.end("early");
  client.on("secureConnect", [log, &client] { log->push_back("secureConnect " + str(client.authorized)); });
  client.on("data", [log](const Buffer& chunk) { log->push_back("data " + chunk.toString()); });
  client.on("end", [log] { log->push_back("end"); });
  client.on("close", [log, next](bool hadError) {
    log->push_back("close " + str(hadError));
    clientLogs.push_back("early: " + join(*log));
    next();
  });
}

int main() {
  key = fs::readFileSync("key.pem", "utf8");
  cert = fs::readFileSync("cert.pem", "utf8");

  tls::ServerOptions serverOptions;
  serverOptions.key = {key};
  serverOptions.cert = {cert};
  serverOptions.ALPNProtocols = {"echo/1", "http/1.1"};
  tls::Server& server = tls::createServer(serverOptions, [](tls::TLSSocket& socket) {
    auto log = std::make_shared<std::vector<std::string>>();
    serverLogs.push_back(log);
    log->push_back("secureConnection " + socket.getProtocol() + " " + dash(socket.alpnProtocol) + " " + dash(socket.servername) + " " + str(socket.authorized) + " " + str(socket.encrypted) + " " + str(socket.isSessionReused()));
    socket.on("data", [log, &socket](const Buffer& chunk) {
      log->push_back("data " + chunk.toString());
      socket.write(upper(chunk.toString()));
    });
    socket.on("end", [log] { log->push_back("end"); });
    socket.on("close", [log](bool hadError) { log->push_back("close " + str(hadError)); });
  });
  server.on("tlsClientError", [](const Error& err, tls::TLSSocket&) {
    serverLogs.push_back(std::make_shared<std::vector<std::string>>(std::vector<std::string>{"tlsClientError " + err.code}));
  });
  // The server the refusing client (2) talks to: its side is not compared (when it hears of the
  // refusal depends on timing).
  tls::ServerOptions quietOptions;
  quietOptions.key = {key};
  quietOptions.cert = {cert};
  tls::Server& quiet = tls::createServer(quietOptions, [](tls::TLSSocket& socket) { socket.on("error", [](const Error&) {}); });

  server.listen(0, "127.0.0.1", [&] {
    quiet.listen(0, "127.0.0.1", [&] {
      uint16_t port = server.address().port;
      tls::ConnectionOptions selfsigned;
      selfsigned.port = port; selfsigned.host = "127.0.0.1"; selfsigned.servername = "localhost"; selfsigned.rejectUnauthorized = false; selfsigned.ALPNProtocols = {"echo/1"};
      connect("selfsigned", selfsigned, [&, port] {
        Buffer first = lastSession;
        clientLogs.push_back("sessions " + str(sessions > 0) + " " + str(haveSession && first.length() > 0));
        tls::ConnectionOptions rejected;
        rejected.port = quiet.address().port; rejected.host = "127.0.0.1"; rejected.servername = "localhost";
        connect("rejected", rejected, [&, port, first] {
          tls::ConnectionOptions resumed;
          resumed.port = port; resumed.host = "127.0.0.1"; resumed.servername = "localhost"; resumed.rejectUnauthorized = false; resumed.session = first;
          connect("resumed", resumed, [&, port] {
            tls::ConnectionOptions tls12;
            tls12.port = port; tls12.host = "127.0.0.1"; tls12.servername = "localhost"; tls12.ca = {cert}; tls12.maxVersion = "TLSv1.2";
            connect("tls12", tls12, [&, port] {
              early(port, [&] {
                server.close();
                quiet.close();
              });
            });
          });
        });
      });
    });
  });

  process::on("exit", [](int) {
    for (const std::string& line : clientLogs) std::printf("client %s\n", line.c_str());
    for (size_t i = 0; i < serverLogs.size(); i++) std::printf("server %zu: %s\n", i, join(*serverLogs[i]).c_str());
  });
  return nodecc::run();
}
