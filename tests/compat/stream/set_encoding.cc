// setEncoding('utf8') on a Readable fed a multi-byte text one byte at a time: 'data' carries
// strings and never a split character; 'hex' and 'base64' decoders hold back what they must,
// and the decoder's end flushes an incomplete character as U+FFFD.
#include <nodecc/nodecc.h>
#include <cstdio>
using namespace nodecc;
using stream::Readable;

std::string json(const std::vector<std::string>& v) { std::string o = "["; for (size_t i = 0; i < v.size(); i++) o += (i ? ",\"" : "\"") + v[i] + "\""; return o + "]"; }
std::vector<std::unique_ptr<Readable>> keep;
void feed(std::string encoding, Buffer bytes, UniqueFunction<void()> done) {
  auto* r = new Readable({.read = [](Readable&, size_t) {}});
  keep.emplace_back(r);
  r->setEncoding(encoding);
  auto parts = std::make_shared<std::vector<std::string>>();
  r->on("data", [parts](const std::string& s) { parts->push_back(s); });
  r->on("end", [r, encoding, parts, done = std::make_shared<UniqueFunction<void()>>(std::move(done))] { std::printf("%s %s %s\n", encoding.c_str(), std::string(r->readableEncoding()).c_str(), json(*parts).c_str()); (*done)(); });
  auto i = std::make_shared<size_t>(0);
  auto step = std::make_shared<UniqueFunction<void()>>();
  *step = [r, bytes, i, step] {
    if (*i < bytes.size()) { r->push(bytes.subarray(*i, *i + 1)); (*i)++; setImmediate([step] { (*step)(); }); } else { r->push(nullptr); *step = nullptr; }
  };
  (*step)();
}
int main() {
  Buffer text = Buffer::from("a\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80z");
  feed("utf8", text, [] { feed("hex", Buffer::from(std::vector<uint8_t>{1, 2, 255}), [] {
    feed("base64", Buffer::from("hello!!"), [] { feed("utf8", Buffer::from(std::vector<uint8_t>{0x61, 0xe2, 0x82}), [] { std::printf("done\n"); }); }); }); });
  return run();
}
