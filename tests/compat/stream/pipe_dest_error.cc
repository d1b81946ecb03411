// pipe() into a destination that fails: the pipe's own error listener (first in line) unpipes
// the source, which pauses; the user's listener still sees the error; the source is not
// destroyed and can be piped elsewhere.
#include <nodecc/nodecc.h>
#include <cstdio>
using namespace nodecc;
using stream::Readable; using stream::Writable;

const char* str(bool b) { return b ? "true" : "false"; }
std::string flowing(std::optional<bool> f) { return f ? str(*f) : "null"; }
int main() {
  Readable src({.read = [](Readable&, size_t) {}});
  Writable bad({.write = [](Writable&, const Buffer&, std::string_view, stream::Callback cb) { cb(Error("disk full")); }});
  std::unique_ptr<Writable> good;
  bad.on("unpipe", [&src](stream::Stream&, stream::UnpipeInfo&) { std::printf("bad unpipe %s\n", flowing(src.readableFlowing()).c_str()); });
  bad.on("error", [&src](const Error& e) { std::printf("bad error %s %s %s\n", e.message.c_str(), str(src.isPaused()), str(src.destroyed())); });
  bad.on("close", [&] {
    std::printf("bad close %zu\n", src.listenerCount("data"));
    good = std::make_unique<Writable>(stream::WritableOptions<Buffer>{.write = [](Writable&, const Buffer& c, std::string_view, stream::Callback cb) { std::printf("good got %s\n", c.toString().c_str()); cb(); }});
    good->on("finish", [] { std::printf("good finish\n"); });
    src.pipe(*good);
    src.push("second");
    src.push(nullptr);
  });
  src.pipe(bad);
  src.push("first");
  return run();
}
