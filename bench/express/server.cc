// bench/express's servers, one per MODE: "express-hello" (GET / -> res.send("Hello World")),
// "http-hello" (the same bytes from bare http.createServer), "express-json" (GET /users/:id ->
// res.json of a small object), "http-json" (the same JSON from bare http with JSON::stringify),
// "express-routes" (ROUTES routes /r0/:id ... /r<ROUTES-1>/:id, each under PREFIX when it is
// set, the request goes to the last one, res.json). "http-hello-etag" and "http-json-etag": bare
// http sending the bytes Express sends (X-Powered-By and the ETag, the SHA-1 through
// crypto.createHash as a Node program would).
#include <charconv>
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

// 'W/"' + body.length.toString(16) + '-' + sha1(body).digest('base64').substring(0, 27) + '"'
static std::string etagOf(const std::string& body) {
  char hex[16];
  auto end = std::to_chars(hex, hex + sizeof hex, body.size(), 16).ptr;
  std::string b64 = nodecc::crypto::createHash("sha1").update(body).digest("base64");
  return "W/\"" + std::string(hex, end) + "-" + b64.substr(0, 27) + "\"";
}

int main() {
  std::string mode = std::getenv("MODE") ? std::getenv("MODE") : "express-hello";
  auto port = uint16_t(std::atoi(std::getenv("PORT")));
  auto listening = [] {
    std::puts("listening");
    std::fflush(stdout);
  };
  if (mode == "http-hello-etag" || mode == "http-json-etag") {
    bool json = mode == "http-json-etag";
    auto& server =
        http::createServer([json](http::IncomingMessage& req, http::ServerResponse& res) {
          std::string body =
              json ? JSON::stringify(user(req.url.substr(std::min(req.url.size(), size_t(7)))))
                   : std::string("Hello World");
          res.writeHead(200, {{"X-Powered-By", "Express"},
                              {"Content-Type", json ? "application/json; charset=utf-8"
                                                    : "text/html; charset=utf-8"},
                              {"Content-Length", std::to_string(body.size())},
                              {"ETag", etagOf(body)}});
          res.end(body);
        });
    server.listen(port, "127.0.0.1", listening);
    return nodecc::run();
  }
  if (mode == "http-hello" || mode == "http-json") {
    bool json = mode == "http-json";
    auto& server =
        http::createServer([json](http::IncomingMessage& req, http::ServerResponse& res) {
          if (json) {
            // /users/<id>: the id is what follows the second slash.
            std::string id = req.url.substr(std::min(req.url.size(), size_t(7)));
            std::string body = JSON::stringify(user(id));
            res.writeHead(200, {{"Content-Type", "application/json; charset=utf-8"},
                                {"Content-Length", std::to_string(body.size())}});
            res.end(body);
          } else {
            res.writeHead(200,
                          {{"Content-Type", "text/html; charset=utf-8"}, {"Content-Length", "11"}});
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
    const std::string prefix = std::getenv("PREFIX") ? std::getenv("PREFIX") : "";
    for (int i = 0; i < routes; ++i) {
      app.get(
          prefix + "/r" + std::to_string(i) + "/:id",
          [](express::Request& req, express::Response& res) { res.json(user(req.params["id"])); });
    }
  }
  app.listen(port, "127.0.0.1", listening);
  return nodecc::run();
}
