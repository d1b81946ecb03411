// An exception thrown inside _transform is not the stream's error: it escapes write() and the
// 'data' listener of the pipe, so it is an uncaught exception (here caught by an
// 'uncaughtException' listener), and the pipeline is left as it was.
#include <nodecc/nodecc.h>
#include <cstdio>
using namespace nodecc;
using stream::Readable; using stream::Transform; using stream::Writable;

const char* str(bool b) { return b ? "true" : "false"; }
int main() {
  process::on("uncaughtException", [](std::exception_ptr e, std::string) { std::printf("uncaught %s\n", toError(e).message.c_str()); });
  Transform t({.transform = [](auto&, const Buffer&, std::string_view, auto) { throw Error("thrown in transform"); }});
  Writable dst({.write = [](Writable&, const Buffer&, std::string_view, stream::Callback cb) { cb(); }});
  stream::pipeline(Readable::from(std::vector<Buffer>{Buffer::from("a"), Buffer::from("b")}), t, dst, [](Error* err) { std::printf("pipeline %s\n", err ? err->message.c_str() : "null"); });
  // What ran after the throw is the runtime's business (which queued ticks run when), not the
  // stream's: only the stream's own state is printed.
  setTimeout([&t] { std::printf("later %s %s\n", str(t.destroyed()), str(t.writableFinished())); }, 10);
  return run();
}
