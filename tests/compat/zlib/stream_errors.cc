// Bad input to the stream forms: an 'error' event with Node's message, code and errno, never a
// crash; a truncated stream with finishFlush Z_SYNC_FLUSH gives what it has without an error.
#include <nodecc/nodecc.h>
#include <cstdio>
#include <functional>
#include <vector>
using namespace nodecc;

const char* str(bool b) { return b ? "true" : "false"; }
int main() {
  std::string text;
  for (int i = 0; i < 1000; i++) text += "hello world ";
  static Buffer gz = zlib::gzipSync(text);
  static Buffer br = zlib::brotliCompressSync(text);
  using Make = std::function<zlib::ZlibBase&()>;
  static std::vector<std::tuple<const char*, Make, Buffer>> cases = {
    {"garbage", [] () -> zlib::ZlibBase& { return zlib::createGunzip(); }, Buffer::from("this is not gzip data")},
    {"truncated", [] () -> zlib::ZlibBase& { return zlib::createGunzip(); }, gz.subarray(0, gz.size() - 8)},
    {"bad crc", [] () -> zlib::ZlibBase& { return zlib::createGunzip(); }, Buffer::concat({gz.subarray(0, gz.size() - 8), Buffer::from(std::vector<uint8_t>{1, 2, 3, 4}), gz.subarray(gz.size() - 4)})},
    {"trailing garbage", [] () -> zlib::ZlibBase& { return zlib::createGunzip(); }, Buffer::concat({gz, Buffer::from("xyz")})},
    {"inflate garbage", [] () -> zlib::ZlibBase& { return zlib::createInflate(); }, Buffer::from("garbage!")},
    {"raw garbage", [] () -> zlib::ZlibBase& { return zlib::createInflateRaw(); }, Buffer::from(std::vector<uint8_t>{0xff, 0xff, 0xff, 0xff})},
    {"brotli garbage", [] () -> zlib::ZlibBase& { return zlib::createBrotliDecompress(); }, Buffer::from("not brotli at all")},
    {"brotli truncated", [] () -> zlib::ZlibBase& { return zlib::createBrotliDecompress(); }, br.subarray(0, br.size() - 3)},
    {"sync flush truncated", [] () -> zlib::ZlibBase& { return zlib::createGunzip({.finishFlush = zlib::constants::Z_SYNC_FLUSH}); }, gz.subarray(0, gz.size() - 8)},
    {"empty", [] () -> zlib::ZlibBase& { return zlib::createGunzip(); }, Buffer::alloc(0)},
  };
  static std::function<void(size_t)> next = [](size_t i) {
    if (i == cases.size()) return;
    auto& [name, make, input] = cases[i];
    auto& s = make();
    auto n = std::make_shared<size_t>(0);
    s.on("data", [n](const Buffer& d) { *n += d.size(); });
    s.on("error", [name = name](const Error& e) { std::printf("%s error %s %s %d\n", name, e.toString().c_str(), e.code.c_str(), e.errnum); });
    s.on("end", [name = name, n] { std::printf("%s end %zu\n", name, *n); });
    s.on("close", [name = name, &s, i] { std::printf("%s close %s\n", name, str(s.destroyed())); next(i + 1); });
    for (size_t k = 0; k < input.size(); k += 100) s.write(input.subarray(k, k + 100));
    s.end();
  };
  next(0);
  return run();
}
