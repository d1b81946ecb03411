// A REST API: JSON bodies, params, nested routers, error middleware.
// Run: PORT=3000 ./example-express-rest-api; then curl -X POST localhost:3000/api/users -H 'Content-Type: application/json' -d '{"name":"ada"}'
#include <cstdlib>
#include <map>

#include "nodecc/nodecc.h"
namespace express = nodecc::express;
namespace JSON = nodecc::JSON;
using express::Request; using express::Response; using express::Next;
using JSON::Object; using JSON::Array; using JSON::Value;

static std::map<int, Value> users;
static int nextId = 1;

// JavaScript's String(value).
static std::string jsString(const Value& v) {
  if (v.isString()) return std::string(v.asString());
  if (v.isUndefined()) return "undefined";
  if (v.isObject()) return "[object Object]";
  if (v.isArray()) { std::string o; for (size_t i = 0; i < v.size(); ++i) { if (i) o += ','; if (!v[i].isNullish()) o += jsString(v[i]); } return o; }
  return JSON::stringify(v);
}

static express::HttpError httpError(int status, std::string message) { return express::HttpError(status, std::move(message)); }

int main() {
  auto app = express::express();
  app.set("env", "production");
  app.use(express::json({.limit = 1024}));

  auto api = express::Router();
  auto userRouter = express::Router();
  auto notes = express::Router({.mergeParams = true});

  userRouter.param("id", [](Request& req, Response& res, Next next, const std::string& id) {
    auto user = users.find(std::atoi(id.c_str()));
    if (user == users.end() || std::to_string(user->first) != id) return next(httpError(404, "no user " + id));
    res.locals["user"] = user->first;
    next();
  });
  userRouter.get("/", [](Request& req, Response& res) { Array all; for (auto& [id, u] : users) all.push_back(u); res.json(all); });
  userRouter.post("/", [](Request& req, Response& res, Next next) {
    const Value& name = req.body.json["name"];
    if (!name.isString() || name.asString().empty()) return next(httpError(422, "name is required"));
    Value user = Object{{"id", nextId++}, {"name", name}, {"notes", Array{}}};
    int id = int(user["id"].asNumber());
    users[id] = user;
    res.status(201).location("/api/users/" + std::to_string(id)).json(user);
  });
  userRouter.get("/:id", [](Request& req, Response& res) { res.json(users[std::any_cast<int>(res.locals["user"])]); });
  userRouter.patch("/:id", [](Request& req, Response& res) {
    Value& user = users[std::any_cast<int>(res.locals["user"])];
    if (req.body.json["name"].isString()) user["name"] = req.body.json["name"];
    res.json(user);
  });
  userRouter.delete_("/:id", [](Request& req, Response& res) { users.erase(std::any_cast<int>(res.locals["user"])); res.sendStatus(204); });

  notes.get("/", [](Request& req, Response& res) {
    auto user = users.find(std::atoi(req.params["id"].c_str()));
    res.json(Object{{"user", std::atof(req.params["id"].c_str())}, {"notes", user != users.end() && std::to_string(user->first) == req.params["id"] ? user->second["notes"] : Value(Array{})}});
  });
  notes.post("/", [](Request& req, Response& res, Next next) {
    auto user = users.find(std::atoi(req.params["id"].c_str()));
    if (user == users.end() || std::to_string(user->first) != req.params["id"]) return next(httpError(404, "no user " + req.params["id"]));
    const Value& text = req.body.json["text"];
    user->second["notes"].push(jsString(text));
    res.status(201).json(Object{{"user", user->first}, {"count", user->second["notes"].size()}});
  });
  userRouter.use("/:id/notes", notes);

  api.use("/users", userRouter);
  api.get("/health", [](Request& req, Response& res) { res.json(Object{{"ok", true}, {"users", users.size()}}); });
  app.use("/api", api);

  app.use([](Request& req, Response& res) { res.status(404).json(Object{{"error", "not found"}, {"path", req.originalUrl}}); });
  app.use([](const nodecc::Error& err, Request& req, Response& res, Next next) {
    auto* h = dynamic_cast<const express::HttpError*>(&err);
    int status = h ? h->status : 500;
    res.status(status).json(Object{{"error", status < 500 ? err.message : "internal error"}, {"type", h && !h->type.empty() ? Value(h->type) : Value(nullptr)}});
  });

  const char* port = std::getenv("PORT");
  app.listen(uint16_t(port ? std::atoi(port) : 3000), "127.0.0.1", [] { std::puts("listening"); std::fflush(stdout); });
  return nodecc::run();
}
