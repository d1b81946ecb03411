// The https server the TLS integration tests (test_tls.py) talk to with curl, openssl s_client,
// Node's https client and nodecc's own. Written as the Node program beside it would be.
//
//   tls-test-server --cert F --key F [--ca F --request-cert [--no-reject]]
//                   [--sni-name N --sni-cert F --sni-key F] [--handshake-timeout MS] [--express]
//                   [--passphrase P] [--ciphers LIST] [--min-version V] [--max-version V]
// Prints "port <n>" once listening, or "error <code> <message>" (exit 1) when createServer
// throws (a wrong passphrase, a cipher list OpenSSL refuses). Each response body is one line:
//   "hello <url> <protocol> <alpn|-> <servername|-> <authorized> <peer CN|->"
// 'tlsClientError' is printed to stderr as "tlsClientError <code>".
// With --express the listener is an Express app instead, as https.createServer(options, app):
// GET /whoami answers {protocol, secure, hostname} as JSON.
#include <nodecc/nodecc.h>

#include <cstdio>
#include <string>

using namespace nodecc;

namespace {

std::string arg(const char* name, const std::string& fallback = "") {
  const auto& argv = process::argv();
  for (size_t i = 2; i + 1 < argv.size(); ++i) {
    if (argv[i] == name) {
      return argv[i + 1];
    }
  }
  return fallback;
}

bool flag(const char* name) {
  const auto& argv = process::argv();
  for (size_t i = 2; i < argv.size(); ++i) {
    if (argv[i] == name) {
      return true;
    }
  }
  return false;
}

std::string orDash(const std::string& s) {
  return s.empty() ? "-" : s;
}

int serve() {
  https::ServerOptions o;
  o.key = {fs::readFileSync(arg("--key"), "utf8")};
  o.cert = {fs::readFileSync(arg("--cert"), "utf8")};
  o.ALPNProtocols = {"http/1.1"};
  if (!arg("--ca").empty()) {
    o.ca = {fs::readFileSync(arg("--ca"), "utf8")};
  }
  o.requestCert = flag("--request-cert");
  o.rejectUnauthorized = !flag("--no-reject");
  o.handshakeTimeout = std::stoull(arg("--handshake-timeout", "120000"));
  o.passphrase = arg("--passphrase");
  o.ciphers = arg("--ciphers");
  o.minVersion = arg("--min-version", o.minVersion);
  o.maxVersion = arg("--max-version", o.maxVersion);
  if (!arg("--sni-name").empty()) {
    tls::SecureContextOptions so;
    so.key = {fs::readFileSync(arg("--sni-key"), "utf8")};
    so.cert = {fs::readFileSync(arg("--sni-cert"), "utf8")};
    tls::SecureContext other = tls::createSecureContext(so);
    std::string name = arg("--sni-name");
    o.SNICallback = [other, name](std::string_view servername) {
      return servername == name ? other : tls::SecureContext();
    };
  }
  if (flag("--express")) {
    auto app = express::express();
    app.get("/whoami", [](express::Request& req, express::Response& res) {
      res.json(JSON::Object{
          {"protocol", req.protocol()}, {"secure", req.secure()}, {"hostname", req.hostname()}});
    });
    auto& server = https::createServer(o, app);
    server.listen(0, "127.0.0.1", [&server] {
      std::printf("port %u\n", unsigned(server.address().port));
      std::fflush(stdout);
    });
    return nodecc::run();
  }
  auto& server = https::createServer(o, [](http::IncomingMessage& req, http::ServerResponse& res) {
    auto info = tls::secureInfo(req.socket());
    std::string line = "hello " + req.url;
    if (info) {
      line += " " + info->protocol + " " + orDash(info->alpnProtocol) + " " +
              orDash(info->servername) + " " + (info->authorized ? "true" : "false") + " " +
              orDash(info->peerCertificate.subjectCN);
    }
    res.setHeader("Content-Type", "text/plain");
    res.end(line + "\n");
  });
  server.on("tlsClientError", [](const Error& err, net::Socket&) {
    std::fprintf(stderr, "tlsClientError %s\n", err.code.c_str());
  });
  server.listen(0, "127.0.0.1", [&server] {
    std::printf("port %u\n", unsigned(server.address().port));
    std::fflush(stdout);
  });
  return nodecc::run();
}

}  // namespace

int main() {
  try {
    return serve();
  } catch (const Error& e) {
    std::printf("error %s %s\n", e.code.c_str(), e.message.c_str());
    return 1;
  }
}
