// read(n) on a byte stream: n larger than the high-water mark raises it to the next power of
// two, read(n) with fewer than n bytes returns null until the end (then returns the rest),
// a read that spans chunks joins them, and readableLength/readableHighWaterMark track it.
#include <nodecc/nodecc.h>
#include <cstdio>
using namespace nodecc;
using stream::Readable;

const char* str(bool b) { return b ? "true" : "false"; }
std::string show(const std::optional<Buffer>& b) { return b ? b->toString() : "null"; }
int main() {
  Readable r({.highWaterMark = 8, .read = [](Readable&, size_t) {}});
  std::printf("hwm %zu\n", r.readableHighWaterMark());
  r.push("12345");
  r.push("67890");
  { auto v = r.read(3); std::printf("read(3) %s %zu\n", show(v).c_str(), r.readableLength()); }
  { auto v = r.read(5); std::printf("read(5) %s %zu\n", show(v).c_str(), r.readableLength()); }
  { auto v = r.read(20); std::printf("read(20) %s %zu %zu\n", show(v).c_str(), r.readableHighWaterMark(), r.readableLength()); }
  r.push("abc");
  r.push(nullptr);
  { auto v = r.read(20); std::printf("read(20) at end %s %zu\n", show(v).c_str(), r.readableLength()); }
  { auto v = r.read(); std::printf("read() after %s\n", show(v).c_str()); }
  r.on("end", [&r] { std::printf("end %s\n", str(r.readableEnded())); });
  return run();
}
