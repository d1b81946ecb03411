// Routing: path syntax, params, nested routers, next('route'), next('router'), app.param,
// error middleware, async handlers, 404/405-ish fallthrough, OPTIONS and HEAD.
#include <any>
#include <cstdlib>

#include "nodecc/nodecc.h"
#include "nodecc/express.h"
namespace express = nodecc::express;
using nodecc::Error; using nodecc::Promise;
using express::Request; using express::Response; using express::Next;

static std::string show(Request& req) { std::string out; for (auto& e : req.params) {
  if (!out.empty()) out += ' ';
  out += e.key + "=";
  if (e.array) { out += '['; for (size_t i = 0; i < e.values.size(); ++i) { if (i) out += '|'; out += e.values[i]; } out += ']'; }
  else out += e.value(); }
  return out; }
static std::string jsonString(const std::string& s) { std::string o = "\""; for (char c : s) { if (c == '"' || c == '\\') o += '\\'; o += c; } return o + "\""; }
static std::string queryJson(Request& req) { std::string o = "{"; for (auto& e : req.query) {
  if (o.size() > 1) o += ',';
  o += jsonString(e.key) + ":";
  if (e.isArray()) { o += '['; for (size_t i = 0; i < e.values.size(); ++i) { if (i) o += ','; o += jsonString(e.values[i]); } o += ']'; }
  else o += jsonString(e.values[0]); }
  return o + "}"; }

