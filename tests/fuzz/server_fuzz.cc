// libFuzzer target for the whole HTTP server: the fuzz input is what a client sends, pushed
// through a socketpair into a real nodecc loop serving an http::createServer handler (the
// library built by clang with the same instrumentation, see CMakeLists.txt).
//
// Input: byte 0 is a control byte (bit 0: the server with tight limits instead of Node's
// defaults; bit 1: the client closes abruptly at the end instead of half-closing), then the
// bytes the client sends. Every "~|~" in them is a split point: the bytes before it are sent
// and the loop runs until the server is quiet before the next piece goes, so requests arrive
// in any pieces, and several in one (pipelining).
//
// The handler's behaviour depends on the request's path: /early answers without reading the
// body, /chunked streams its answer, /defer answers later, /pause reads later, /big writes
// 256 KiB with backpressure, /status/NNN answers NNN, /trailers sends trailers, /flush sends
// the head first, /headers uses writeHead's header list, /close asks to close, /throw throws,
// /destroy destroys the socket, /static/ is serveStatic over a directory beside a secret file,
// anything else echoes the body. Each response carries X-Seq: the index of its request.
//
// Properties, besides "no crash, no leak, no UB" (server_wire.h has the details):
//   - the handler gets exactly the stream's requests (as the parser reads the whole stream at
//     once), in order, with their bodies, whatever the split points;
//   - the client receives well-formed HTTP/1.1 responses, in request order, each at most once,
//     framed right (HEAD, 204, 304, Content-Length, chunked), with the bytes the handler sent,
//     no more final responses than requests, nothing after a closing response, no finished
//     response missing before an answered one, and never the secret file's bytes;
//   - once the client has finished, the server closes the connection and forgets it.
#include <signal.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <filesystem>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "api/http/server/exchange.h"
#include "api/runtime.h"
#include "http/server_core.h"
#include "nodecc/http.h"
#include "nodecc/process.h"
#include "nodecc/serve_static.h"
#include "nodecc/timers.h"
#include "server_wire.h"

