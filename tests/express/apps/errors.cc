// Errors through an API: JSON error middleware with status, expose and headers; errors passed
// on to finalhandler (production pages); async rejections; body parser errors as JSON.
#include <cstdlib>

#include "nodecc/nodecc.h"
#include "nodecc/express.h"
namespace express = nodecc::express;
namespace JSON = nodecc::JSON;
using nodecc::Error; using nodecc::Promise;
using express::Request; using express::Response; using express::Next; using express::createError;

int main() {
  auto app = express::express();
  app.set("env", "production");

  auto api = express::Router();
  api.use(express::json({.limit = 64}));
  api.get("/teapot", [](Request& req, Response& res, Next next) { next(createError(418, "short and stout")); });
  api.get("/hidden", [](Request& req, Response& res, Next next) { next(createError(503, "database down")); });
  api.get("/throw", [](Request& req, Response& res) { throw nodecc::TypeError("", "bad type"); });
  api.get("/async", [](Request& req, Response& res) -> Promise<> { co_await nodecc::timers::promises::setTimeout(2); throw createError(409, "conflict found"); });
  api.get("/limited", [](Request& req, Response& res, Next next) { auto e = createError(429, "slow down"); e.headers = {{"Retry-After", "30"}}; next(e); });
  api.post("/items", [](Request& req, Response& res) { res.status(201).json(JSON::Object{{"got", req.body.json}}); });
  api.get("/pass", [](Request& req, Response& res, Next next) { next(createError(422, "to the final handler")); });
  api.use([](const Error& err, Request& req, Response& res, Next next) {
    if (req.path() == "/pass") return next(err);
    auto* h = dynamic_cast<const express::HttpError*>(&err);
    int status = h ? h->status : 500;
    if (h) for (auto& [k, v] : h->headers) res.set(k, v);
    res.status(status).json(JSON::Object{{"error", h && h->expose ? err.message : "Internal Server Error"}, {"status", status}, {"type", h && !h->type.empty() ? JSON::Value(h->type) : JSON::Value(nullptr)}});
  });
  app.use("/api", api);
  app.get("/final/:code", [](Request& req, Response& res, Next next) { next(createError(std::atoi(req.params["code"].c_str()))); });
  app.get("/sendstatus/:code", [](Request& req, Response& res) { res.sendStatus(std::atoi(req.params["code"].c_str())); });

  app.listen(uint16_t(std::atoi(std::getenv("PORT"))), "127.0.0.1", [] { std::puts("listening"); std::fflush(stdout); });
  return nodecc::run();
}
