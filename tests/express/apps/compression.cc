// compression 1.8 as the oracle: negotiation (q-values, *, identity;q=0, br before gzip),
// Vary, the threshold (Content-Length, end()'s body, a bytes string), the filter, no-transform,
// HEAD, 204, 304, Range through express.static, existing Content-Encoding, streamed writes,
// writeHead's fields, res.flush(), enforceEncoding and brotli params.
#include <cstdlib>

#include "nodecc/nodecc.h"
#include "nodecc/express.h"
namespace express = nodecc::express;
namespace http = nodecc::http;
namespace zlib = nodecc::zlib;
using nodecc::Buffer;
using express::Request; using express::Response; using express::Next;

static std::string repeat(const std::string& s, int n) { std::string o; for (int i = 0; i < n; ++i) o += s; return o; }

int main() {
  auto app = express::express();
  app.set("env", "production");

  std::string big;
  for (int i = 0; i < 120; ++i) { if (i) big += "\n"; big += "<p>paragraph " + std::to_string(i) + " of a page worth compressing</p>"; }
  auto c = express::compression();
  auto noFilter = [](http::IncomingMessage& req, http::ServerResponse& res) { if (!req.headers["x-no-compression"].empty()) return false; return express::compressionFilter(req, res); };

  app.get("/html", c, [&](Request& req, Response& res) { res.send(big); });
  app.get("/small", c, [](Request& req, Response& res) { res.send("small body"); });
  app.get("/json", c, [](Request& req, Response& res) { nodecc::JSON::Array items; for (int i = 0; i < 80; ++i) items.push_back(nodecc::JSON::Object{{"id", i}, {"name", "item " + std::to_string(i)}}); res.json(nodecc::JSON::Object{{"items", items}}); });
  app.get("/png", c, [&](Request& req, Response& res) { res.type("png").send(Buffer::from(big)); });
  app.get("/octet", c, [&](Request& req, Response& res) { res.send(Buffer::from(big)); });
  app.get("/svg", c, [&](Request& req, Response& res) { res.type("image/svg+xml").send(big); });
  app.get("/vendor-json", c, [&](Request& req, Response& res) { res.type("application/vnd.example+json").send(big); });
  app.get("/unknown-type", c, [&](Request& req, Response& res) { res.type("application/x-nodecc-unknown").send(big); });
  app.get("/no-type", c, [&](Request& req, Response& res) { res.removeHeader("Content-Type"); res.write(big); res.end(); });
  app.get("/no-transform", c, [&](Request& req, Response& res) { res.set("Cache-Control", "public, no-transform"); res.send(big); });
  app.get("/no-transform-upper", c, [&](Request& req, Response& res) { res.set("Cache-Control", "NO-TRANSFORM ,max-age=1"); res.send(big); });
  app.get("/transform-ok", c, [&](Request& req, Response& res) { res.set("Cache-Control", "no-transformer"); res.send(big); });
  app.get("/encoded", c, [&](Request& req, Response& res) { res.set("Content-Encoding", "x-custom"); res.send(big); });
  app.get("/identity", c, [&](Request& req, Response& res) { res.set("Content-Encoding", "identity"); res.send(big); });
  app.get("/vary", c, [&](Request& req, Response& res) { res.vary("Origin"); res.send(big); });
  app.get("/vary-star", c, [&](Request& req, Response& res) { res.set("Vary", "*"); res.send(big); });
  app.get("/vary-has", c, [&](Request& req, Response& res) { res.set("Vary", "accept-encoding"); res.send(big); });
  app.get("/nocontent", c, [](Request& req, Response& res) { res.status(204).send(); });
  app.get("/etag", c, [&](Request& req, Response& res) { res.set("ETag", "\"fixed\""); res.send(big); });
  app.get("/created", c, [&](Request& req, Response& res) { res.status(201).send(big); });
  app.get("/notfound", c, [&](Request& req, Response& res) { res.status(404).send(big); });
  app.get("/stream", c, [](Request& req, Response& res) {
    res.setHeader("Content-Type", "text/plain");
    for (int i = 0; i < 50; i++) res.write("chunk " + std::to_string(i) + " of a streamed response\n");
    res.end("the end\n");
  });
  app.get("/stream-small", c, [](Request& req, Response& res) { res.setHeader("Content-Type", "text/plain"); res.write("tiny"); res.end(); });
  app.get("/end-small", c, [](Request& req, Response& res) { res.setHeader("Content-Type", "text/plain"); res.end("tiny"); });
  app.get("/end-big", c, [&](Request& req, Response& res) { res.setHeader("Content-Type", "text/plain"); res.end(big); });
  app.get("/end-empty", c, [](Request& req, Response& res) { res.setHeader("Content-Type", "text/plain"); res.end(); });
  app.get("/length-small", c, [](Request& req, Response& res) { res.setHeader("Content-Type", "text/plain"); res.setHeader("Content-Length", "10"); res.end("0123456789"); });
  app.get("/write-head", c, [&](Request& req, Response& res) { res.message.writeHead(200, {{"Content-Type", "text/html"}, {"X-Head", "yes"}}); res.end(big); });
  app.get("/write-head-status", c, [&](Request& req, Response& res) { res.message.writeHead(202, "Taken", {{"Content-Type", "text/css"}}); res.write(big); res.end(); });
  app.get("/flush", c, [](Request& req, Response& res) {
    res.setHeader("Content-Type", "text/event-stream");
    res.write("data: one\n\n"); res.flush();
    res.write("data: two\n\n"); res.flush();
    res.end();
  });
  app.get("/flush-after", c, [&](Request& req, Response& res) { res.setHeader("Content-Type", "text/plain"); res.write(big); res.end(); res.flush(); });
  app.get("/write-after-end", c, [&](Request& req, Response& res) { res.setHeader("Content-Type", "text/plain"); res.write(big); res.end(); res.write("more"); });

  auto t2k = express::compression({.threshold = "2kb"});
  app.get("/t2k/under", t2k, [](Request& req, Response& res) { res.send(std::string(2047, 'y')); });
  app.get("/t2k/over", t2k, [](Request& req, Response& res) { res.send(std::string(2048, 'y')); });
  auto t0 = express::compression({.threshold = 0});
  app.get("/t0", t0, [](Request& req, Response& res) { res.send("z"); });
  app.get("/t0/empty", t0, [](Request& req, Response& res) { res.send(""); });
  auto tbad = express::compression({.threshold = "lots"});
  app.get("/tbad", tbad, [](Request& req, Response& res) { res.send(std::string(1023, 'w')); });
  auto tnum = express::compression({.threshold = 100});
  app.get("/tnum", tnum, [](Request& req, Response& res) { res.send(std::string(100, 'v')); });
  auto filtered = express::compression({.filter = noFilter});
  app.get("/filter", filtered, [&](Request& req, Response& res) { res.send(big); });
  auto all = express::compression({.filter = [](http::IncomingMessage&, http::ServerResponse&) { return true; }});
  app.get("/filter-all", all, [&](Request& req, Response& res) { res.type("png").send(Buffer::from(big)); });
  auto enforce = express::compression({.enforceEncoding = "gzip"});
  app.get("/enforce", enforce, [&](Request& req, Response& res) { res.send(big); });
  auto enforceBad = express::compression({.enforceEncoding = "zstd"});
  app.get("/enforce-bad", enforceBad, [&](Request& req, Response& res) { res.send(big); });
  auto tuned = express::compression({.level = 9, .memLevel = 9, .windowBits = 12, .chunkSize = 1024, .brotli = {.params = {{zlib::constants::BROTLI_PARAM_QUALITY, 11}}}});
  app.get("/tuned", tuned, [&](Request& req, Response& res) { res.send(big + big + big); });
  auto synced = express::compression({.flush = zlib::constants::Z_SYNC_FLUSH});
  app.get("/synced", synced, [&](Request& req, Response& res) { res.setHeader("Content-Type", "text/plain"); res.write(big); res.write(big); res.end(); });

  app.use("/files", c, express::static_("public"));

  app.listen(uint16_t(std::atoi(std::getenv("PORT"))), "127.0.0.1", [] { std::puts("listening"); std::fflush(stdout); });
  return nodecc::run();
}
