// Streams made by subclassing: a Readable counting down in _read, a Transform whose _transform
// and _flush use this.push, a Writable with _writev that collects batches and a _destroy that
// reports; piped together with pipe().
#include <nodecc/nodecc.h>
#include <cstdio>
using namespace nodecc;

std::string json(const std::vector<std::string>& v) { std::string o = "["; for (size_t i = 0; i < v.size(); i++) o += (i ? ",\"" : "\"") + v[i] + "\""; return o + "]"; }
class Countdown : public stream::Readable {
 public:
  explicit Countdown(int n) : n(n) {}
  int n;
 protected:
  void _read(size_t) override { if (n > 0) push(std::to_string(n--) + " "); else push(nullptr); }
};
class Brackets : public stream::Transform {
 protected:
  void _transform(const Buffer& chunk, std::string_view, stream::TransformCallback<Buffer, Buffer> cb) override { push("["); push(chunk); push("]"); cb(); }
  void _flush(stream::FlushCallback<Buffer, Buffer> cb) override { push("<end>"); cb(); }
};
class Collector : public stream::Writable {
 public:
  Collector() : stream::Writable({.highWaterMark = 4}) { useWritev(); }
  std::vector<std::string> batches;
 protected:
  void _write(const Buffer& chunk, std::string_view, stream::Callback cb) override { batches.push_back(chunk.toString()); setImmediate([cb] { cb(); }); }
  void _writev(std::vector<stream::WriteChunk<Buffer>>& chunks, stream::Callback cb) override { std::string s; for (auto& c : chunks) s += c.chunk.view(); batches.push_back(s); setImmediate([cb] { cb(); }); }
  void _destroy(const Error* err, stream::Callback cb) override { std::printf("collector _destroy %s\n", err ? err->message.c_str() : "null"); cb(err); }
};
int main() {
  Collector c;
  c.on("finish", [&c] { std::printf("batches %s\n", json(c.batches).c_str()); });
  c.on("close", [] { std::printf("collector close\n"); });
  Countdown countdown(3);
  Brackets brackets;
  countdown.pipe(brackets).pipe(c);
  return run();
}