namespace {

using namespace nodecc;
using fuzzserver::check;
using fuzzserver::HandlerRecord;

constexpr std::string_view kSplit = "~|~";
constexpr size_t kBigBytes = 256 * 1024;
constexpr size_t kBigPiece = 16 * 1024;
// Loop iterations without progress before the client stops waiting (each is a few µs; the
// server answers within a handful).
constexpr int kPatience = 2000;
constexpr int kQuietRounds = 3;

// Per input.
std::vector<HandlerRecord> gLog;
uint64_t gInput = 0;  // which input the records belong to (deferred callbacks check it)
bool gDestroyed = false;
bool gTight = false;  // the input goes to the server with tight limits

const std::string& bigBody() {
  static const std::string body = [] {
    std::string s(kBigBytes, '\0');
    for (size_t i = 0; i < s.size(); ++i) {
      s[i] = char('a' + i % 26);
    }
    return s;
  }();
  return body;
}

bool live(uint64_t input, size_t seq) {
  return input == gInput && seq < gLog.size() && !gLog[seq].closed;
}

struct Target {
  http::Server* server = nullptr;
  http::core::ParserLimits limits;  // what the server's options make of them
};

struct Fixture {
  std::filesystem::path dir;
  std::string secret;
  std::unique_ptr<http::StaticHandler> files;
  Target targets[2];
};

Fixture* gFixture = nullptr;

void removeFixtureDir() {
  if (gFixture) {
    std::error_code ec;
    std::filesystem::remove_all(gFixture->dir, ec);
  }
}

void writeFile(const std::filesystem::path& p, std::string_view content) {
  std::ofstream(p, std::ios::binary) << content;
}

// --- the handler

void writeBig(http::ServerResponse& res, uint64_t input, size_t seq, size_t sent) {
  while (sent < kBigBytes) {
    const std::string_view piece = std::string_view(bigBody()).substr(sent, kBigPiece);
    sent += piece.size();
    if (!res.write(piece) && sent < kBigBytes) {
      res.once("drain", [&res, input, seq, sent] {
        if (live(input, seq)) {
          writeBig(res, input, seq, sent);
        }
      });
      return;
    }
  }
  res.end();
}

// Reads the body into the record; `then` runs at 'end' while the response is still live.
void readBody(http::IncomingMessage& req, uint64_t input, size_t seq, UniqueFunction<void()> then) {
  gLog[seq].bodyRead = true;
  req.on("data", [input, seq](const Buffer& b) {
    if (input == gInput) {
      gLog[seq].body.append(reinterpret_cast<const char*>(b.data()), b.size());
    }
  });
  req.on("end", [input, seq, then = std::make_shared<UniqueFunction<void()>>(std::move(then))] {
    if (input != gInput) {
      return;
    }
    gLog[seq].ended = true;
    if (live(input, seq) && *then) {
      (*then)();
    }
  });
}

void answer(http::ServerResponse& res, size_t seq, std::string body) {
  gLog[seq].expectBody = body;
  res.end(body);
}

bool startsWith(std::string_view s, std::string_view p) {
  return s.substr(0, p.size()) == p;
}

void onRequest(http::IncomingMessage& req, http::ServerResponse& res) {
  const size_t seq = gLog.size();
  const uint64_t input = gInput;
  gLog.emplace_back();
  gLog[seq].method = req.method;
  gLog[seq].url = req.url;
  res.setHeader("X-Seq", std::to_string(seq));
  res.on("finish", [input, seq] {
    if (input == gInput) {
      gLog[seq].finished = true;
    }
  });
  auto* r = &res;
  res.on("close", [input, seq, r] {
    if (input == gInput) {
      gLog[seq].closed = true;
    }
    // A response left unended when the client went away (the handler ends it only at 'end')
    // is an orphan. On the default server the handler ends it later, as a timer would (the
    // orphan is valid until then); on the tight one the server reclaims it by its timeout
    // and its cap. Either way none is left when the input is done.
    if (!r->writableEnded && !gTight) {
      setImmediate([r] { r->end(); });
    }
  });
  const std::string_view url = req.url;
  if (startsWith(url, "/static/")) {
    gLog[seq].isStatic = true;
    (*gFixture->files)(req, res);
  } else if (startsWith(url, "/early")) {
    answer(res, seq, "early");
  } else if (startsWith(url, "/chunked")) {
    readBody(req, input, seq, [r, input, seq] {
      const std::string body = "<" + gLog[seq].body + ">";
      gLog[seq].expectBody = body;
      r->write(std::string_view(body).substr(0, body.size() / 2));
      setImmediate([r, input, seq, body] {
        if (live(input, seq)) {
          r->write(std::string_view(body).substr(body.size() / 2));
          r->end();
        }
      });
    });
  } else if (startsWith(url, "/defer")) {
    readBody(req, input, seq, [r, input, seq] {
      setImmediate([r, input, seq] {
        if (live(input, seq)) {
          answer(*r, seq, gLog[seq].body);
        }
      });
    });
  } else if (startsWith(url, "/pause")) {
    req.pause();
    auto* q = &req;
    setImmediate([q, r, input, seq] {
      if (live(input, seq)) {
        readBody(*q, input, seq, [r, seq] { answer(*r, seq, gLog[seq].body); });
        q->resume();
      }
    });
  } else if (startsWith(url, "/big")) {
    gLog[seq].expectBody = bigBody();
    writeBig(res, input, seq, 0);
  } else if (startsWith(url, "/status/")) {
    const int status = std::atoi(std::string(url.substr(8, 3)).c_str());
    const int code = status >= 200 && status <= 599 ? status : 200;
    res.writeHead(code);
    answer(res, seq, "status body");
  } else if (startsWith(url, "/trailers")) {
    const bool http10 = req.httpVersionMajor == 1 && req.httpVersionMinor == 0;
    readBody(req, input, seq, [r, seq, http10] {
      // (Node throws ERR_HTTP_TRAILER_INVALID for trailers, or a Trailer field, on a response
      // without a chunked body: a HEAD's, an HTTP/1.0 request's. Such a response could never
      // be ended, and would stay an orphan for the server's orphanTimeout.)
      const bool head = gLog[seq].method == "HEAD" || http10;
      if (!head) {
        r->setHeader("Trailer", "X-Sum");
      }
      r->writeHead(200);
      gLog[seq].expectBody = gLog[seq].body;
      r->write(gLog[seq].body);
      if (!head) {
        r->addTrailers({{"X-Sum", std::to_string(gLog[seq].body.size())}});
      }
      r->end();
    });
  } else if (startsWith(url, "/flush")) {
    res.flushHeaders();
    readBody(req, input, seq, [r, seq] { answer(*r, seq, gLog[seq].body); });
  } else if (startsWith(url, "/headers")) {
    res.setHeader("X-Removed", "1");
    res.removeHeader("X-Removed");
    res.setHeader("Set-Cookie", std::vector<std::string>{"a=1", "b=2"});
    res.writeHead(201, "Made", {{"Content-Type", "text/plain"}, {"Content-Length", "2"}});
    answer(res, seq, "ok");
  } else if (startsWith(url, "/close")) {
    res.setHeader("Connection", "close");
    readBody(req, input, seq, [r, seq] { answer(*r, seq, gLog[seq].body); });
  } else if (startsWith(url, "/throw")) {
    throw std::runtime_error("fuzz: the handler throws");
  } else if (startsWith(url, "/destroy")) {
    gDestroyed = true;
    res.socket().destroy();
  } else {
    readBody(req, input, seq, [r, seq] { answer(*r, seq, gLog[seq].body); });
  }
}

// --- setup

Target startServer(const http::ServerOptions& options) {
  Target t;
  t.server = &http::createServer(options, onRequest);
  // Listening makes the server's core; its listener is closed at once: connections come from
  // socketpairs handed to the core as an accepted socket would be.
  t.server->listen(0, "127.0.0.1");
  http::detail::HttpServerImpl* impl = nodecc::detail::Access::impl(*t.server);
  check(impl->core != nullptr, "the server has a core once listening");
  impl->core->listener().close();
  t.limits.maxHeaderSize = options.maxHeaderSize;
  t.limits.maxHeadersCount = options.maxHeadersCount;
  t.limits.maxUriLength = options.maxUriLength;
  t.limits.requireHost = options.requireHostHeader;
  return t;
}

Fixture& fixture() {
  if (gFixture) {
    return *gFixture;
  }
  signal(SIGPIPE, SIG_IGN);
  gFixture = new Fixture;
  Fixture& f = *gFixture;
  char tmpl[] = "/tmp/nodecc-fuzz-server-XXXXXX";
  check(mkdtemp(tmpl) != nullptr, "mkdtemp");
  f.dir = tmpl;
  std::atexit(removeFixtureDir);
  // The secret: random bytes the fuzzer cannot guess, in a file beside the static root.
  {
    std::ifstream urandom("/dev/urandom", std::ios::binary);
    char raw[12];
    urandom.read(raw, sizeof raw);
    f.secret = "SECRET-";
    for (char c : raw) {
      f.secret += "0123456789abcdef"[(c >> 4) & 15];
      f.secret += "0123456789abcdef"[c & 15];
    }
  }
  writeFile(f.dir / "secret.txt", f.secret + "\n");
  const std::filesystem::path www = f.dir / "www";
  const std::filesystem::path st = www / "static";
  std::filesystem::create_directories(st / "sub");
  writeFile(st / "a.txt", "hello static\n");
  writeFile(st / "a.txt.gz", "gzip bytes of a.txt");
  writeFile(st / "a.txt.br", "brotli bytes of a.txt");
  writeFile(st / "index.html", "<h1>index</h1>\n");
  writeFile(st / "sub" / "index.html", "<h1>sub</h1>\n");
  writeFile(st / ".hidden", "dotfile\n");
  std::string big(100 * 1024, 'x');
  for (size_t i = 0; i < big.size(); i += 64) {
    big[i] = '\n';
  }
  writeFile(st / "big.bin", big);
  std::filesystem::create_symlink("../../secret.txt", st / "link.txt");
  std::filesystem::create_symlink(f.dir, st / "up");
  http::StaticOptions so;
  so.revalidateMs = 3600 * 1000;
  f.files = std::make_unique<http::StaticHandler>(http::serveStatic(www.string(), std::move(so)));

  // /throw's exceptions are expected; NODECC_FUZZ_DUMP shows every one.
  process::on("uncaughtException", [](std::exception_ptr e, std::string) {
    if (std::getenv("NODECC_FUZZ_DUMP")) {
      try {
        std::rethrow_exception(e);
      } catch (const std::exception& x) {
        std::fprintf(stderr, "uncaught exception: %s\n", x.what());
      } catch (...) {
        std::fprintf(stderr, "uncaught exception\n");
      }
    }
  });
  http::ServerOptions defaults;
  f.targets[0] = startServer(defaults);
  http::ServerOptions tight;
  tight.maxHeaderSize = 512;
  tight.maxHeadersCount = 8;
  tight.maxUriLength = 64;
  tight.maxRequestsPerSocket = 3;
  tight.highWaterMark = 1024;
  tight.requireHostHeader = false;
  // Orphans released by their timeout and by the cap within a run.
  tight.orphanTimeout = 1;
  tight.maxOrphans = 2;
  f.targets[1] = startServer(tight);
  // 'listening' (from a tick) and anything else queued by the setup.
  nodecc::detail::Runtime::current().loop().run(loop::core::Loop::RunMode::kNoWait);
  return f;
}

// --- the client

struct Client {
  int fd = -1;
  std::string received;
  bool eof = false;

