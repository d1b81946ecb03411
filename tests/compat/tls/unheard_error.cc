// A tls server's socket whose 'error' no one listens to: destroyed with an error after its
// handshake, the server goes on (Node's keeps a listener of its own on each socket it accepts)
// and the socket's 'close' says hadError; the next client is served.
#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <vector>
#include <nodecc/nodecc.h>
using namespace nodecc;

std::vector<std::string> serverLines;
std::vector<std::string> clientLines;
tls::Server* server = nullptr;

void client(const std::string& name, const std::string& data, std::function<void()> next) {
  tls::ConnectionOptions o;
  o.port = server->address().port; o.host = "127.0.0.1"; o.rejectUnauthorized = false;
  auto cPtr = std::make_shared<tls::TLSSocket*>(nullptr);
  tls::TLSSocket& c = tls::connect(o, [cPtr, data] { (*cPtr)->write(data); });
  *cPtr = &c;
  c.on("data", [name](const Buffer& chunk) { clientLines.push_back(name + " data " + chunk.toString()); });
  c.on("error", [name](const Error& err) { clientLines.push_back(name + " error " + err.code); });
  c.on("close", [name, next](bool) {
    clientLines.push_back(name + " close");
    next();
  });
}

int main() {
  tls::ServerOptions o;
  o.key = {fs::readFileSync("key.pem", "utf8")};
  o.cert = {fs::readFileSync("cert.pem", "utf8")};
  server = &tls::createServer(o, [](tls::TLSSocket& socket) {
    socket.on("data", [&socket](const Buffer& chunk) {
      if (chunk.toString() == "boom") {
        socket.destroy(Error("boom"));
      } else {
        socket.end("ok");
      }
    });
    socket.on("close", [](bool hadError) { serverLines.push_back(std::string("server close ") + (hadError ? "true" : "false")); });
  });

  server->listen(0, "127.0.0.1", [] {
    client("first", "boom", [] { client("second", "hi", [] { server->close(); }); });
  });

  process::on("exit", [](int) {
    for (const std::string& line : clientLines) std::printf("%s\n", line.c_str());
    for (const std::string& line : serverLines) std::printf("%s\n", line.c_str());
  });
  return nodecc::run();
}
