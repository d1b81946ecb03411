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
  // docs/stream.md, "process.stdin" and "fetch bodies".
  stream::PassThrough upper;
  process::stdin().pipe(upper).pipe(process::asStream(process::stdout));
  auto& rl = readline::createInterface({.input = &process::stdin()});
  rl.on("line", [](const std::string&) {});
  [&upper](std::string url, std::string path) -> Promise<> {
    for (auto it = process::stdin().iterate(); auto chunk = co_await it.next();) {
      (void)chunk;
    }
    Response res = co_await fetch(url);
    co_await stream::promises::pipeline(stream::fromWeb(res.body), zlib::createGunzip(),
                                        fs::createWriteStream(path));
    ReadableStreamDefaultReader r = stream::toWeb(upper).getReader();
    RequestInit init{.method = "POST", .body = fs::createReadStream(path), .duplex = "half"};
    Response sent = co_await fetch(url, init);
  }("http://127.0.0.1:1/", "/tmp/documented");
  // docs/tls.md, "TLS over a connected socket (STARTTLS)".
  tls::SecureContextOptions co;
  co.key = {fs::readFileSync("key.pem", "utf8")};
  co.cert = {fs::readFileSync("cert.pem", "utf8")};
  tls::SecureContext ctx = tls::createSecureContext(co);
  auto& server = net::createServer([ctx](net::Socket& plain) {
    plain.once("data", [&plain, ctx](const Buffer& /*line*/) {
      plain.write("GO\n");
      tls::TLSSocketOptions o;
      o.isServer = true;
      o.secureContext = ctx;
      tls::TLSSocket& socket = tls::createTLSSocket(plain, o);
      socket.on("secure", [&socket] { std::printf("%s\n", socket.getProtocol().c_str()); });
      socket.on("data", [&socket](const Buffer& chunk) { socket.write(chunk); });
    });
  });
  server.listen(8025);
  net::Socket& plain = net::connect(8025, "127.0.0.1");
  plain.on("connect", [&plain] { plain.write("STARTTLS\n"); });
  plain.once("data", [&plain](const Buffer& /*go*/) {
    tls::ConnectionOptions c;
    c.socket = &plain;
    c.servername = "localhost";
    c.ca = {fs::readFileSync("cert.pem", "utf8")};
    auto& socket = tls::connect(c);
    socket.on("secureConnect", [&socket] { socket.write("hello"); });
  });
  app.listen(0);
  return nodecc::run();
}
