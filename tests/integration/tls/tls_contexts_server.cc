// The server of test_contexts.py: an https or tls server with addContext entries, an optional
// SNICallback, and setSecureContext triggered by a client; node_contexts_server.js is its twin
// under Node, line for line in behaviour.
//
//   tls-contexts-server --kind https|tls --cert F --key F
//     [--context NAME CERT KEY]...         addContext(NAME, {key, cert})
//     [--secure-context NAME CERT KEY]...  addContext(NAME, createSecureContext({key, cert}))
//     [--sni-callback NAME CERT KEY]       SNICallback: NAME's context, else none
//     [--new-cert F --new-key F]           what "set" installs
//     [--bad-key F]                        what "set-bad" tries (with --new-cert)
// Prints "port <n>" once listening. A request (https: the path without its "/"; tls: the first
// line the client sends) is answered with one line: "set" calls setSecureContext with the new
// key and certificate, "set-bad" with --bad-key, "set-garbage" with a key that is no PEM, each
// answering "set ok" or "error <code> <message>"; anything else gets "hello <servername|->".
#include <nodecc/nodecc.h>

#include <cstdio>
#include <string>
#include <vector>

using namespace nodecc;

namespace {

std::string arg(const char* name) {
  const auto& argv = process::argv();
  for (size_t i = 2; i + 1 < argv.size(); ++i) {
    if (argv[i] == name) {
      return argv[i + 1];
    }
  }
  return "";
}

struct Named {
  std::string name;
  tls::SecureContextOptions options;
};

// Every NAME CERT KEY after `flag`, in order.
std::vector<Named> triples(const char* flag) {
  std::vector<Named> out;
  const auto& argv = process::argv();
  for (size_t i = 2; i + 3 < argv.size(); ++i) {
    if (argv[i] == flag) {
      Named n;
      n.name = argv[i + 1];
      n.options.cert = {fs::readFileSync(argv[i + 2], "utf8")};
      n.options.key = {fs::readFileSync(argv[i + 3], "utf8")};
      out.push_back(n);
    }
  }
  return out;
}

// What a request asks, the answer line (setSecureContext's outcome, or who was asked for).
template <class S>
std::string answer(S& server, const std::string& what, const std::string& servername) {
  if (what != "set" && what != "set-bad" && what != "set-garbage") {
    return "hello " + (servername.empty() ? std::string("-") : servername);
  }
  tls::SecureContextOptions o;
  o.cert = {fs::readFileSync(arg("--new-cert"), "utf8")};
  o.key = {what == "set"       ? fs::readFileSync(arg("--new-key"), "utf8")
           : what == "set-bad" ? fs::readFileSync(arg("--bad-key"), "utf8")
                               : std::string("nope")};
  try {
    server.setSecureContext(o);
    return "set ok";
  } catch (const Error& e) {
    return "error " + e.code + " " + e.message;
  }
}

template <class S>
void configure(S& server) {
  for (const Named& n : triples("--context")) {
    server.addContext(n.name, n.options);
  }
  for (const Named& n : triples("--secure-context")) {
    server.addContext(n.name, tls::createSecureContext(n.options));
  }
  server.listen(0, "127.0.0.1", [&server] {
    std::printf("port %u\n", unsigned(server.address().port));
    std::fflush(stdout);
  });
}

template <class O>
void baseOptions(O& o) {
  o.key = {fs::readFileSync(arg("--key"), "utf8")};
  o.cert = {fs::readFileSync(arg("--cert"), "utf8")};
  std::vector<Named> sni = triples("--sni-callback");
  if (!sni.empty()) {
    tls::SecureContext chosen = tls::createSecureContext(sni[0].options);
    o.SNICallback = [chosen, name = sni[0].name](std::string_view servername) {
      return servername == name ? chosen : tls::SecureContext();
    };
  }
}

int serve() {
  if (arg("--kind") == "tls") {
    tls::ServerOptions o;
    baseOptions(o);
    tls::Server* self = nullptr;
    tls::Server& server = tls::createServer(o, [&self](tls::TLSSocket& socket) {
      socket.once("data", [&self, &socket](const Buffer& chunk) {
        std::string line = chunk.toString();
        line = line.substr(0, line.find_first_of("\r\n"));
        socket.end(answer(*self, line, socket.servername) + "\n");
      });
    });
    self = &server;
    configure(server);
    return nodecc::run();
  }
  https::ServerOptions o;
  baseOptions(o);
  https::Server* self = nullptr;
  https::Server& server =
      https::createServer(o, [&self](http::IncomingMessage& req, http::ServerResponse& res) {
        auto info = tls::secureInfo(req.socket());
        res.setHeader("Content-Type", "text/plain");
        res.end(answer(*self, req.url.substr(1), info ? info->servername : "") + "\n");
      });
  self = &server;
  configure(server);
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
