// The one-shot forms: results by content, Node's errors for bad input and bad options, in the
// Sync, callback and promisified forms (callbacks chained, so their order is the program's).
#include <nodecc/nodecc.h>
#include <cstdio>
#include <functional>
#include <vector>
using namespace nodecc;

const char* str(bool b) { return b ? "true" : "false"; }
std::string show(const Error& e) { return e.toString() + " " + e.code + " " + (e.errnum ? std::to_string(e.errnum) : "undefined"); }
using Fn = std::function<Buffer(Buffer, int)>;
Buffer withLevel(Buffer (*f)(zlib::Input, const zlib::Options&), Buffer in, int level) { return f(in, {.level = level}); }
int main() {
  std::string text;
  for (int i = 0; i < 200; i++) text += "The quick brown fox jumps over the lazy dog. ";
  Buffer t = Buffer::from(text);
  std::vector<std::tuple<const char*, const char*, Fn, Fn>> pairs = {
    {"gzipSync", "gunzipSync", [](Buffer b, int l) -> Buffer { return zlib::gzipSync(b, {.level = l}); }, [](Buffer b, int) -> Buffer { return zlib::gunzipSync(b); }},
    {"deflateSync", "inflateSync", [](Buffer b, int l) -> Buffer { return zlib::deflateSync(b, {.level = l}); }, [](Buffer b, int) -> Buffer { return zlib::inflateSync(b); }},
    {"deflateRawSync", "inflateRawSync", [](Buffer b, int l) -> Buffer { return zlib::deflateRawSync(b, {.level = l}); }, [](Buffer b, int) -> Buffer { return zlib::inflateRawSync(b); }},
    {"gzipSync", "unzipSync", [](Buffer b, int l) -> Buffer { return zlib::gzipSync(b, {.level = l}); }, [](Buffer b, int) -> Buffer { return zlib::unzipSync(b); }},
    {"deflateSync", "unzipSync", [](Buffer b, int l) -> Buffer { return zlib::deflateSync(b, {.level = l}); }, [](Buffer b, int) -> Buffer { return zlib::unzipSync(b); }},
    {"brotliCompressSync", "brotliDecompressSync", [](Buffer b, int l) -> Buffer { return zlib::brotliCompressSync(b, {.params = {{zlib::constants::BROTLI_PARAM_QUALITY, uint32_t(l)}}}); }, [](Buffer b, int) -> Buffer { return zlib::brotliDecompressSync(b); }}};
  for (auto& [c, d, cf, df] : pairs) {
    for (int level : {0, 1, 6, 9}) {
      std::string back = df(cf(t, level), 0).toString();
      std::printf("%s %s %d %s\n", c, d, level, str(back == text));
    }
  }
  static Buffer gz = zlib::gzipSync(text);
  std::vector<std::pair<const char*, std::function<void()>>> bad = {
    {"gunzipSync", [] { zlib::gunzipSync("not gzip"); }}, {"gunzipSync", [] { zlib::gunzipSync(gz.subarray(0, 30)); }}, {"gunzipSync", [] { zlib::gunzipSync(Buffer::alloc(0)); }},
    {"inflateSync", [] { zlib::inflateSync(Buffer::from(std::vector<uint8_t>{0x78, 0x9c, 0xff})); }}, {"unzipSync", [] { zlib::unzipSync(Buffer::from(std::vector<uint8_t>{0x1f, 0x8b, 0x08})); }},
    {"brotliDecompressSync", [] { zlib::brotliDecompressSync(Buffer::from(std::vector<uint8_t>{0xff, 0xff})); }}, {"inflateRawSync", [] { zlib::inflateRawSync(Buffer::from(std::vector<uint8_t>{0x07})); }}};
  for (auto& [f, call] : bad) {
    try { call(); std::printf("%s no error\n", f); } catch (const Error& e) { std::printf("%s %s\n", f, show(e).c_str()); }
  }
  std::vector<std::pair<const char*, std::function<void()>>> opts = {
    {"gzipSync", [] { zlib::gzipSync("x", {.level = 10}); }}, {"gzipSync", [] { zlib::gzipSync("x", {.windowBits = 7}); }}, {"deflateRawSync", [] { zlib::deflateRawSync("x", {.windowBits = 0}); }},
    {"inflateSync", [] { zlib::inflateSync(gz, {.windowBits = 0}); }}, {"gzipSync", [] { zlib::gzipSync("x", {.chunkSize = 63}); }}, {"gunzipSync", [] { zlib::gunzipSync(gz, {.maxOutputLength = 0}); }},
    {"brotliCompressSync", [] { zlib::brotliCompressSync("x", {.params = {{9, 1}}}); }}, {"brotliCompressSync", [] { zlib::brotliCompressSync("x", {.flush = 4}); }}};
  for (auto& [f, call] : opts) {
    try { call(); std::printf("%s ok\n", f); } catch (const Error& e) { std::printf("%s %s\n", f, show(e).c_str()); }
  }
  try { zlib::gunzipSync(gz, {.maxOutputLength = 100}); } catch (const Error& e) { std::printf("maxOutputLength %s\n", show(e).c_str()); }
  zlib::gzip(text, [text](Error* err, Buffer packed) {
    std::printf("gzip cb %s %s\n", err ? "error" : "null", str(zlib::gunzipSync(packed).toString() == text));
    zlib::gunzip(gz.subarray(0, gz.size() - 1), [text](Error* err, Buffer out) {
      std::printf("gunzip cb %s %s\n", show(*err).c_str(), out.empty() ? "undefined" : "buffer");
      zlib::brotliDecompress(Buffer::from("not brotli"), [text](Error* err, Buffer) {
        std::printf("brotli cb %s\n", show(*err).c_str());
        auto gunzip = [](Buffer b, zlib::Options o = {}) { return zlib::promises::gunzip(b, o); };
        gunzip(gz).then([text, gunzip](zlib::Result& out) {
          std::printf("promise %s\n", str(out.toString() == text));
          return gunzip(gz, {.maxOutputLength = 10});
        }).catch_([](std::exception_ptr e) { std::printf("promise %s\n", show(toError(e)).c_str()); return zlib::Result(); });
      });
    });
  });
  return run();
}
