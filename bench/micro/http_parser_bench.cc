// A quick measurement, not a test: nanoseconds per parse of a typical ~300-byte browser
// request head, at each scan level this CPU supports (plus the head split in two, resumed).
// Thread CPU time, best of kRounds, so a busy machine inflates the numbers less.
// Usage: bench-http-parser [iterations [scalar|sse4.2|avx2]]
#include <time.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "http/parser.h"
#include "http/scan.h"

namespace {

using namespace nodecc::http::core;

const std::string kBrowserHead =
    "GET /assets/app.js?v=3 HTTP/1.1\r\n"
    "Host: www.example.com\r\n"
    "Connection: keep-alive\r\n"
    "User-Agent: Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/120.0.0.0 Safari/537.36\r\n"
    "Accept: */*\r\n"
    "Referer: https://www.example.com/\r\n"
    "Accept-Encoding: gzip, deflate, br\r\n"
    "Accept-Language: en-US,en;q=0.9\r\n"
    "\r\n";

constexpr int kRounds = 5;

double cpuNs() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e9 + static_cast<double>(ts.tv_nsec);
}

double nsPerParseOnce(size_t iterations, size_t split) {
  Header headers[32];
  ParserLimits limits;
  ParseError err;
  size_t sink = 0;
  const double start = cpuNs();
  for (size_t i = 0; i < iterations; ++i) {
    RequestHead head;
    size_t prev = 0;
    if (split != 0) {
      sink += static_cast<size_t>(parseRequest(std::string_view(kBrowserHead).substr(0, split), 0,
                                               head, headers, 32, limits, &err) == 0);
      prev = split;
    }
    const ssize_t n = parseRequest(kBrowserHead, prev, head, headers, 32, limits, &err);
    sink += static_cast<size_t>(n) + head.headerCount;
  }
  const double ns = cpuNs() - start;
  if (sink == 42) {
    std::puts("");  // keeps the loop from being optimized away
  }
  return ns / static_cast<double>(iterations);
}

double nsPerParse(size_t iterations, size_t split) {
  double best = 1e18;
  for (int round = 0; round < kRounds; ++round) {
    best = std::min(best, nsPerParseOnce(iterations, split));
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  const size_t iterations = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 400000;
  const char* only = argc > 2 ? argv[2] : nullptr;
  std::printf("request head: %zu bytes, %zu iterations\n", kBrowserHead.size(), iterations);
  const char* names[] = {"scalar", "sse4.2", "avx2"};
  for (ScanLevel level : {ScanLevel::kScalar, ScanLevel::kSse42, ScanLevel::kAvx2}) {
    if (level > supportedScanLevel() ||
        (only != nullptr && std::strcmp(only, names[static_cast<int>(level)]) != 0)) {
      continue;
    }
    forceScanLevel(level);
    nsPerParseOnce(iterations / 10, 0);  // warm up
    const double whole = nsPerParse(iterations, 0);
    const double split = nsPerParse(iterations, kBrowserHead.size() / 2);
    std::printf("%-7s %6.1f ns/request (%.2f GB/s); split in two and resumed: %6.1f ns\n",
                names[static_cast<int>(level)], whole,
                static_cast<double>(kBrowserHead.size()) / whole, split);
  }
  return 0;
}