int main() {
  auto app = express::express();
  app.set("env", "production");

  app.get("/users/:id", [](Request& req, Response& res) { res.send("user " + show(req)); });
  app.get("/files/*path", [](Request& req, Response& res) { res.send("file " + show(req)); });
  app.get("/opt{/:name}", [](Request& req, Response& res) { res.send("opt " + show(req)); });
  app.get("/ext/:file{.:ext}", [](Request& req, Response& res) { res.send("ext " + show(req)); });
  app.get("/two/:a-:b", [](Request& req, Response& res) { res.send("two " + show(req)); });
  app.get("/esc/\\:literal", [](Request& req, Response& res) { res.send("escaped"); });
  app.get("/quoted/:\"with space\"", [](Request& req, Response& res) { res.send("quoted " + show(req)); });
  app.get("/route", [](Request& req, Response& res, Next next) { if (!req.query["skip"].empty()) return next("route"); res.send("first"); },
    [](Request& req, Response& res) { res.send("never"); });
  app.get("/route", [](Request& req, Response& res) { res.send("second"); });
  app.all("/any", [](Request& req, Response& res) { res.send("any " + req.method); });
  app.route("/book").get([](Request& req, Response& res) { res.send("get book"); }).post([](Request& req, Response& res) { res.send("post book"); });

  app.param("pid", [](Request& req, Response& res, Next next, const std::string& value) {
    if (value == "bad") return next(Error("bad pid"));
    req.params.set("pid", "P" + value);
    next();
  });
  app.get("/p/:pid", [](Request& req, Response& res) { res.send("pid " + show(req)); });
  app.get("/p/:pid/again", [](Request& req, Response& res) { res.send("again " + show(req)); });

  express::Router api({.mergeParams = true});
  api.use([](Request& req, Response& res, Next next) { res.set("X-Api", req.baseUrl + "|" + req.url + "|" + req.originalUrl); next(); });
  api.get("/", [](Request& req, Response& res) { res.send("api root " + show(req)); });
  api.get("/items/:item", [](Request& req, Response& res) { res.send("item " + show(req) + " base=" + req.baseUrl + " path=" + req.path()); });
  api.get("/leave", [](Request& req, Response& res, Next next) { next("router"); });
  express::Router inner;
  inner.get("/deep", [](Request& req, Response& res) { res.send("deep " + req.baseUrl + " " + req.originalUrl); });
  api.use("/inner", inner);
  app.use("/api/:version", api);
  app.get("/api/:version/leave", [](Request& req, Response& res) { res.send("left router " + show(req)); });

  express::Router strict({.caseSensitive = true, .strict = true});
  strict.get("/exact/", [](Request& req, Response& res) { res.send("with slash"); });
  strict.get("/exact", [](Request& req, Response& res) { res.send("without slash"); });
  strict.get("/Case", [](Request& req, Response& res) { res.send("Case"); });
  app.use("/strict", strict);

  app.get("/throw", [](Request&, Response&) { throw Error("thrown"); });
  app.get("/async", [](Request& req, Response& res) -> Promise<> { co_await nodecc::timers::promises::setTimeout(5); res.send("async done"); });
  app.get("/async-fail", [](Request&, Response&) -> Promise<> { co_await nodecc::timers::promises::setTimeout(5); throw Error("async failure"); });
  app.get("/status-err", [](Request& req, Response& res, Next next) { express::HttpError e(418, "teapot"); next(e); });
  app.get("/next-err", [](Request& req, Response& res, Next next) { next(Error("passed")); });
  app.get("/handled", [](Request& req, Response& res, Next next) { next(Error("to handler")); });
  app.use("/handled", [](const Error& err, Request& req, Response& res, Next next) { res.status(500).send("handled: " + err.message); });
  app.use("/recover", [](Request& req, Response& res, Next next) { next(Error("first")); }, [](const Error& err, Request& req, Response& res, Next next) { next(); },
    [](Request& req, Response& res) { res.send("recovered"); });
  app.get("/headers-sent", [](Request& req, Response& res, Next next) { res.write("partial"); next(Error("late")); });
  app.get("/head-only", [](Request& req, Response& res) { res.set("X-Method", req.method); res.send("body for get"); });
  app.get("/query", [](Request& req, Response& res) { res.send("q " + queryJson(req)); });
  app.get("/sendstatus/:code", [](Request& req, Response& res) { res.sendStatus(std::atoi(req.params["code"].c_str())); });

  auto sub = express::express();
  sub.get("/", [sub](Request& req, Response& res) { res.send("sub root " + req.baseUrl + " " + sub.mountpath()); });
  sub.get("/hello", [](Request& req, Response& res) { res.send("sub hello " + req.app.mountpath()); });
  app.use("/sub", sub);

  // Literal prefixes several segments deep (the route index's trie), interleaved with
  // middleware and params so that the order Express tries them is visible in the trail.
  auto trail = [](std::string name) { return [name](Request& req, Response& res, Next next) { auto& t = res.locals["trail"]; t = (t.has_value() ? std::any_cast<std::string>(t) : std::string()) + name + ";"; next(); }; };
  auto trailOf = [](Response& res) { return std::any_cast<std::string>(res.locals["trail"]); };
  app.use("/deep", trail("use /deep"));
  app.get("/deep/a/b/:x", trail("get /deep/a/b/:x"));
  app.use("/deep/a", trail("use /deep/a"));
  app.get("/deep/:any/b/c", trail("get /deep/:any/b/c"));
  app.get(std::vector<std::string>{"/deep/a/b/c", "/other/z"}, trail("get [/deep/a/b/c, /other/z]"));
  app.get("/Deep/A/B/C/D/E", [trailOf](Request& req, Response& res) { res.send("six deep " + trailOf(res)); });
  app.all("/deep/a/b/c", [trailOf](Request& req, Response& res) { res.send("end " + trailOf(res) + " " + show(req)); });
  app.get("/deep/a/b/:x", [trailOf](Request& req, Response& res) { res.send("x " + trailOf(res) + " " + show(req)); });
  app.get("/deep/%61", [trailOf](Request& req, Response& res) { res.send("encoded literal " + trailOf(res)); });

  app.use([](const Error& err, Request& req, Response& res, Next next) {
    if (err.message == "passed") return (void)res.status(599).send("last resort: " + err.message);
    next(err);
  });

  app.listen(uint16_t(std::atoi(std::getenv("PORT"))), "127.0.0.1", [] { std::puts("listening"); std::fflush(stdout); });
  return nodecc::run();
}
