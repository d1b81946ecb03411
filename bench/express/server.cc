// bench/express's servers, one per MODE: "express-hello" (GET / -> res.send("Hello World")),
// "http-hello" (the same bytes from bare http.createServer), "express-json" (GET /users/:id ->
// res.json of a small object), "http-json" (the same JSON from bare http with JSON::stringify),
// "express-routes" (ROUTES routes /r0/:id ... /r<ROUTES-1>/:id, the request goes to the last
// one, res.json).
#include <cstdlib>
#include <string>

#include "nodecc/express.h"
#include "nodecc/nodecc.h"

namespace express = nodecc::express;
namespace JSON = nodecc::JSON;
namespace http = nodecc::http;

static JSON::Value user(const std::string& id) {
  return JSON::Object{{"id", id}, {"name", "Ada Lovelace"}, {"active", true}, {"score", 42}};
}

int main() {
  std::string mode = std::getenv("MODE") ? std::getenv("MODE") : "express-hello";
  auto port = uint16_t(std::atoi(std::getenv("PORT")));
  auto listening = [] { std::puts("listening"); std::fflush(stdout); };
  if (mode == "http-hello" || mode == "http-json") {
    bool json = mode == "http-json";
    auto& server = http::createServer([json](http::IncomingMessage& req, http::ServerResponse& res) {
      if (json) {
        // /users/<id>: the id is what follows the second slash.
        std::string id = req.url.substr(std::min(req.url.size(), size_t(7)));
        std::string body = JSON::stringify(user(id));
        res.writeHead(200, {{"Content-Type", "application/json; charset=utf-8"},
                            {"Content-Length", std::to_string(body.size())}});
        res.end(body);
      } else {
        res.writeHead(200, {{"Content-Type", "text/html; charset=utf-8"}, {"Content-Length", "11"}});
        res.end("Hello World");
      }
    });
    server.listen(port, "127.0.0.1", listening);
    return nodecc::run();
  }
  auto app = express::express();
  if (mode == "express-hello") {
    app.get("/", [](express::Request& req, express::Response& res) { res.send("Hello World"); });
  } else if (mode == "express-json") {
    app.get("/users/:id", [](express::Request& req, express::Response& res) {
      res.json(user(req.params["id"]));
    });
  } else {
    int routes = std::getenv("ROUTES") ? std::atoi(std::getenv("ROUTES")) : 10;
    for (int i = 0; i < routes; ++i) {
      app.get("/r" + std::to_string(i) + "/:id", [](express::Request& req, express::Response& res) {
        res.json(user(req.params["id"]));
      });
    }
  }
  app.listen(port, "127.0.0.1", listening);
  return nodecc::run();
}
