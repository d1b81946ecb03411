// The twin of tls_echo.js for test_tls_socket.py: a tls echo server, or the clients that talk to
// it.
//   tls_echo server KEY CERT   -> prints "port <main> <quiet>", then each connection's events as
//                                 it closes. The server answers in upper case; the quiet one
//                                 takes the client that refuses the certificate (when a server
//                                 hears of that refusal depends on timing).
//   tls_echo client PORT QUIET_PORT CERT -> connects one after the other (1) without trusting
//                                 the self-signed certificate (rejectUnauthorized false) with
//                                 ALPN, (2) to the quiet server, refusing it, (3) resuming the
//                                 session of (1), (4) trusting it (ca) over TLS 1.2; prints each
//                                 connection's events.
#include <nodecc/nodecc.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <vector>
using namespace nodecc;

namespace {

Buffer lastSession;

std::string str(bool b) {
  return b ? "true" : "false";
}
std::string dash(const std::string& v) {
  return v.empty() ? "-" : v;
}
std::string join(const std::vector<std::string>& v) {
  std::string out;
  for (size_t i = 0; i < v.size(); i++) {
    out += (i ? ", " : "") + v[i];
  }
  return out;
}

void connect(const std::string& name, const tls::ConnectionOptions& options,
             std::function<void()> next) {
  auto log = std::make_shared<std::vector<std::string>>();
  auto clientPtr = std::make_shared<tls::TLSSocket*>(nullptr);
  tls::TLSSocket& client = tls::connect(options, [log, clientPtr] {
    tls::TLSSocket& client = **clientPtr;
    tls::CipherNameAndProtocol c = client.getCipher();
    tls::PeerCertificate peer = client.getPeerCertificate();
    log->push_back("secureConnect " + str(client.authorized) + " " +
                   dash(client.authorizationError));
    log->push_back(client.getProtocol() + " " + c.name + " " + c.standardName + " " + c.version +
                   " " + dash(client.alpnProtocol) + " " + dash(client.servername) + " " +
                   str(client.isSessionReused()));
    log->push_back(!peer.empty() ? "peer " + peer.subject.CN + " " + peer.issuer.CN + " [" +
                                       peer.subjectaltname + "] " + peer.valid_to
                                 : "no peer");
    client.write("hello");
  });
  *clientPtr = &client;
  client.on("session", [](const Buffer& session) { lastSession = session; });
  client.on("data", [log, &client](const Buffer& chunk) {
    log->push_back("data " + chunk.toString());
    client.end();
  });
  client.on("end", [log] { log->push_back("end"); });
  client.on("error",
            [log](const Error& err) { log->push_back("error " + err.code + " " + err.message); });
  client.on("close", [log, name, next](bool hadError) {
    log->push_back("close " + str(hadError));
    std::printf("%s: %s\n", name.c_str(), join(*log).c_str());
    std::fflush(stdout);
    next();
  });
}

void serve(const char* keyFile, const char* certFile) {
  std::string key = fs::readFileSync(keyFile, "utf8");
  std::string cert = fs::readFileSync(certFile, "utf8");
  // Outlives serve(): the listeners run from nodecc::run().
  static int count = 0;

  tls::ServerOptions o;
  o.key = {key};
  o.cert = {cert};
  o.ALPNProtocols = {"echo/1", "http/1.1"};
  tls::Server& server = tls::createServer(o, [](tls::TLSSocket& socket) {
    int n = count++;
    auto log = std::make_shared<std::vector<std::string>>();
    log->push_back("secureConnection " + socket.getProtocol() + " " + socket.getCipher().name +
                   " " + dash(socket.alpnProtocol) + " " + dash(socket.servername) + " " +
                   str(socket.authorized) + " " + str(socket.isSessionReused()));
    socket.on("data", [log, &socket](const Buffer& chunk) {
      log->push_back("data " + chunk.toString());
      std::string upper = chunk.toString();
      for (char& c : upper) {
        c = char(std::toupper(static_cast<unsigned char>(c)));
      }
      socket.write(upper);
    });
    socket.on("end", [log] { log->push_back("end"); });
    socket.on("close", [log, n](bool hadError) {
      log->push_back("close " + str(hadError));
      std::printf("conn %d: %s\n", n, join(*log).c_str());
      std::fflush(stdout);
    });
  });
  tls::ServerOptions q;
  q.key = {key};
  q.cert = {cert};
  tls::Server& quiet =
      tls::createServer(q, [](tls::TLSSocket& socket) { socket.on("error", [](const Error&) {}); });
  // The servers outlive serve() (the runtime owns them): the listeners hold pointers.
  server.listen(0, "127.0.0.1", [s = &server, q = &quiet] {
    q->listen(0, "127.0.0.1", [s, q] {
      std::printf("port %u %u\n", s->address().port, q->address().port);
      std::fflush(stdout);
    });
  });
}

void connectAll(uint16_t port, uint16_t quietPort, const char* certFile) {
  std::string cert = fs::readFileSync(certFile, "utf8");

  tls::ConnectionOptions base;
  base.port = port;
  base.host = "127.0.0.1";
  base.servername = "localhost";
  tls::ConnectionOptions selfsigned = base;
  selfsigned.rejectUnauthorized = false;
  selfsigned.ALPNProtocols = {"echo/1"};
  connect("selfsigned", selfsigned, [base, quietPort, cert] {
    Buffer first = lastSession;
    tls::ConnectionOptions rejected = base;
    rejected.port = quietPort;
    connect("rejected", rejected, [base, first, cert] {
      tls::ConnectionOptions resumed = base;
      resumed.rejectUnauthorized = false;
      resumed.session = first;
      connect("resumed", resumed, [base, cert] {
        tls::ConnectionOptions tls12 = base;
        tls12.ca = {cert};
        tls12.maxVersion = "TLSv1.2";
        connect("tls12", tls12, [] {});
      });
    });
  });
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 4 && std::strcmp(argv[1], "server") == 0) {
    serve(argv[2], argv[3]);
  } else if (argc == 5 && std::strcmp(argv[1], "client") == 0) {
    connectAll(uint16_t(std::atoi(argv[2])), uint16_t(std::atoi(argv[3])), argv[4]);
  } else {
    std::fprintf(stderr, "usage: tls_echo server KEY CERT | client PORT QUIET_PORT CERT\n");
    return 2;
  }
  return nodecc::run();
}
