// The server the HTTP integration tests drive. Written as a Node program would be; each route
// exercises one behaviour the tests check over real sockets.
//
//   --port N --host H                 where to listen (default 127.0.0.1)
//   --headers-timeout MS, --keep-alive-timeout MS, --request-timeout MS, --hwm BYTES,
//   --max-requests-per-socket N,
//   --orphan-timeout MS, --max-orphans N
//                                     http.createServer options
//   --async                           the handler is a coroutine (createServer with a
//                                     function returning Promise<>): adds /text
//   --catch-uncaught                  a process 'uncaughtException' listener prints
//                                     "uncaught: <what>" and the server goes on
//
// Routes (any method unless noted):
//   /hello                  "hello\n"
//   /fixed                  "fixed\n" with an explicit Content-Length (which keeps an HTTP/1.0
//                           keep-alive connection open, as in Node)
//   /stream?bytes=N         N bytes of pattern() written with res.write(), waiting for 'drain'
//       &piece=K            whenever write() returns false; Content-Length is set unless
//       &chunked=1          chunked=1 (then Transfer-Encoding: chunked); ignore_drain=1 writes
//       &ignore_drain=1     on regardless (the control case of the memory tests)
//   /slow?ms=N              answers "slow N\n" after N ms (&close=1: with Connection: close)
//   /close                  calls server.close() and answers "closing\n"; the process prints
//                           "server closed" and exits once every connection is done
//   /throw                  the handler throws before answering
//   /throw-after-write      the handler writes part of a body, then throws
//   /echo                   answers, after 'end', "<bytes> <sha256 hex>\n" and one line per
//                           trailer "trailer <name>: <value>"
//   /info                   method, url, httpVersion and the raw headers, one per line
//   /stats                  "rss <bytes>\nexchanges <n>\norphans <n>\n": VmRSS, the requests
//                           the server holds (this one included) and, of those, the orphans
//   /reflect?v=V&how=H      puts V in the head: H=set (setHeader value, the default), name
//                           (setHeader name), head (writeHead header), status (status
//                           message); a refused value answers 500 "<error code>\n";
//                           H=status-end sets res.statusMessage and lets end() throw
//   /never                  never answers (a handler waiting for an event that never comes)
//   /throw-on-abort         never answers; its 'aborted' and res 'close' listeners throw
//   /text (--async only)    co_await req.text(), then answers "<bytes>\n"
#include <nodecc/crypto.h>
#include <nodecc/nodecc.h>
#include <nodecc/url.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>

#include "api/http/server/exchange.h"

using namespace nodecc;

namespace {

// The byte at offset i of a /stream body: a 64 KiB period, so a client can check every byte
// cheaply (tests/integration/http/httptest.py has the same function).
constexpr size_t kPatternPeriod = 65536;
const std::string& pattern() {
  static const std::string p = [] {
    std::string s(kPatternPeriod, '\0');
    for (size_t i = 0; i < s.size(); ++i) {
      s[i] = char('a' + (i * 7 + i / 251) % 26);
    }
    return s;
  }();
  return p;
}

uint64_t argValue(const char* name, uint64_t fallback) {
  const auto& argv = process::argv();
  for (size_t i = 2; i + 1 < argv.size(); ++i) {
    if (argv[i] == name) {
      return std::strtoull(argv[i + 1].c_str(), nullptr, 10);
    }
  }
  return fallback;
}

std::string argString(const char* name, const char* fallback) {
  const auto& argv = process::argv();
  for (size_t i = 2; i + 1 < argv.size(); ++i) {
    if (argv[i] == name) {
      return argv[i + 1];
    }
  }
  return fallback;
}

bool hasFlag(const char* name) {
  for (const std::string& a : process::argv()) {
    if (a == name) {
      return true;
    }
  }
  return false;
}

std::string vmRss() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmRSS:", 0) == 0) {
      return std::to_string(std::strtoull(line.c_str() + 6, nullptr, 10) * 1024);
    }
  }
  return "0";
}

// Writes `left` more bytes of the pattern, stopping at each write() that returns false until
// 'drain' (the backpressure contract of a writable stream).
struct Streamer : std::enable_shared_from_this<Streamer> {
  http::ServerResponse& res;
  uint64_t left;
  uint64_t offset = 0;
  size_t piece;
  bool ignoreDrain;
  Streamer(http::ServerResponse& r, uint64_t n, size_t p, bool ignore)
      : res(r), left(n), piece(p), ignoreDrain(ignore) {}

  void pump() {
    const std::string& p = pattern();
    while (left > 0) {
      size_t at = size_t(offset % kPatternPeriod);
      size_t n = size_t(std::min<uint64_t>({left, piece, kPatternPeriod - at}));
      left -= n;
      offset += n;
      bool ok = res.write(std::string_view(p).substr(at, n));
      if (!ok && !ignoreDrain) {
        res.once("drain", [self = shared_from_this()] { self->pump(); });
        return;
      }
    }
    res.end();
  }
};

}  // namespace