  void read() {
    if (fd < 0 || eof) {
      return;
    }
    char buf[64 * 1024];
    for (;;) {
      const ssize_t n = recv(fd, buf, sizeof buf, 0);
      if (n > 0) {
        received.append(buf, size_t(n));
      } else if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
        eof = true;  // closed, or reset (the server destroyed a socket with unread input)
        return;
      } else if (errno == EAGAIN) {
        return;
      }
    }
  }
};

void pump() {
  loop::core::Loop& loop = nodecc::detail::Runtime::current().loop();
  // Thread-pool work (static files not cached yet) completes through the loop's wakeup.
  loop.run(loop.activeRequests() > 0 ? loop::core::Loop::RunMode::kOnce
                                     : loop::core::Loop::RunMode::kNoWait);
}

// Runs the loop until the server has been quiet for a few iterations.
void settle(Client& c) {
  int quiet = 0;
  for (int round = 0; round < kPatience && quiet < kQuietRounds; ++round) {
    const size_t before = c.received.size();
    pump();
    c.read();
    const bool idle = c.received.size() == before &&
                      nodecc::detail::Runtime::current().loop().activeRequests() == 0;
    quiet = idle ? quiet + 1 : 0;
  }
}

void send(Client& c, std::string_view bytes) {
  int stalled = 0;
  while (!bytes.empty() && stalled < kPatience) {
    const ssize_t n = ::send(c.fd, bytes.data(), bytes.size(), MSG_NOSIGNAL);
    if (n > 0) {
      bytes.remove_prefix(size_t(n));
      stalled = 0;
      continue;
    }
    if (errno != EAGAIN && errno != EINTR) {
      return;  // the server closed: the rest is not for it
    }
    // The server is not reading (a paused request, or responses it waits to send).
    pump();
    c.read();
    ++stalled;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Fixture& f = fixture();
  if (size == 0) {
    return 0;
  }
  ++gInput;
  gLog.clear();
  gDestroyed = false;
  const Target& target = f.targets[data[0] & 1];
  gTight = data[0] & 1;
  const bool abrupt = data[0] & 2;

  std::vector<std::string_view> pieces;
  std::string stream;
  std::string_view rest(reinterpret_cast<const char*>(data) + 1, size - 1);
  for (;;) {
    const size_t cut = rest.find(kSplit);
    pieces.push_back(rest.substr(0, cut));
    stream.append(pieces.back());
    if (cut == std::string_view::npos) {
      break;
    }
    rest.remove_prefix(cut + kSplit.size());
  }

  int sv[2];
  check(socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0, sv) == 0, "socketpair");
  http::core::ServerCore& core = *targenodecc::detail::Access::impl(*t.server)->core;
  // As the listener hands over an accepted socket.
  static_cast<net::core::Listener::Handler&>(core).onConnection(sv[1]);
  Client client;
  client.fd = sv[0];
  for (std::string_view piece : pieces) {
    if (!piece.empty()) {
      send(client, piece);
    }
    settle(client);
  }
  if (abrupt) {
    close(client.fd);
    client.fd = -1;
  } else {
    shutdown(client.fd, SHUT_WR);
  }
  for (int round = 0; round < kPatience; ++round) {
    settle(client);
    if (core.connectionCount() == 0 && (abrupt || client.eof)) {
      break;
    }
  }
  check(core.connectionCount() == 0, "the server forgets a connection the client finished");
  // Orphans: ended by the default server's handler, timed out (1 ms) on the tight one.
  http::detail::HttpServerImpl& impl = *targenodecc::detail::Access::impl(*t.server);
  for (int round = 0; round < 50 && impl.orphanCount() > 0; ++round) {
    // The orphan timer does not keep a loop alive (nor does anything else here, the listener
    // being closed): a referenced 2 ms timer lets the loop wait for it.
    setTimeout([] {}, 2);
    nodecc::detail::Runtime::current().loop().run(loop::core::Loop::RunMode::kOnce);
    settle(client);
  }
  if (impl.orphanCount() > 0 && std::getenv("NODECC_FUZZ_DUMP")) {
    std::fprintf(stderr, "orphans %zu, live %zu\n", impl.orphanCount(), impl.liveExchanges());
  }
  check(impl.orphanCount() == 0, "orphans are released by their handler or their timeout");
  check(impl.liveExchanges() == 0, "the server holds no request once the connection is gone");
  check(abrupt || client.eof, "the server closes a connection the client finished");
  if (client.fd >= 0) {
    close(client.fd);
  }

  if (std::getenv("NODECC_FUZZ_DUMP")) {
    std::fprintf(stderr,
                 "--- sent (%zu pieces):\n%.3000s\n--- received (%zu bytes):\n%.3000s\n---\n",
                 pieces.size(), stream.c_str(), client.received.size(), client.received.c_str());
  }
  const fuzzserver::StreamRequests requests = fuzzserver::readRequests(stream, target.limits);
  fuzzserver::checkHandlerSawStream(gLog, requests);
  fuzzserver::WireFacts facts;
  facts.truncationAllowed = gDestroyed || abrupt;
  facts.secret = f.secret;
  fuzzserver::checkResponses(client.received, gLog, requests, facts);
  return 0;
}
