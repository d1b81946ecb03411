// EADDRINUSE: a second server listening on the first one's port gets an 'error' event whose
// fields name the call and the address; the first server is unaffected and still serves.
#include <cstdio>
#include <string>
#include <nodecc/nodecc.h>
using namespace nodecc;

const char* str(bool b) { return b ? "true" : "false"; }

std::string replaceFirst(std::string s, const std::string& from, const std::string& to) {
  size_t at = s.find(from);
  return at == std::string::npos ? s : s.replace(at, from.size(), to);
}

int main() {
  net::Server& first = net::createServer([](net::Socket& socket) { socket.end("still serving"); });
  first.listen(0, "127.0.0.1", [&] {
    const uint16_t port = first.address().port;
    net::Server& second = net::createServer();
    second.on("listening", [] { std::printf("second listening (unexpected)\n"); });
    second.on("error", [&, port](const Error& err) {
      std::printf("error code %s\n", err.code.c_str());
      std::printf("errno %d\n", err.errnum);
      std::printf("syscall %s\n", err.syscall.c_str());
      std::printf("address %s\n", err.address.c_str());
      std::printf("port matches %s\n", str(err.port == port));
      std::printf("message %s\n", replaceFirst(err.message, std::to_string(port), "PORT").c_str());
      std::printf("second listening %s\n", str(second.listening()));
      net::Socket& client = net::connect(port, "127.0.0.1");
      client.on("data", [](const Buffer& chunk) { std::printf("first answers: %s\n", chunk.toString().c_str()); });
      client.on("close", [&](bool) { first.close([](Error*) { std::printf("first closed\n"); }); });
    });
    second.listen(port, "127.0.0.1");
    std::printf("listen called, listening %s\n", str(second.listening()));
  });
  return nodecc::run();
}