int main() {
  std::string host = argString("--host", "127.0.0.1");
  auto port = uint16_t(argValue("--port", 8080));
  http::ServerOptions options;
  options.headersTimeout = argValue("--headers-timeout", options.headersTimeout);
  options.keepAliveTimeout = argValue("--keep-alive-timeout", options.keepAliveTimeout);
  options.requestTimeout = argValue("--request-timeout", options.requestTimeout);
  options.highWaterMark = argValue("--hwm", options.highWaterMark);
  options.maxRequestsPerSocket =
      uint32_t(argValue("--max-requests-per-socket", options.maxRequestsPerSocket));

  options.orphanTimeout = argValue("--orphan-timeout", options.orphanTimeout);
  options.maxOrphans = size_t(argValue("--max-orphans", options.maxOrphans));
  if (hasFlag("--catch-uncaught")) {
    process::on("uncaughtException", [](std::exception_ptr e, std::string) {
      try {
        std::rethrow_exception(e);
      } catch (const std::exception& x) {
        std::printf("uncaught: %s\n", x.what());
      }
      std::fflush(stdout);
    });
  }

  http::Server* serverPtr = nullptr;
  auto route = [&serverPtr](http::IncomingMessage& req, http::ServerResponse& res) {
    auto u = url::parse(req.url, true);
    std::string path = u.pathname.value_or("/");
    if (path == "/hello") {
      res.end("hello\n");
    } else if (path == "/fixed") {
      res.setHeader("Content-Length", uint64_t(6));
      res.end("fixed\n");
    } else if (path == "/stream") {
      uint64_t bytes = std::strtoull(u.query["bytes"].c_str(), nullptr, 10);
      size_t piece =
          u.query.has("piece") ? std::strtoull(u.query["piece"].c_str(), nullptr, 10) : 16384;
      res.setHeader("Content-Type", "application/octet-stream");
      if (u.query["chunked"] != "1") {
        res.setHeader("Content-Length", bytes);
      }
      bool ignoreDrain = u.query["ignore_drain"] == "1";
      std::make_shared<Streamer>(res, bytes, piece == 0 ? 16384 : piece, ignoreDrain)->pump();
    } else if (path == "/slow") {
      std::string ms = u.query["ms"];
      if (u.query["close"] == "1") {
        res.setHeader("Connection", "close");
      }
      setTimeout([&res, ms] { res.end("slow " + ms + "\n"); }, std::atof(ms.c_str()));
    } else if (path == "/close") {
      serverPtr->close([](Error* err) {
        std::printf("server closed%s\n", err ? " with an error" : "");
        std::fflush(stdout);
      });
      res.end("closing\n");
    } else if (path == "/throw") {
      throw std::runtime_error("thrown by /throw");
    } else if (path == "/throw-after-write") {
      res.write("partial");
      throw std::runtime_error("thrown by /throw-after-write");
    } else if (path == "/echo") {
      auto hash = std::make_shared<crypto::Hash>(crypto::createHash("sha256"));
      auto bytes = std::make_shared<uint64_t>(0);
      req.on("data", [hash, bytes](const Buffer& chunk) {
        *bytes += chunk.length();
        hash->update(chunk);
      });
      req.on("end", [&req, &res, hash, bytes] {
        std::string out = std::to_string(*bytes) + " " + hash->digest("hex") + "\n";
        for (size_t i = 0; i + 1 < req.rawTrailers.size(); i += 2) {
          out += "trailer " + std::string(req.rawTrailers[i]) + ": " +
                 std::string(req.rawTrailers[i + 1]) + "\n";
        }
        res.end(out);
      });
    } else if (path == "/info") {
      std::string out = req.method + " " + req.url + " HTTP/" + req.httpVersion + "\n";
      for (size_t i = 0; i + 1 < req.rawHeaders.size(); i += 2) {
        out += std::string(req.rawHeaders[i]) + ": " + std::string(req.rawHeaders[i + 1]) + "\n";
      }
      res.end(out);
    } else if (path == "/stats") {
      http::detail::HttpServerImpl* impl = nodecc::detail::Access::impl(*serverPtr);
      res.end("rss " + vmRss() + "\nexchanges " + std::to_string(impl->liveExchanges()) +
              "\norphans " + std::to_string(impl->orphanCount()) + "\n");
    } else if (path == "/reflect") {
      // Puts the query's v into the response head the way `how` says; a value the API refuses
      // answers 500 with the error's code.
      const std::string v = u.query["v"];
      const std::string how = u.query["how"];
      if (how == "status-end") {
        // Uncaught: end() throws, the server answers 500 for the handler.
        res.statusMessage = v;
        res.end("reflected\n");
        return;
      }
      try {
        if (how == "name") {
          res.setHeader(v, "1");
        } else if (how == "head") {
          res.writeHead(200, {{"X-Reflect", v}});
        } else if (how == "head-list") {
          // A temporary list: the overload that takes the list over.
          res.writeHead(200, "OK", http::HeaderPairs{{"X-Reflect", v}});
        } else if (how == "status") {
          res.writeHead(200, v);
        } else {
          res.setHeader("X-Reflect", v);
        }
        res.end("reflected\n");
      } catch (const Error& e) {
        // (A refused status message stays set, as in Node: the 500 needs its own.)
        res.statusCode = 500;
        res.statusMessage.clear();
        res.end(e.code + "\n");
      }
    } else if (path == "/never") {
      req.resume();
    } else if (path == "/throw-on-abort") {
      req.on("aborted", [] { throw std::runtime_error("thrown by 'aborted'"); });
      res.on("close", [] { throw std::runtime_error("thrown by res 'close'"); });
      req.resume();
    } else {
      res.statusCode = 404;
      res.end("not found\n");
    }
  };
  http::Server& server = hasFlag("--async")
                             ? http::createServer(options,
                                                  [&route](http::IncomingMessage& req,
                                                           http::ServerResponse& res) -> Promise<> {
                                                    if (req.url == "/text") {
                                                      std::string body = co_await req.text();
                                                      res.end(std::to_string(body.size()) + "\n");
                                                      co_return;
                                                    }
                                                    route(req, res);
                                                  })
                             : http::createServer(options, route);
  serverPtr = &server;
  server.listen(port, host, [&] {
    std::printf("listening on http://%s:%u/\n", host.c_str(), unsigned(server.address().port));
    std::fflush(stdout);
  });
  return nodecc::run();
}
