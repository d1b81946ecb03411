// gzip -> gunzip through streams, every format: the text comes back, the counters and the
// order of the end events are Node's (chunk sizes are not printed: they depend on the zlib).
#include <nodecc/nodecc.h>
#include <cstdio>
#include <functional>
#include <memory>
#include <vector>
using namespace nodecc;

const char* str(bool b) { return b ? "true" : "false"; }
static std::vector<std::unique_ptr<zlib::ZlibBase>>* keep;
int main() {
  static std::string text;
  for (int i = 0; i < 3000; i++) text += "line " + std::to_string(i % 97) + " of the stream round trip\n";
  // The streams are kept until main returns: piping from a runtime-owned stream (createGzip)
  // into one that finishes after the source's 'close' uses the deleted source (a stream
  // module issue, reported), so these are made with new and owned here.
  std::vector<std::unique_ptr<zlib::ZlibBase>> streams;
  keep = &streams;
  using Make = std::function<zlib::ZlibBase&()>;
  static std::vector<std::tuple<const char*, Make, Make>> pairs = {
    {"gzip", [] () -> zlib::ZlibBase& { return *keep->emplace_back(new zlib::Gzip()); }, [] () -> zlib::ZlibBase& { return *keep->emplace_back(new zlib::Gunzip()); }},
    {"deflate", [] () -> zlib::ZlibBase& { return *keep->emplace_back(new zlib::Deflate()); }, [] () -> zlib::ZlibBase& { return *keep->emplace_back(new zlib::Inflate()); }},
    {"raw", [] () -> zlib::ZlibBase& { return *keep->emplace_back(new zlib::DeflateRaw()); }, [] () -> zlib::ZlibBase& { return *keep->emplace_back(new zlib::InflateRaw()); }},
    {"unzip", [] () -> zlib::ZlibBase& { return *keep->emplace_back(new zlib::Gzip()); }, [] () -> zlib::ZlibBase& { return *keep->emplace_back(new zlib::Unzip()); }},
    {"brotli", [] () -> zlib::ZlibBase& { return *keep->emplace_back(new zlib::BrotliCompress()); }, [] () -> zlib::ZlibBase& { return *keep->emplace_back(new zlib::BrotliDecompress()); }}};
  static std::function<void(size_t)> next = [](size_t i) {
    if (i == pairs.size()) return;
    auto& [name, makeC, makeD] = pairs[i];
    auto& c = makeC();
    auto& d = makeD();
    auto events = std::make_shared<std::vector<std::string>>();
    for (const char* ev : {"finish", "end", "close"}) {
      c.on(ev, [events, ev] { events->push_back(std::string("c.") + ev); });
      d.on(ev, [events, ev] { events->push_back(std::string("d.") + ev); });
    }
    auto out = std::make_shared<std::string>();
    d.on("data", [out](const Buffer& chunk) { *out += chunk.toString(); });
    d.on("close", [&c, &d, out, events, i, name = name] {
      std::string joined;
      for (auto& e : *events) joined += (joined.empty() ? "" : " ") + e;
      std::printf("%s %s %zu %llu %s %s\n", name, str(*out == text), out->size(), (unsigned long long)c.bytesWritten(), str(d.bytesWritten() > 0), joined.c_str());
      next(i + 1);
    });
    c.pipe(d);
    for (size_t k = 0; k < text.size(); k += 7000) c.write(text.substr(k, 7000));
    c.end();
  };
  next(0);
  return run();
}
