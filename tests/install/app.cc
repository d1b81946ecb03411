// A library user's program, built against the installed package by install_test.py: an async
// HTTP handler (Promise, timers/promises), URL, crypto and zlib (their system libraries must be
// on the link line), Buffer, JSON (a NODECC_JSON struct), console and an EventEmitter. It prints
// its port, answers one request, then closes the server so the program ends by itself.
#include <nodecc/nodecc.h>

#include <cstdio>
#include <string>

using namespace nodecc;

struct Reply {
  std::string name;
  std::string sha256;
  std::string base64;
};
NODECC_JSON(Reply, name, sha256, base64);

int main() {
  EventEmitter served;
  int requests = 0;
  served.on("served", [&requests](const std::string& path) {
    ++requests;
    console.error("served %s", path);
  });

  http::Server& server = http::createServer(
      [&served](http::IncomingMessage& req, http::ServerResponse& res) -> Promise<> {
        co_await timers::promises::setTimeout(1);
        URL url(req.url, "http://127.0.0.1");
        std::string name = url.searchParams().get("name").value_or("nobody");
        auto hash = crypto::createHash("sha256");
        hash.update(name);
        // Through gzip and brotli and back (zlib, libdeflate and brotli on the link line).
        Buffer same = zlib::brotliDecompressSync(
            zlib::brotliCompressSync(zlib::gunzipSync(zlib::gzipSync(Buffer::from(name)))));
        Reply reply{name, hash.digest("hex"), same.toString("base64")};
        res.setHeader("Content-Type", "application/json");
        res.end(JSON::stringify(reply));
        served.emit("served", std::string(url.pathname()));
      });
  server.on("request", [&server](http::IncomingMessage&, http::ServerResponse& res) {
    res.on("finish", [&server] { server.close(); });
  });
  server.listen(0, "127.0.0.1", [&server] {
    std::printf("%u\n", unsigned{server.address().port});
    std::fflush(stdout);
  });
  int status = nodecc::run();
  return status == 0 && requests == 1 ? 0 : 1;
}
