// JSON: res.json / res.jsonp / res.send(object) with the json settings, express.json() (strict,
// limits, types, charsets, reviver, gzip/deflate/br bodies, malformed JSON, __proto__ keys).
#include <cstdlib>

#include "nodecc/nodecc.h"
#include "nodecc/express.h"
namespace express = nodecc::express;
namespace JSON = nodecc::JSON;
using express::Request; using express::Response; using express::Next;
using JSON::Object; using JSON::Array; using JSON::Value;

static std::string typeOf(const express::Body& b) {
  if (b.kind != express::Body::Kind::kJson) return b.isUndefined() ? "undefined" : b.kind == express::Body::Kind::kText ? "string" : "object";
  switch (b.json.type()) { case JSON::Type::String: return "string"; case JSON::Type::Number: return "number"; case JSON::Type::Boolean: return "boolean"; default: return "object"; }
}

int main() {
  auto app = express::express();
  app.set("env", "production");

  app.get("/json/obj", [](Request& req, Response& res) { res.json(Object{{"id", req.query.has("id") ? std::atof(req.query["id"].c_str()) : 1}, {"name", "ada"}, {"tags", Array{"x", "y"}}, {"nested", Object{{"ok", true}, {"none", nullptr}}}}); });
  app.get("/json/array", [](Request& req, Response& res) { res.json(Array{1, "two", 3.5, false, nullptr}); });
  app.get("/json/string", [](Request& req, Response& res) { res.json("text <b>&</b>"); });
  app.get("/json/number", [](Request& req, Response& res) { res.json(42); });
  app.get("/json/null", [](Request& req, Response& res) { res.json(nullptr); });
  app.get("/json/status", [](Request& req, Response& res) { res.status(201).json(Object{{"created", true}}); });
  app.get("/json/typed", [](Request& req, Response& res) { res.type("application/vnd.api+json").json(Object{{"data", Array{}}}); });
  app.get("/json/unicode", [](Request& req, Response& res) { res.json(Object{{"s", "caf\u00e9 \u2603 \U0001F600"}, {"ls", "\u2028"}}); });
  app.get("/send/obj", [](Request& req, Response& res) { res.send(Value(Object{{"via", "send"}})); });
  app.get("/send/num", [](Request& req, Response& res) { res.send(Value(7)); });
  app.get("/send/null", [](Request& req, Response& res) { res.send(Value(nullptr)); });
  app.get("/jsonp", [](Request& req, Response& res) { res.jsonp(Object{{"user", "tobi"}, {"ls", "a\u2028b"}}); });

  auto pretty = express::express();
  pretty.set("json spaces", 2);
  pretty.get("/", [](Request& req, Response& res) { res.json(Object{{"a", 1}, {"b", Array{1, 2}}, {"c", Object{}}}); });
  app.use("/pretty", pretty);
  auto tabbed = express::express();
  tabbed.set("json spaces", "\t");
  tabbed.get("/", [](Request& req, Response& res) { res.json(Object{{"a", Array{Object{{"b", 1}}}}}); });
  app.use("/tabbed", tabbed);
  auto escaped = express::express();
  escaped.set("json escape", true);
  escaped.get("/", [](Request& req, Response& res) { res.json(Object{{"html", "<script>&</script>"}}); });
  app.use("/escaped", escaped);
  auto replaced = express::express();
  replaced.set("json replacer", JSON::Replacer([](std::string_view key, Value value) { return key == "secret" ? Value() : value; }));
  replaced.get("/", [](Request& req, Response& res) { res.json(Object{{"user", "ada"}, {"secret", "x"}, {"deep", Object{{"secret", 1}, {"keep", 2}}}}); });
  app.use("/replaced", replaced);
  auto picked = express::express();
  picked.set("json replacer", JSON::Replacer({"a", "c"}));
  picked.get("/", [](Request& req, Response& res) { res.json(Object{{"a", 1}, {"b", 2}, {"c", Object{{"a", 3}, {"d", 4}}}}); });
  app.use("/picked", picked);
  auto cbname = express::express();
  cbname.set("jsonp callback name", "cb");
  cbname.get("/", [](Request& req, Response& res) { res.jsonp(Array{1, 2}); });
  app.use("/cbname", cbname);
  auto noetag = express::express();
  noetag.set("etag", false);
  noetag.get("/", [](Request& req, Response& res) { res.json(Object{{"e", "none"}}); });
  app.use("/noetag", noetag);

  app.post("/echo", express::json(), [](Request& req, Response& res) { res.json(Object{{"type", typeOf(req.body)}, {"body", req.body.json}}); });
  app.post("/loose", express::json({.strict = false}), [](Request& req, Response& res) { res.json(Object{{"type", typeOf(req.body)}, {"body", req.body.json}}); });
  app.post("/small", express::json({.limit = 16}), [](Request& req, Response& res) { res.json(req.body.json); });
  app.post("/vnd", express::json({.type = {"application/*+json"}}), [](Request& req, Response& res) { res.json(Object{{"body", req.body.isUndefined() ? Value("undefined") : req.body.json}}); });
  app.post("/noinflate", express::json({.inflate = false}), [](Request& req, Response& res) { res.json(req.body.json); });
  app.post("/revive", express::json({.reviver = [](std::string_view key, Value value) { return value.isNumber() ? Value(value.asNumber() * 2) : value; }}), [](Request& req, Response& res) { res.json(req.body.json); });
  app.post("/proto", express::json(), [](Request& req, Response& res) {
    Array keys; for (auto& m : req.body.json.asObject()) keys.push_back(m.key());
    res.json(Object{{"keys", keys}, {"polluted", "no"}, {"body", req.body.json}});
  });
  app.post("/both", express::text(), express::json(), [](Request& req, Response& res) { res.json(Object{{"type", typeOf(req.body)}}); });

  app.use([](const nodecc::Error& err, Request& req, Response& res, Next next) {
    auto* h = dynamic_cast<const express::HttpError*>(&err);
    Object o{{"name", err.name}, {"type", h && !h->type.empty() ? h->type : std::string("undefined")}, {"message", err.message}};
    if (h) o.set("expose", h->expose);
    res.status(h ? h->status : 500).json(o);
  });

  app.listen(uint16_t(std::atoi(std::getenv("PORT"))), "127.0.0.1", [] { std::puts("listening"); std::fflush(stdout); });
  return nodecc::run();
}
