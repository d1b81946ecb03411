// Buffer's hot paths in nodecc; buffer_bench.js is the same program under Node. Each case runs
// in batches for 0.2 s and prints "name ops_per_second"; compare.py runs both and compares.
#include <nodecc/nodecc.h>

#include <chrono>
#include <cstdio>
#include <string>

using namespace nodecc;

namespace {

volatile double sink = 0;

template <class F>
void measure(const char* name, int batch, F f) {
  for (int i = 0; i < batch; i++)
    f();  // warm-up
  using Clock = std::chrono::steady_clock;
  long ops = 0;
  auto start = Clock::now();
  std::chrono::nanoseconds elapsed{0};
  while (elapsed < std::chrono::milliseconds(200)) {
    for (int i = 0; i < batch; i++)
      f();
    ops += batch;
    elapsed = Clock::now() - start;
  }
  std::printf("%s %.0f\n", name, double(ops) / (double(elapsed.count()) / 1e9));
}

std::string repeat(std::string_view s, size_t n) {
  std::string out;
  for (size_t i = 0; i < n; i++)
    out += s;
  return out;
}

}  // namespace

int main() {
  Buffer big = Buffer::alloc(65536);
  for (size_t i = 0; i < big.length(); i++)
    big[i] = uint8_t((i * 7 + 3) & 255);
  Buffer ascii =
      Buffer::from(repeat("The quick brown fox jumps over the lazy dog. ", 23)).subarray(0, 1024);
  Buffer mixed = Buffer::from(repeat("naïve café — 日本語 😀 ", 40)).subarray(0, 1024);
  std::string hex = ascii.toString("hex");
  std::string b64 = ascii.toString("base64");
  Buffer hay = Buffer::from(std::string(65536 - 6, 'a') + "needle");

  measure("readUInt32LE 64KiB", 10, [&] {
    double s = 0;
    for (int i = 0; i + 4 <= 65536; i += 4)
      s += big.readUInt32LE(i);
    sink = sink + s;
  });
  measure("readUInt32BE 64KiB", 10, [&] {
    double s = 0;
    for (int i = 0; i + 4 <= 65536; i += 4)
      s += big.readUInt32BE(i);
    sink = sink + s;
  });
  measure("readDoubleLE 64KiB", 10, [&] {
    double s = 0;
    for (int i = 0; i + 8 <= 65536; i += 8)
      s += big.readDoubleLE(i);
    sink = sink + s;
  });
  measure("readBigUInt64LE 64KiB", 2, [&] {
    uint64_t s = 0;
    for (int i = 0; i + 8 <= 65536; i += 8)
      s += big.readBigUInt64LE(i);
    sink = sink + double(s & 1);
  });
  measure("writeUInt32LE 64KiB", 10, [&] {
    for (int i = 0; i + 4 <= 65536; i += 4)
      big.writeUInt32LE(i, i);
  });
  measure("writeUInt16BE 64KiB", 10, [&] {
    for (int i = 0; i + 2 <= 65536; i += 2)
      big.writeUInt16BE(i & 0xffff, i);
  });
  measure("writeDoubleLE 64KiB", 10, [&] {
    for (int i = 0; i + 8 <= 65536; i += 8)
      big.writeDoubleLE(i * 0.5, i);
  });
  measure("indexOf byte 64KiB", 100, [&] { sink = sink + double(hay.indexOf(0x6e)); });
  measure("indexOf string 64KiB", 100, [&] { sink = sink + double(hay.indexOf("needle")); });
  measure("lastIndexOf string 64KiB", 100,
          [&] { sink = sink + double(hay.lastIndexOf("aaaaan", -1)); });
  measure("includes buffer 64KiB", 100,
          [&] { sink = sink + (hay.includes(Buffer::from("needle")) ? 1 : 0); });
  measure("toString utf8 1KiB ascii", 1000,
          [&] { sink = sink + double(ascii.toString().length()); });
  measure("toString utf8 1KiB mixed", 1000,
          [&] { sink = sink + double(mixed.toString().length()); });
  measure("toString hex 1KiB", 1000, [&] { sink = sink + double(ascii.toString("hex").length()); });
  measure("toString base64 1KiB", 1000,
          [&] { sink = sink + double(ascii.toString("base64").length()); });
  measure("from hex 1KiB", 1000, [&] { sink = sink + double(Buffer::from(hex, "hex").length()); });
  measure("from base64 1KiB", 1000,
          [&] { sink = sink + double(Buffer::from(b64, "base64").length()); });
  measure("from utf8 short", 10000,
          [&] { sink = sink + double(Buffer::from("hello world").length()); });
  measure("alloc 64", 10000, [&] { sink = sink + double(Buffer::alloc(64).length()); });
  measure("compare 1KiB", 10000, [&] { sink = sink + ascii.compare(mixed); });
  measure("concat 3x1KiB", 1000, [&] {
    sink = sink + double(Buffer::concat({ascii, mixed, ascii}).length());
  });
  return 0;
}
