// Paused mode: 'readable' events, read(n) with and without enough data, read() of everything,
// readableLength, and 'end' after the last read, for a source that pushes from setImmediate.
#include <nodecc/nodecc.h>
#include <cstdio>
#include <deque>
#include <optional>
using namespace nodecc;
using stream::Readable;

const char* str(bool b) { return b ? "true" : "false"; }
std::string flowing(std::optional<bool> f) { return f ? str(*f) : "null"; }
int main() {
  std::deque<std::optional<std::string>> parts = {"abc", "defgh", "ij", std::nullopt};
  Readable* rp = nullptr;
  Readable r({
    .highWaterMark = 4,
    .read = [&parts, &rp](Readable& self, size_t n) { std::printf("_read %zu %zu\n", n, self.readableLength()); auto p = parts.front(); parts.pop_front(); setImmediate([p, rp] { bool ok = p ? rp->push(*p) : rp->push(nullptr); std::printf("push %s %s\n", p ? p->c_str() : "null", str(ok)); }); },
  });
  rp = &r;
  r.on("readable", [&] {
    std::printf("readable %zu %s\n", r.readableLength(), flowing(r.readableFlowing()).c_str());
    std::optional<Buffer> chunk;
    while ((chunk = r.read(3))) std::printf("read(3) %s %zu\n", chunk->toString().c_str(), r.readableLength());
    if (r.readableLength() > 0 && parts.empty()) { auto rest = r.read(); std::printf("read() %s\n", rest ? rest->toString().c_str() : "null"); }
  });
  r.on("end", [&] { std::printf("end %s\n", str(r.readableEnded())); });
  r.on("close", [&] { std::printf("close %s\n", str(r.destroyed())); });
  std::printf("flowing %s\n", flowing(r.readableFlowing()).c_str());
  return run();
}
