// Readable.from over an array, a generator (with a finally that runs when the stream is
// destroyed early), and an async generator that awaits between values; the values, 'end' and
// 'close' order, and what destroy() does to a generator.
#include <nodecc/nodecc.h>
#include <cstdio>
using namespace nodecc;
using stream::Readable;

const char* str(bool b) { return b ? "true" : "false"; }
struct Finally { ~Finally() { std::printf("generator finally\n"); } };
Generator<int> numbers() {
  Finally f;
  for (int i = 0; ; i++) { std::printf("yield %d\n", i); co_yield i; }
}
AsyncGenerator<std::string> delayed() {
  for (std::string s : {"p", "q", "r"}) {
    co_await Promise<>([](auto resolve, auto) { setImmediate([resolve] { resolve(); }); });
    co_yield s;
  }
}
int main() {
  auto& arr = Readable::from(std::vector<int>{1, 2, 3});
  arr.on("data", [](const int& v) { std::printf("array %d\n", v); });
  arr.on("end", [] { std::printf("array end\n"); });
  arr.on("close", [&arr] {
    std::printf("array close %s %zu\n", str(arr.readableObjectMode()), arr.readableHighWaterMark());
    auto& gen = Readable::from(numbers());
    gen.on("data", [&gen](const int& v) { std::printf("gen %d\n", v); if (v == 2) gen.destroy(); });
    gen.on("close", [] {
      std::printf("gen close\n");
      auto& asyncGen = Readable::from(delayed());
      asyncGen.on("data", [](const std::string& v) { std::printf("async %s\n", v.c_str()); });
      asyncGen.on("end", [] { std::printf("async end\n"); });
      asyncGen.on("close", [] { std::printf("async close\n"); });
    });
  });
  return run();
}
