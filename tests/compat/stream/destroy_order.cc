// destroy(err) with an asynchronous _destroy: destroyed is true at once, 'error' and 'close'
// come after _destroy's callback, in that order, errored holds the error; a second destroy()
// does nothing; destroy() without an error emits only 'close'; a destroyed Readable's pending
// data is not emitted.
#include <nodecc/nodecc.h>
#include <cstdio>
using namespace nodecc;
using stream::Readable; using stream::Writable;

const char* str(bool b) { return b ? "true" : "false"; }
int main() {
  Writable w({
    .write = [](Writable&, const Buffer&, std::string_view, stream::Callback cb) { cb(); },
    .destroy = [](Writable&, const Error* err, stream::Callback cb) { std::printf("_destroy %s\n", err ? err->message.c_str() : "null"); std::optional<Error> e; if (err) e = *err; setImmediate([cb, e] { std::printf("_destroy done\n"); cb(e ? &*e : nullptr); }); },
  });
  std::unique_ptr<Readable> r;
  w.on("error", [&w](const Error& e) { std::printf("w error %s %s\n", e.message.c_str(), str(w.errored() && w.errored()->message == e.message)); });
  w.on("close", [&] {
    std::printf("w close %s\n", str(w.closed()));
    r = std::make_unique<Readable>(stream::ReadableOptions<Buffer>{.read = [](Readable&, size_t) {}});
    r->push("pending");
    r->on("data", [](const Buffer& c) { std::printf("r data %s\n", c.toString().c_str()); });
    r->on("close", [&r] { std::printf("r close %s %s\n", str(r->readableAborted()), r->errored() ? r->errored()->message.c_str() : "null"); });
    r->on("error", [](const Error& e) { std::printf("r error %s\n", e.message.c_str()); });
    r->destroy();
    std::printf("r destroyed %s\n", str(r->destroyed()));
  });
  w.destroy(Error("stop"));
  std::printf("w destroyed %s %s %s\n", str(w.destroyed()), str(w.closed()), str(w.writable()));
  w.destroy(Error("again"));
  return run();
}
