// flush(): Z_SYNC_FLUSH makes everything written so far come out, ending on the 00 00 ff ff
// marker, readable at once by an inflater; flush() (Z_FULL_FLUSH) and params() the same; a
// flush after end() calls back at 'end'. Content and markers only (sizes depend on the zlib).
#include <nodecc/nodecc.h>
#include <cstdio>
#include <vector>
using namespace nodecc;

int main() {
  auto& d = zlib::createDeflate();
  static std::vector<Buffer> chunks;
  d.on("data", [](const Buffer& c) { chunks.push_back(c); });
  auto soFar = [] { std::string s = "\""; s += zlib::inflateSync(Buffer::concat(chunks), {.finishFlush = zlib::constants::Z_SYNC_FLUSH}).toString(); s += '"'; return s; };
  auto tail = [] { Buffer all = Buffer::concat(chunks); return all.subarray(all.size() - 4).toString("hex"); };
  d.write("hello ");
  d.flush(zlib::constants::Z_SYNC_FLUSH, [&] {
    std::printf("sync flush %s %s %llu\n", soFar().c_str(), tail().c_str(), (unsigned long long)d.bytesWritten());
    d.write("world ");
    d.flush([&] {
      std::printf("full flush %s %s %llu\n", soFar().c_str(), tail().c_str(), (unsigned long long)d.bytesWritten());
      d.params(1, zlib::constants::Z_DEFAULT_STRATEGY, [&] {
        std::printf("params %s %s\n", soFar().c_str(), tail().c_str());
        d.params(1, zlib::constants::Z_DEFAULT_STRATEGY, [] { std::printf("same params\n"); });
        d.end("and the rest");
        d.flush([] { std::printf("flush after end \"%s\"\n", zlib::inflateSync(Buffer::concat(chunks)).toString().c_str()); });
      });
    });
  });
  d.on("end", [&] { std::printf("end %llu\n", (unsigned long long)d.bytesWritten()); });
  try { d.params(10, 0); } catch (const Error& e) { std::printf("%s\n", e.toString().c_str()); }
  try { d.params(1, 7); } catch (const Error& e) { std::printf("%s\n", e.toString().c_str()); }
  return run();
}
