// Forms the docs show, compiled by install_test.py with -O2 and -Werror: some GCC 12 warnings
// (-Wmaybe-uninitialized) appear only when the optimizer runs, which a -fsyntax-only check of
// the headers never sees. Built, not run.
#include <nodecc/express.h>
#include <nodecc/nodecc.h>

#include <string>

using namespace nodecc;

int main() {
  // docs/express.md, "Compressed responses": while CompressionOptions::brotli was followed by a
  // std::string, these braced options failed a -Werror -O2 build under GCC 12.
  auto app = express::express();
  app.use(express::compression());
  app.use(
      express::compression({.threshold = "2kb",
                            .level = 9,
                            .brotli = {.params = {{zlib::constants::BROTLI_PARAM_QUALITY, 5}}}}));
  auto compress = express::compression({.level = 6});
  const std::string text = "compressible text";
  http::createServer([=](http::IncomingMessage& req, http::ServerResponse& res) {
    compress(req, res, [&] {
      res.setHeader("Content-Type", "text/plain");
      res.end(text);
    });
  });
  // docs/http-server.md, "Request bodies as streams": pipeline, promises::pipeline and a loop
  // over req.iterate() in an async handler.
  http::createServer([](http::IncomingMessage& req, http::ServerResponse& res) -> Promise<> {
    if (req.url == "/gzip") {
      stream::pipeline(req, zlib::createGzip(), res, [](Error*) {});
      co_return;
    }
    size_t size = 0;
    for (auto it = req.iterate(); auto chunk = co_await it.next();) {
      size += chunk->size();
      if (size > 1024) {
        break;
      }
    }
    stream::PassThrough pass;
    co_await stream::promises::pipeline(stream::Readable::from(Buffer::from(std::to_string(size))),
                                        pass, res);
  });
  app.listen(0);
  return nodecc::run();
}
