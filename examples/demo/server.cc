// The demo site: a page and its stylesheet, /echo?value=, /api/time (JSON), POST /api/upload.
#include <chrono>
#include <cstdio>
#include <ctime>
#include <map>
#include <memory>
#include <nodecc/crypto.h>
#include <nodecc/nodecc.h>
#include <nodecc/url.h>
#include "../example_args.h"
using namespace nodecc;

const std::string root = path::join(NODECC_DIRNAME, "public");
const std::map<std::string, std::string> types = {{".html", "text/html; charset=utf-8"},
                                                  {".css", "text/css; charset=utf-8"}};

std::string extname(const std::string& name) { return name.substr(name.rfind('.')); }
std::string isoString(int64_t ms) {  // new Date(ms).toISOString()
  std::time_t s = ms / 1000;
  std::tm t;
  gmtime_r(&s, &t);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", t.tm_year + 1900,
                t.tm_mon + 1, t.tm_mday, t.tm_hour, t.tm_min, t.tm_sec, int(ms % 1000));
  return buf;
}

void sendFile(http::ServerResponse& res, const std::string& name) {
  fs::readFile(root + "/" + name, [&res, name](Error* err, Buffer data) {
    if (err) { res.writeHead(404, {{"Content-Type", "text/plain"}}); res.end("not found\n"); return; }
    res.setHeader("Content-Type", types.at(extname(name)));
    res.end(data);
  });
}

int main() {
  auto args = exampleArgs();
  uint16_t port = args.port;
  std::string host = args.host;

  auto& server = http::createServer([](http::IncomingMessage& req, http::ServerResponse& res) {
    auto u = url::parse(req.url, true);
    if (req.method == "GET" && u.pathname == "/") {
      sendFile(res, "index.html");
    } else if (req.method == "GET" && u.pathname == "/style.css") {
      sendFile(res, "style.css");
    } else if (req.method == "GET" && u.pathname == "/echo") {
      res.setHeader("Content-Type", "text/plain; charset=utf-8");
      res.end(!u.query["value"].empty() ? u.query["value"] : "no value specified");
    } else if (req.method == "GET" && u.pathname == "/api/time") {
      int64_t now = std::chrono::duration_cast<std::chrono::milliseconds>(
                        std::chrono::system_clock::now().time_since_epoch()).count();
      res.setHeader("Content-Type", "application/json");
      res.end("{\"now\":" + std::to_string(now) + ",\"iso\":\"" + isoString(now) + "\"}");
    } else if (req.method == "POST" && u.pathname == "/api/upload") {
      auto hash = std::make_shared<crypto::Hash>(crypto::createHash("sha256"));
      auto bytes = std::make_shared<size_t>(0);
      req.on("data", [hash, bytes](const Buffer& chunk) { *bytes += chunk.length(); hash->update(chunk); });
      // C++ only: a client that leaves mid-upload never gets 'end', and a response never ended
      // stays allocated (no garbage collector; docs/node-to-nodecc.md): end it (a no-op then).
      req.on("aborted", [&res] { res.end(); });
      req.on("end", [&res, hash, bytes] {
        res.setHeader("Content-Type", "application/json");
        res.end("{\"bytes\":" + std::to_string(*bytes) + ",\"sha256\":\"" + hash->digest("hex") + "\"}");
      });
    } else {
      res.writeHead(404, {{"Content-Type", "text/plain"}});
      res.end("not found\n");
    }
  });
  server.listen(port, host, [&] {
    std::printf("nodecc demo on http://%s:%u/  (Ctrl-C stops it)\n", host.c_str(), port);
    std::fflush(stdout);
  });
  process::on("SIGINT", [&server] {
    std::printf("stopping\n");
    std::fflush(stdout);
    server.close([](Error*) { process::exit(0); });
  });
  return nodecc::run();
}
