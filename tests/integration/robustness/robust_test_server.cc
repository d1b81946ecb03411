// The server the robustness tests drive (tests/integration/robustness). Written as a Node
// program would be. Every body it sends is a per-client pattern, so a client can tell its own
// bytes from anyone else's.
//
//   --port N --host H                 where to listen (default 127.0.0.1, port 0)
//   --ports K                         K servers with the same handler on K ports (the others are
//                                     printed as "extra port P"): more connections than one
//                                     port's ephemeral source ports allow
//   --headers-timeout MS, --keep-alive-timeout MS, --request-timeout MS, --hwm BYTES,
//   --max-connections N               http.createServer options / server.maxConnections
//   --static DIR                      unmatched paths are served from DIR by serveStatic
//   --revalidate-ms MS                serveStatic's revalidateMs
//   --cluster                         run under cluster::run (1 worker unless --workers): SIGTERM
//   --workers N --shutdown-timeout MS stops gracefully, a second one or the timeout exits 1
//   --tls-cert F --tls-key F          https.createServer with that certificate (the same
//   --handshake-timeout MS            routes over TLS; "listening on https://...")
//
// Routes:
//   /hello                       "hello\n"
//   /pattern?id=I&bytes=N        N bytes of pattern(I), Content-Length, written with res.write()
//       &piece=K&ignore_drain=1  K bytes at a time waiting for 'drain' (unless ignore_drain)
//   /slow?ms=M&id=I&bytes=N      answers N bytes of pattern(I) after M ms
//   /slowstream?id=I&bytes=N     sends the head at once, then N bytes of pattern(I) in P pieces
//       &pieces=P&ms=M           M ms apart
//   /inflight                    how many /slow and /slowstream responses are not finished
//   /echo                        reads the body; answers "<bytes>\n"
//   /file?path=P                 fs.readFile(P) (on the thread pool): the contents, or 500 and
//                                the error code
//   /close-idle                  closes every idle connection of every server (Connection: close)
//
// pattern(I): 16-byte records "%07x:%07x\n" (I, record number), cut at N bytes.
#include <nodecc/cluster.h>
#include <nodecc/nodecc.h>
#include <nodecc/serve_static.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

using namespace nodecc;

namespace {

constexpr size_t kRecord = 16;

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

bool argFlag(const char* name) {
  for (const auto& a : process::argv()) {
    if (a == name) {
      return true;
    }
  }
  return false;
}

uint64_t queryNumber(url::Url& u, const char* name, uint64_t fallback) {
  return u.query.has(name) ? std::strtoull(u.query[name].c_str(), nullptr, 10) : fallback;
}

// Seven lower-case hex digits of v (mod 16^7).
void hex7(uint64_t v, char* out) {
  static constexpr char kDigits[] = "0123456789abcdef";
  for (int i = 6; i >= 0; --i) {
    out[i] = kDigits[v & 15];
    v >>= 4;
  }
}

// Bytes [offset, offset + n) of pattern(id), appended to out. Formatted by hand: snprintf per
// record made the server CPU-bound at ~125 MB/s, which is what the slow-read tests saw.
void appendPattern(uint64_t id, uint64_t offset, size_t n, std::string& out) {
  char rec[kRecord];
  hex7(id, rec);
  rec[7] = ':';
  rec[15] = '\n';
  size_t at = out.size();
  out.resize(at + n);
  char* dst = out.data() + at;
  while (n > 0) {
    uint64_t k = offset / kRecord;
    size_t skip = size_t(offset % kRecord);
    hex7(k, rec + 8);
    size_t take = std::min(n, kRecord - skip);
    std::memcpy(dst, rec + skip, take);
    dst += take;
    offset += take;
    n -= take;
  }
}

// Responses of /slow and /slowstream not finished yet (per worker).
thread_local uint64_t tInFlight = 0;

// Writes `left` more bytes of pattern(id), stopping at each write() that returns false until
// 'drain' (the backpressure contract of a writable stream).
struct Streamer : std::enable_shared_from_this<Streamer> {
  http::ServerResponse& res;
  uint64_t id;
  uint64_t left;
  uint64_t offset = 0;
  size_t piece;
  bool ignoreDrain;
  std::string buf;
  Streamer(http::ServerResponse& r, uint64_t i, uint64_t n, size_t p, bool ignore)
      : res(r), id(i), left(n), piece(p), ignoreDrain(ignore) {}

