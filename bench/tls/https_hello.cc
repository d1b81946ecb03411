// The https hello server of bench/tls: example-hello's answer ("Hello, World!", text/plain)
// over TLS, with the certificate and key the benchmark made.
//   bench-https-hello --cert F --key F --port N [--keep-alive-timeout MS]
// (the idle-connection scenario keeps connections open longer than the 5 s default)
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

}  // namespace

int main() {
  https::ServerOptions o;
  o.key = {fs::readFileSync(arg("--key"), "utf8")};
  o.cert = {fs::readFileSync(arg("--cert"), "utf8")};
  o.ALPNProtocols = {"http/1.1"};
  o.keepAliveTimeout = std::stoull(arg("--keep-alive-timeout", std::to_string(o.keepAliveTimeout)));
  auto port = uint16_t(std::stoul(arg("--port", "8443")));
  https::createServer(o, [](http::IncomingMessage&, http::ServerResponse& res) {
    res.setHeader("Content-Type", "text/plain");
    res.end("Hello, World!");
  }).listen(port, "127.0.0.1", [port] {
    std::printf("listening on https://127.0.0.1:%u/\n", unsigned(port));
    std::fflush(stdout);
  });
  nodecc::run();
}
