// Must not compile, with a message naming the fix: createServer() returns Server& (the runtime
// owns the server), and `auto` would copy it.
#include <nodecc/http.h>

int main() {
  auto server = nodecc::http::createServer(
      [](nodecc::http::IncomingMessage&, nodecc::http::ServerResponse& res) { res.end(); });
  server.listen(0);
}
