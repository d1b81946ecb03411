// fetch bodies as Node streams at size, server and client in this one process:
// - 256 MiB served with backpressure, fetched, and read through stream::fromWeb into a
//   pipeline ending in a Writable that counts bytes: every byte arrives, and the process's peak
//   resident memory (VmHWM, server included) stays far below the body's size;
// - a reader that stalls: the server's write() returns false and 'drain' does not come while
//   nothing is read (what the server got out is bounded by the socket buffers and the
//   high-water marks), then the rest flows once the reader resumes;
// - the same 256 MiB uploaded as a stream body (a generated stream::Readable, sent chunked).
// Exit status 0 when every check holds; the numbers are printed.
#include <nodecc/nodecc.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <string>

using namespace nodecc;

namespace {

constexpr size_t kChunk = 64 * 1024;
constexpr size_t kTotal = 256 * 1024 * 1024;  // bytes served, and uploaded
// The checks' bounds: peak RSS for 256 MiB moved three ways, and bytes the server may get out
// to a reader that reads nothing (kernel socket buffers on both sides plus the high-water marks).
constexpr size_t kMaxPeakRssBytes = 64 * 1024 * 1024;
constexpr size_t kMaxStalledBytes = 24 * 1024 * 1024;

int failures = 0;
void check(bool ok, const std::string& what) {
  std::printf("%s %s\n", ok ? "ok  " : "FAIL", what.c_str());
  if (!ok) {
    failures++;
  }
}

double nowMs() {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

size_t statusKiB(const char* field) {
  std::ifstream in("/proc/self/status");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(field, 0) == 0) {
      return std::strtoul(line.c_str() + std::string(field).size(), nullptr, 10);
    }
  }
  return 0;
}

// The server's side of /big: written chunk by chunk, the next after 'drain' when write()
// returned false. Counts what it wrote and how often it had to wait.
struct Served {
  size_t written = 0;
  size_t waits = 0;
  bool waiting = false;
};
std::shared_ptr<Served> served;
size_t uploaded = 0;

void serve(http::ServerResponse& res, std::shared_ptr<Served> s, Buffer chunk) {
  while (s->written < kTotal) {
    s->written += chunk.length();
    if (!res.write(chunk)) {
      s->waits++;
      s->waiting = true;
      res.once("drain", [&res, s, chunk] {
        s->waiting = false;
        serve(res, s, chunk);
      });
      return;
    }
  }
  res.end();
}

http::Server& server =
    http::createServer([](http::IncomingMessage& req, http::ServerResponse& res) {
      if (req.url == "/big") {
        served = std::make_shared<Served>();
        res.setHeader("content-length", uint64_t(kTotal));
        serve(res, served, Buffer::alloc(kChunk, 'b'));
        return;
      }
      uploaded = 0;
      req.on("data", [](const Buffer& c) { uploaded += c.length(); });
      req.on("end", [&res] { res.end(std::to_string(uploaded)); });
    });

std::unique_ptr<stream::Writable> counter(std::shared_ptr<size_t> total) {
  return std::make_unique<stream::Writable>(stream::WritableOptions<Buffer>{
      .write =
          [total](stream::Writable&, const Buffer& chunk, std::string_view, stream::Callback cb) {
            *total += chunk.length();
            cb();
          },
  });
}

Promise<> runChecks() {
  std::string base = "http://127.0.0.1:" + std::to_string(server.address().port);
  size_t rssBefore = statusKiB("VmRSS:");

  // 1. 256 MiB through fromWeb and a pipeline.
  Response res = co_await fetch(base + "/big");
  auto total = std::make_shared<size_t>(0);
  auto sink = counter(total);
  double t0 = nowMs();
  co_await stream::promises::pipeline(stream::fromWeb(res.body), *sink);
  double ms = nowMs() - t0;
  std::printf("download: %zu bytes in %.0f ms (%.0f MiB/s), server waited for 'drain' %zu times\n",
              *total, ms, double(*total) / (1 << 20) / (ms / 1000), served->waits);
  check(*total == kTotal, "every byte of the body went through the pipeline");
  check(served->waits > 0, "the server's writes were pushed back");

  // 2. A stalled reader: one chunk read, then nothing for 500 ms.
  res = co_await fetch(base + "/big");
  stream::Readable& body = stream::fromWeb(res.body);
  auto it = body.iterate();
  auto first = co_await it.next();
  co_await timers::promises::setTimeout(500);
  size_t stalledAt = served->written;
  bool stalledWaiting = served->waiting;
  co_await timers::promises::setTimeout(200);
  std::printf("stalled reader: the server got %zu bytes out (%.1f MiB) and waits for 'drain'\n",
              stalledAt, double(stalledAt) / (1 << 20));
  check(first && first->length() > 0, "the first chunk was read");
  check(stalledWaiting, "the server's write() returned false while the reader stalled");
  check(served->written == stalledAt, "nothing more was written while the reader stalled");
  check(stalledAt < kMaxStalledBytes, "the bytes written to a stalled reader are bounded");
  size_t rest = first->length();
  while (auto chunk = co_await it.next()) {
    rest += chunk->length();
  }
  check(rest == kTotal, "the rest flowed once the reader resumed");

  // 3. 256 MiB uploaded from a generated Readable, sent chunked.
  size_t pushed = 0;
  Buffer block = Buffer::alloc(kChunk, 'u');
  stream::Readable source({.read = [&pushed, block](stream::Readable& self, size_t) {
    while (pushed < kTotal) {
      pushed += block.length();
      if (!self.push(block)) {
        return;
      }
    }
    self.push(nullptr);
  }});
  RequestInit upload{.method = "POST", .body = source, .duplex = "half"};
  t0 = nowMs();
  Response echoed = co_await fetch(base + "/upload", upload);
  std::string got = co_await echoed.text();
  ms = nowMs() - t0;
  std::printf("upload: %s bytes in %.0f ms (%.0f MiB/s)\n", got.c_str(), ms,
              double(kTotal) / (1 << 20) / (ms / 1000));
  check(got == std::to_string(kTotal), "every byte of the stream body reached the server");

  size_t peak = statusKiB("VmHWM:");
  std::printf("peak RSS %zu KiB (%zu KiB before the transfers) for 3 x %zu MiB moved\n", peak,
              rssBefore, kTotal >> 20);
#if defined(__SANITIZE_ADDRESS__)
  (void)kMaxPeakRssBytes;  // ASan's quarantine keeps freed chunks resident: nothing to measure
#else
  check(peak * 1024 < kMaxPeakRssBytes, "peak RSS stayed bounded");
#endif
  server.close();
}

}  // namespace

int main() {
  server.listen(0, "127.0.0.1", [] {
    runChecks().catch_([](std::exception_ptr e) {
      std::printf("FAIL %s\n", toError(e).message.c_str());
      failures++;
      server.close();
    });
  });
  int status = nodecc::run();
  return status != 0 || failures != 0 ? 1 : 0;
}
