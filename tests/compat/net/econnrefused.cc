// ECONNREFUSED: a server is started and closed to get a port nobody listens on; connecting to
// it emits 'error' (connect ECONNREFUSED 127.0.0.1:PORT) and then 'close' with hadError true.
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
  net::Server& server = net::createServer();
  server.listen(0, "127.0.0.1", [&] {
    const uint16_t port = server.address().port;
    server.close([port](Error*) {
      net::Socket& client = net::connect(port, "127.0.0.1", [] { std::printf("connected (unexpected)\n"); });
      std::printf("connecting %s\n", str(client.connecting()));
      client.on("error", [&client, port](const Error& err) {
        std::printf("error code %s\n", err.code.c_str());
        std::printf("errno %d\n", err.errnum);
        std::printf("syscall %s\n", err.syscall.c_str());
        std::printf("address %s\n", err.address.c_str());
        std::printf("port matches %s\n", str(err.port == port));
        std::printf("message %s\n", replaceFirst(err.message, std::to_string(port), "PORT").c_str());
        std::printf("destroyed %s connecting %s\n", str(client.destroyed()), str(client.connecting()));
      });
      client.on("close", [&client](bool hadError) { std::printf("close %s %s\n", str(hadError), client.readyState().c_str()); });
    });
  });
  return nodecc::run();
}
