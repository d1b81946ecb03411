// Settings and the less common verbs: x-powered-by off, enable/disable/enabled/disabled,
// app.locals, put/options/head handlers, 'query parser' false and 'etag' strong in mounted
// sub-apps, long and many-keyed query strings (querystring's maxKeys 1000; a target over 8 KiB is
// nodecc's 414, docs/node-to-nodecc.md), __proto__ in a query.
#include <any>
#include <cstdlib>
#include <string>

#include "nodecc/nodecc.h"
#include "nodecc/express.h"
namespace express = nodecc::express;
namespace JSON = nodecc::JSON;
using express::Request; using express::Response; using express::Setting;

static JSON::Value settingJson(const Setting& s) {
  if (s.isBool()) return s.truthy();
  if (s.isNumber()) return s.number();
  if (s.isString()) return s.string();
  return JSON::Value();
}
static std::string queryJson(Request& req) { JSON::Object o; for (auto& e : req.query) {
  if (e.isArray()) { JSON::Array a; for (auto& v : e.values) a.push_back(v); o.set(e.key, std::move(a)); }
  else o.set(e.key, e.values[0]); }
  return JSON::stringify(o); }

int main() {
  auto app = express::express();
  app.set("env", "production");
  app.disable("x-powered-by");
  app.enable("feature a");
  app.set("feature b", "on");
  app.locals()["title"] = std::string("Settings test");

  app.get("/settings", [&app](Request& req, Response& res) {
    res.json(JSON::Object{{"poweredBy", app.enabled("x-powered-by")}, {"a", app.enabled("feature a")}, {"aDisabled", app.disabled("feature a")},
                          {"b", settingJson(app.get("feature b"))}, {"c", app.disabled("feature c")}, {"env", settingJson(app.get("env"))}, {"etag", settingJson(app.get("etag"))},
                          {"offset", settingJson(app.get("subdomain offset"))}, {"title", std::any_cast<std::string>(req.app.locals()["title"])}});
  });
  app.put("/items/:id", [](Request& req, Response& res) { res.status(201).json(JSON::Object{{"put", req.params["id"]}}); });
  app.options("/items/:id", [](Request& req, Response& res) { res.set("Allow", "GET, PUT").sendStatus(204); });
  app.head("/probe", [](Request& req, Response& res) { res.set("X-Probe", "head").end(); });
  app.get("/probe", [](Request& req, Response& res) { res.set("X-Probe", "get").send("probe body"); });
  app.get("/q", [](Request& req, Response& res) { res.type("application/json").send("{\"keys\":" + std::to_string(req.query.size()) + ",\"query\":" + queryJson(req) + "}"); });
  app.get("/count", [](Request& req, Response& res) { std::string last; for (auto& e : req.query) last = e.key; res.send("keys " + std::to_string(req.query.size()) + " last " + last); });

  auto noQuery = express::express();
  noQuery.set("query parser", false);
  noQuery.get("/q", [](Request& req, Response& res) { res.send("query " + queryJson(req) + " url " + req.url); });
  app.use("/noquery", noQuery);

  auto strong = express::express();
  strong.set("etag", "strong");
  strong.get("/text", [](Request& req, Response& res) { res.send("a strong etag"); });
  app.use("/strong", strong);

  app.listen(uint16_t(std::atoi(std::getenv("PORT"))), "127.0.0.1", [] { std::puts("listening"); std::fflush(stdout); });
  return nodecc::run();
}
