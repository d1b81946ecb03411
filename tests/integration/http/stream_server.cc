// Streams over http for test_stream_bodies.py: a request body through a pipeline into gzip and
// a file, and a generated body through gzip into the response.
//   POST /upload?level=L   pipeline(req, createGzip({level}), createWriteStream(OUT)), then
//                          "in=<bytes gzip consumed> out=<bytes written to OUT>"
//   GET /download?mb=N     pipeline(a Readable of N MiB of text(i), createGzip(), res)
//   GET /stats             "produced=<bytes the download's source pushed so far>"
// Usage: stream-server --port P --host H --out FILE
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <utility>

#include "hex_pieces.h"
#include "nodecc/nodecc.h"

using namespace nodecc;

namespace {

constexpr size_t kPiece = 64 * 1024;
uint64_t produced = 0;

Buffer text(uint64_t i) {
  return Buffer::from(hexPiece(i, kPiece));
}

long query(const std::string& url, const char* name, long def) {
  return queryNumber(url, name, def);
}

// A download's source: pushes the next piece each time the pipeline asks for more (_read), so
// what it has produced shows how far backpressure lets it run ahead of the client.
class Pieces : public stream::Readable {
 public:
  explicit Pieces(uint64_t count) : count_(count) {}

 protected:
  void _read(size_t /*size*/) override {
    if (next_ == count_) {
      push(nullptr);
      return;
    }
    produced += kPiece;
    push(text(next_++));
  }

 private:
  uint64_t count_;
  uint64_t next_ = 0;
};

}  // namespace

int main(int argc, char** argv) {
  std::string host = "127.0.0.1";
  std::string out;
  uint16_t port = 0;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string a = argv[i];
    if (a == "--port")
      port = uint16_t(std::atoi(argv[i + 1]));
    if (a == "--host")
      host = argv[i + 1];
    if (a == "--out")
      out = argv[i + 1];
  }
  auto& server = http::createServer([out](http::IncomingMessage& req, http::ServerResponse& res) {
    if (req.url.starts_with("/upload")) {
      auto& gz = zlib::createGzip({.level = int(query(req.url, "level", 1))});
      auto& file = fs::createWriteStream(out);
      // Counted in the streams' own 'finish' listeners: the pipeline calls back once the file
      // has closed, by when the gzip stream, closed earlier, may be gone (runtime-owned).
      auto counts = std::make_shared<std::pair<uint64_t, uint64_t>>();
      gz.on("finish", [&gz, counts] { counts->first = gz.bytesWritten(); });
      file.on("finish", [&file, counts] { counts->second = file.bytesWritten; });
      stream::pipeline(req, gz, file, [&res, counts](Error* err) {
        if (err != nullptr) {
          res.writeHead(500);
          res.end(err->code + " " + err->message + "\n");
          return;
        }
        res.end("in=" + std::to_string(counts->first) + " out=" + std::to_string(counts->second) +
                "\n");
      });
    } else if (req.url.starts_with("/download")) {
      auto* source = new Pieces(uint64_t(query(req.url, "mb", 1)) * (1 << 20) / kPiece);
      source->ownSelf();
      res.setHeader("Content-Encoding", "gzip");
      stream::pipeline(*source, zlib::createGzip(), res, [](Error* err) {
        if (err != nullptr) {
          std::printf("download failed: %s\n", err->code.c_str());
        }
      });
    } else if (req.url == "/stats") {
      res.end("produced=" + std::to_string(produced) + "\n");
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  server.listen(port, host, [&server, host] {
    std::printf("stream-server listening on http://%s:%d/\n", host.c_str(), server.address().port);
    std::fflush(stdout);
  });
  return run();
}
