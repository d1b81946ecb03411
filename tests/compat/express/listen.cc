// app.listen as Express 5 has it: the callback is once() and also the server's 'error' listener,
// so a port in use reaches it as its argument (and is not thrown); a callback that ignores its
// argument runs all the same; listen takes an options object; the server it returns serves the
// app.
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
  auto app = express::express();
  app.get("/", [](express::Request&, express::Response& res) { res.send("hello from the app"); });

  http::Server* busy = nullptr;
  http::Server* server = nullptr;
  net::Server& blocker = net::createServer();
  blocker.listen(0, "127.0.0.1", [&] {
    const uint16_t port = blocker.address().port;
    busy = &app.listen(port, "127.0.0.1", [&, port](Error* err) {
      std::printf("with error: %s %s\n", err->code.c_str(),
                  replaceFirst(err->message, std::to_string(port), "PORT").c_str());
      std::printf("listening %s\n", str(busy->listening()));
      http::Server& ignoring = app.listen(port, "127.0.0.1", [&] {
        std::printf("callback of no arguments runs on the error too\n");
        server = &app.listen(net::ListenOptions{.port = 0, .host = "127.0.0.1"}, [&](Error* e) {
          std::printf("options: error %s, listening %s\n", e == nullptr ? "none" : e->code.c_str(),
                      str(server->listening()));
          http::get({.host = "127.0.0.1", .port = server->address().port, .path = "/"}, [&](http::IncomingMessage& res) {
            auto body = std::make_shared<std::string>();
            res.on("data", [body](const Buffer& chunk) { *body += chunk.toString(); });
            res.on("end", [&, body, status = res.statusCode] {
              std::printf("GET / %d %s\n", status, body->c_str());
              server->close([](Error*) { std::printf("server closed\n"); });
              blocker.close([](Error*) { std::printf("blocker closed\n"); });
            });
          });
        });
      });
      std::printf("second listening %s\n", str(ignoring.listening()));
    });
  });
  return nodecc::run();
}
