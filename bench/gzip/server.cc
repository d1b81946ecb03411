// bench/gzip's nodecc server: GET / answers PAGE (a file read once at start) as text/html through
// express::compression() at level 6, as a Node program puts compression() in front of
// http.createServer. MODE "whole" hands the page to res.end() (one call with the whole body);
// MODE "stream" writes it in 4 KiB res.write() calls and then ends, the way a templating engine
// or a proxied body arrives: the compressor runs as a stream over the response.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "nodecc/express.h"
#include "nodecc/nodecc.h"

using namespace nodecc;

int main() {
  const std::string mode = std::getenv("MODE") ? std::getenv("MODE") : "whole";
  const auto port = uint16_t(std::atoi(std::getenv("PORT")));
  const std::string page = fs::readFileSync(std::getenv("PAGE")).toString();
  const bool stream = mode == "stream";
  auto compress = express::compression({.level = 6});
  auto& server = http::createServer([=](http::IncomingMessage& req, http::ServerResponse& res) {
    compress(req, res, [&] {
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      if (!stream) {
        res.end(page);
        return;
      }
      for (size_t at = 0; at < page.size(); at += 4096) {
        res.write(std::string_view(page).substr(at, 4096));
      }
      res.end();
    });
  });
  server.listen(port, "127.0.0.1", [] {
    std::puts("listening");
    std::fflush(stdout);
  });
  return nodecc::run();
}
