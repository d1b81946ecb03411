// Object mode: chunks are values, each counts 1 toward the high-water mark (push returns false
// at the 3rd of highWaterMark 3), read(n) ignores n, and a Transform maps objects to other
// objects (numbers to records) through pipe().
#include <nodecc/nodecc.h>
#include <cstdio>
using namespace nodecc;

struct Record { int n; int square; };
const char* str(bool b) { return b ? "true" : "false"; }
int main() {
  stream::ReadableOf<int> r({.highWaterMark = 3, .read = [](auto&, size_t) {}});
  for (int i = 1; i <= 4; i++) { bool ok = r.push(i); std::printf("push %d %s %zu\n", i, str(ok), r.readableLength()); }
  auto v = r.read(100);
  std::printf("read(100) %d %zu\n", *v, r.readableLength());
  r.push(nullptr);
  stream::TransformOf<int, Record> toRecord({
    .transform = [](auto&, const int& n, std::string_view, auto cb) { cb(nullptr, Record{n, n * n}); },
  });
  stream::WritableOf<Record> w({
    .write = [](auto&, const Record& rec, std::string_view enc, stream::Callback cb) { std::printf("record %d %d %s\n", rec.n, rec.square, enc.empty() ? "undefined" : std::string(enc).c_str()); cb(); },
  });
  w.on("finish", [&] { std::printf("finish %s %s\n", str(w.writableObjectMode()), str(toRecord.readableObjectMode())); });
  r.pipe(toRecord).pipe(w);
  return run();
}
