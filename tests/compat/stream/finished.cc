// finished(): a Writable that finishes (callback without error), a Readable destroyed before
// its end (ERR_STREAM_PREMATURE_CLOSE), a stream that errors (the error), a stream that had
// already ended (from a tick), the cleanup function (no callback after it), and the promise
// form.
#include <nodecc/nodecc.h>
#include <cstdio>
using namespace nodecc;
using stream::Readable; using stream::Writable;

const char* str(bool b) { return b ? "true" : "false"; }
std::string show(Error* e) { return e ? (e->code.empty() ? e->message : e->code) : "null"; }
int main() {
  Writable w({.write = [](Writable&, const Buffer&, std::string_view, stream::Callback cb) { cb(); }});
  stream::finished(w, [&w](Error* err) { std::printf("writable finished %s %s\n", show(err).c_str(), str(w.writableFinished())); });
  w.end("x");

  Readable r({.read = [](Readable&, size_t) {}});
  stream::finished(r, [](Error* err) { std::printf("readable destroyed %s\n", show(err).c_str()); });
  r.push("a");
  r.destroy();

  Readable e({.read = [](Readable&, size_t) {}});
  e.on("error", [](const Error&) {});
  stream::finished(e, [](Error* err) { std::printf("errored %s\n", show(err).c_str()); });
  e.destroy(Error("boom"));

  Readable cleaned({.read = [](Readable&, size_t) {}});
  auto cleanup = stream::finished(cleaned, [](Error* err) { std::printf("should not run %s\n", show(err).c_str()); });
  cleanup();
  cleaned.destroy();

  Readable done({.read = [](Readable&, size_t) {}});
  Readable last({.read = [](Readable& self, size_t) { self.push(nullptr); }});
  Writable bad({.write = [](Writable&, const Buffer&, std::string_view, stream::Callback cb) { cb(Error("write failed")); }});
  setImmediate([&] {
    done.push(nullptr);
    done.resume();
    done.on("end", [&] {
      std::printf("ended %s\n", str(done.readableEnded()));
      stream::finished(done, [](Error* err) { std::printf("already ended %s\n", show(err).c_str()); });
      stream::promises::finished(last.resume()).then([] { std::printf("promise resolved\n"); });
      bad.on("error", [](const Error&) {});
      stream::promises::finished(bad).catch_([](std::exception_ptr err) { std::printf("promise rejected %s\n", toError(err).message.c_str()); });
      bad.write("x");
    });
  });
  return run();
}
