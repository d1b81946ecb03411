// Body parsers (text, raw, urlencoded: types, limits, charsets, encodings) and trust proxy.
#include <cstdlib>

#include "nodecc/nodecc.h"
#include "nodecc/express.h"
namespace express = nodecc::express;
using express::Request; using express::Response; using express::Next;

static std::string join(const std::vector<std::string>& v, const char* sep) { std::string o; for (size_t i = 0; i < v.size(); ++i) { if (i) o += sep; o += v[i]; } return o; }
static std::string typeOf(const express::Body& b) { return b.isUndefined() ? "undefined" : b.kind == express::Body::Kind::kText ? "string" : "object"; }
static std::string hex(const nodecc::Buffer& b) { return b.toString("hex"); }

int main() {
  auto app = express::express();
  app.set("env", "production");
  app.set("trust proxy", "loopback");

  app.post("/text", express::text({.limit = 20}), [](Request& req, Response& res) { res.send("text[" + (req.body.isUndefined() ? std::string("undefined") : req.body.text) + "] " + typeOf(req.body)); });
  app.post("/raw", express::raw({.type = {"application/*"}}), [](Request& req, Response& res) { res.send("raw " + (req.body.kind == express::Body::Kind::kBuffer ? std::to_string(req.body.buffer.size()) + " " + hex(req.body.buffer) : typeOf(req.body))); });
  app.post("/form", express::urlencoded({.parameterLimit = 3}), [](Request& req, Response& res) {
    std::string o; for (auto& e : req.body.form) { if (!o.empty()) o += '&'; o += e.key + "=" + e.value(); }
    res.send("form " + o);
  });
  app.get("/proxy", [](Request& req, Response& res) { res.send(join({req.ip(), join(req.ips(), ","), req.protocol(), req.hostname(), req.secure() ? "true" : "false"}, "|")); });
  auto hops = express::express();
  hops.set("trust proxy", 1);
  hops.get("/", [](Request& req, Response& res) { res.send("hops " + join({req.ip(), join(req.ips(), ","), req.protocol(), req.hostname()}, "|")); });
  app.use("/hops", hops);
  auto none = express::express();
  none.set("trust proxy", false);
  none.get("/", [](Request& req, Response& res) { res.send("none " + join({req.ip(), join(req.ips(), ","), req.protocol(), req.hostname()}, "|")); });
  app.use("/none", none);
  app.use([](const nodecc::Error& err, Request& req, Response& res, Next next) {
    auto* h = dynamic_cast<const express::HttpError*>(&err);
    res.status(h ? h->status : 500).send((h && !h->type.empty() ? h->type : std::string("undefined")) + ": " + err.message);
  });

  app.listen(uint16_t(std::atoi(std::getenv("PORT"))), "127.0.0.1", [] { std::puts("listening"); std::fflush(stdout); });
  return nodecc::run();
}
