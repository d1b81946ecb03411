// A bare http server with express::compression() applied as Node applies compression() to
// http.createServer: compression(req, res, next). For test_compression_stream.py.
//   GET /slow?pieces=N&ms=M  N pieces of 16 KiB text, one every M ms (the response streams)
//   GET /events?count=N      N small events, each followed by res.flush(), 50 ms apart
//   GET /big?mb=N            N MiB written as fast as write() and 'drain' allow
//   GET /stats               "produced=<bytes the /big handler wrote> done=<0|1>"
// Piece i of every body is text(i): deterministic, so the client can check what it decodes.
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "hex_pieces.h"
#include "nodecc/express.h"
#include "nodecc/nodecc.h"

using namespace nodecc;

namespace {

constexpr size_t kPiece = 16 * 1024;

std::string text(uint64_t i) {
  return hexPiece(i, kPiece);
}

long query(const std::string& url, const char* name, long def) {
  return queryNumber(url, name, def);
}

struct BigState {
  uint64_t produced = 0;
  bool done = false;
};

void writeBig(http::ServerResponse& res, std::shared_ptr<BigState> st, uint64_t total, uint64_t i) {
  while (st->produced < total) {
    std::string piece = text(i++);
    st->produced += piece.size();
    if (!res.write(piece)) {
      res.once("drain", [&res, st, total, i] { writeBig(res, st, total, i); });
      return;
    }
  }
  st->done = true;
  res.end();
}

// piece(0), ..., piece(count - 1), one every `ms`, then done(): a body written over time.
void inPieces(long count, uint64_t ms, std::function<void(long)> piece,
              std::function<void()> done) {
  auto i = std::make_shared<long>(0);
  auto step = std::make_shared<std::function<void()>>();
  *step = [i, count, ms, piece, done, step] {
    if (*i == count) {
      done();
      *step = nullptr;  // breaks the cycle
      return;
    }
    piece((*i)++);
    setTimeout([step] { (*step)(); }, ms);
  };
  (*step)();
}

}  // namespace

int main(int argc, char** argv) {
  auto compress = express::compression();
  auto big = std::make_shared<BigState>();
  auto& server = http::createServer([&](http::IncomingMessage& req, http::ServerResponse& res) {
    compress(req, res, [&req, &res, big] {
      const std::string& url = req.url;
      if (url.starts_with("/stats")) {
        res.setHeader("Content-Type", "application/octet-stream");  // not compressed
        res.end("produced=" + std::to_string(big->produced) + " done=" + (big->done ? "1" : "0"));
        return;
      }
      res.setHeader("Content-Type", "text/plain");
      if (url.starts_with("/slow")) {
        long pieces = query(url, "pieces", 20);
        long ms = query(url, "ms", 100);
        inPieces(
            pieces, uint64_t(ms), [&res](long i) { res.write(text(uint64_t(i))); },
            [&res] { res.end(); });
      } else if (url.starts_with("/events")) {
        long count = query(url, "count", 10);
        inPieces(
            count, 50,
            [&res](long i) {
              res.write("data: event " + std::to_string(i) + "\n\n");
              express::flush(res);
            },
            [&res] { res.end(); });
      } else if (url.starts_with("/big")) {
        *big = BigState{};
        writeBig(res, big, uint64_t(query(url, "mb", 64)) << 20, 0);
      } else {
        res.statusCode = 404;
        res.end("not found");
      }
    });
  });
  std::string host = "127.0.0.1";
  uint16_t port = 0;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (std::string(argv[i]) == "--port") {
      port = uint16_t(std::atoi(argv[i + 1]));
    } else if (std::string(argv[i]) == "--host") {
      host = argv[i + 1];
    }
  }
  server.listen(port, host, [&] {
    std::printf("listening on http://%s:%u/\n", host.c_str(), unsigned(server.address().port));
    std::fflush(stdout);
  });
  return nodecc::run();
}