  void pump() {
    while (left > 0) {
      size_t n = size_t(std::min<uint64_t>(left, piece));
      buf.clear();
      appendPattern(id, offset, n, buf);
      left -= n;
      offset += n;
      bool ok = res.write(buf);
      if (!ok && !ignoreDrain) {
        res.once("drain", [self = shared_from_this()] { self->pump(); });
        return;
      }
    }
    res.end();
  }
};

// /slowstream: one piece per tick until done, or until the connection goes away.
struct SlowStream : std::enable_shared_from_this<SlowStream> {
  http::ServerResponse* res;
  uint64_t id;
  uint64_t total;
  uint64_t sent = 0;
  uint64_t pieces;
  double ms;
  Timeout timer;
  SlowStream(http::ServerResponse& r, uint64_t i, uint64_t n, uint64_t p, double m)
      : res(&r), id(i), total(n), pieces(p == 0 ? 1 : p), ms(m) {}

  void tick() {
    if (!res) {
      return;
    }
    uint64_t per = (total + pieces - 1) / pieces;
    size_t n = size_t(std::min(per, total - sent));
    std::string buf;
    appendPattern(id, sent, n, buf);
    sent += n;
    if (sent >= total) {
      res->end(buf);
      return;
    }
    res->write(buf);
    timer = setTimeout([self = shared_from_this()] { self->tick(); }, ms);
  }
};

struct App {
  std::vector<http::Server*> servers;
  std::optional<http::StaticHandler> files;
};

void handle(App& app, http::IncomingMessage& req, http::ServerResponse& res) {
  auto u = url::parse(req.url, true);
  std::string path = u.pathname.value_or("/");
  if (path == "/hello") {
    res.end("hello\n");
  } else if (path == "/pattern") {
    uint64_t bytes = queryNumber(u, "bytes", 0);
    size_t piece = size_t(queryNumber(u, "piece", 16384));
    res.setHeader("Content-Type", "application/octet-stream");
    res.setHeader("Content-Length", bytes);
    std::make_shared<Streamer>(res, queryNumber(u, "id", 0), bytes, piece == 0 ? 16384 : piece,
                               u.query["ignore_drain"] == "1")
        ->pump();
  } else if (path == "/slow") {
    // The timer must not outlive the response: a client that goes away frees it.
    ++tInFlight;
    auto alive = std::make_shared<bool>(true);
    uint64_t id = queryNumber(u, "id", 0);
    uint64_t bytes = queryNumber(u, "bytes", 0);
    Timeout t = setTimeout(
        [&res, alive, id, bytes] {
          if (*alive) {
            std::string body;
            appendPattern(id, 0, size_t(bytes), body);
            res.end(body);
          }
        },
        double(queryNumber(u, "ms", 0)));
    res.on("close", [alive, t] {
      *alive = false;
      clearTimeout(t);
      --tInFlight;
    });
  } else if (path == "/slowstream") {
    ++tInFlight;
    auto s = std::make_shared<SlowStream>(res, queryNumber(u, "id", 0), queryNumber(u, "bytes", 0),
                                          queryNumber(u, "pieces", 10),
                                          double(queryNumber(u, "ms", 100)));
    res.on("close", [s] {
      s->res = nullptr;
      clearTimeout(s->timer);
      --tInFlight;
    });
    res.setHeader("Content-Length", s->total);
    res.flushHeaders();
    s->tick();
  } else if (path == "/inflight") {
    res.end(std::to_string(tInFlight) + "\n");
  } else if (path == "/echo") {
    auto bytes = std::make_shared<uint64_t>(0);
    req.on("data", [bytes](const Buffer& chunk) { *bytes += chunk.length(); });
    req.on("end", [&res, bytes] { res.end(std::to_string(*bytes) + "\n"); });
  } else if (path == "/file") {
    auto alive = std::make_shared<bool>(true);
    res.on("close", [alive] { *alive = false; });
    fs::readFile(u.query["path"], [&res, alive](Error* err, Buffer data) {
      if (!*alive) {
        return;
      }
      if (err) {
        res.statusCode = 500;
        res.end(err->code + "\n");
        return;
      }
      res.end(data);
    });
  } else if (path == "/close-idle") {
    res.setHeader("Connection", "close");
    res.end("ok\n");
    for (http::Server* s : app.servers) {
      s->closeIdleConnections();
    }
  } else if (app.files) {
    (*app.files)(req, res);
  } else {
    res.statusCode = 404;
    res.end("not found\n");
  }
}

void setup() {
  // Lives as long as the worker's servers: freed when the worker (or the process) ends.
  auto* app = new App;
  process::once("exit", [app](int) { delete app; });
  std::string dir = argString("--static", "");
  if (!dir.empty()) {
    http::StaticOptions so;
    so.revalidateMs = uint32_t(argValue("--revalidate-ms", so.revalidateMs));
    app->files.emplace(http::serveStatic(dir, std::move(so)));
  }
  http::ServerOptions options;
  options.headersTimeout = argValue("--headers-timeout", options.headersTimeout);
  options.keepAliveTimeout = argValue("--keep-alive-timeout", options.keepAliveTimeout);
  options.requestTimeout = argValue("--request-timeout", options.requestTimeout);
  options.highWaterMark = argValue("--hwm", options.highWaterMark);
  std::string host = argString("--host", "127.0.0.1");
  auto port = uint16_t(argValue("--port", 0));
  uint64_t count = argValue("--ports", 1);
  std::string cert = argString("--tls-cert", "");
  https::ServerOptions tlsOptions;
  static_cast<http::ServerOptions&>(tlsOptions) = options;
  if (!cert.empty()) {
    tlsOptions.cert = {fs::readFileSync(cert, "utf8")};
    tlsOptions.key = {fs::readFileSync(argString("--tls-key", ""), "utf8")};
    tlsOptions.handshakeTimeout = argValue("--handshake-timeout", tlsOptions.handshakeTimeout);
  }
  const char* scheme = cert.empty() ? "http" : "https";
  for (uint64_t i = 0; i < count; ++i) {
    auto listener = [app](http::IncomingMessage& req, http::ServerResponse& res) {
      handle(*app, req, res);
    };
    http::Server& server = cert.empty() ? http::createServer(options, listener)
                                        : https::createServer(tlsOptions, listener);
    server.maxConnections = size_t(argValue("--max-connections", 0));
    app->servers.push_back(&server);
    server.listen(i == 0 ? port : 0, host, [&server, host, i, scheme] {
      bool printer = !cluster::isWorker() || cluster::workerId() == 1;
      if (printer && i == 0) {
        std::printf("listening on %s://%s:%u/\n", scheme, host.c_str(),
                    unsigned(server.address().port));
      } else if (printer) {
        std::printf("extra port %u\n", unsigned(server.address().port));
      }
      std::fflush(stdout);
    });
  }
}

}  // namespace

int main() {
  if (argFlag("--cluster")) {
    cluster::Options options;
    options.workers = unsigned(argValue("--workers", 1));
    options.shutdownTimeout = argValue("--shutdown-timeout", options.shutdownTimeout);
    return cluster::run(options, setup);
  }
  setup();
  return nodecc::run();
}
