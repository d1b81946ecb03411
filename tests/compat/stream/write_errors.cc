// Misuse: write() after end() (ERR_STREAM_WRITE_AFTER_END: the callback from a tick, then
// 'error', then 'close'), end() twice, write() after destroy(), push() after push(null)
// (ERR_STREAM_PUSH_AFTER_EOF), and a _write that calls back twice (ERR_MULTIPLE_CALLBACK).
#include <nodecc/nodecc.h>
#include <cstdio>
using namespace nodecc;
using stream::Readable; using stream::Writable;

const char* str(bool b) { return b ? "true" : "false"; }
std::string show(const Error* e) { return e ? e->name + " " + e->code + " " + e->message : "null"; }
using Next = UniqueFunction<void()>;
std::vector<std::unique_ptr<stream::Stream>> keep;

void afterEnd(Next next) {
  auto* w = new Writable({.write = [](Writable&, const Buffer&, std::string_view, stream::Callback cb) { cb(); }});
  keep.emplace_back(w);
  w->on("error", [](const Error& e) { std::printf("afterEnd error %s\n", show(&e).c_str()); });
  w->on("close", [w, next = std::make_shared<Next>(std::move(next))] { std::printf("afterEnd close %s %s\n", str(w->destroyed()), w->errored() ? w->errored()->code.c_str() : "null"); (*next)(); });
  w->end("x");
  std::printf("write returns %s\n", str(w->write("y", [](Error* e) { std::printf("afterEnd cb %s\n", show(e).c_str()); })));
  w->end([](Error* e) { std::printf("second end cb %s\n", show(e).c_str()); });
}
void afterDestroy(Next next) {
  auto* w = new Writable({.write = [](Writable&, const Buffer&, std::string_view, stream::Callback cb) { cb(); }});
  keep.emplace_back(w);
  w->on("error", [](const Error& e) { std::printf("afterDestroy error %s\n", show(&e).c_str()); });
  w->on("close", [next = std::make_shared<Next>(std::move(next))] { std::printf("afterDestroy close\n"); (*next)(); });
  w->destroy();
  std::printf("write returns %s\n", str(w->write("y", [](Error* e) { std::printf("afterDestroy cb %s\n", show(e).c_str()); })));
}
void pushAfterEof(Next next) {
  auto* r = new Readable({.read = [](Readable&, size_t) {}});
  keep.emplace_back(r);
  r->on("error", [](const Error& e) { std::printf("pushAfterEof error %s\n", show(&e).c_str()); });
  r->on("close", [next = std::make_shared<Next>(std::move(next))] { std::printf("pushAfterEof close\n"); (*next)(); });
  r->push(nullptr);
  std::printf("push returns %s\n", str(r->push("late")));
}
void multipleCallback(Next next) {
  auto* w = new Writable({.write = [](Writable&, const Buffer&, std::string_view, stream::Callback cb) { cb(); cb(); }});
  keep.emplace_back(w);
  w->on("error", [](const Error& e) { std::printf("multiple error %s\n", show(&e).c_str()); });
  w->on("close", [next = std::make_shared<Next>(std::move(next))] { std::printf("multiple close\n"); (*next)(); });
  w->write("a");
}
int main() {
  afterEnd([] { afterDestroy([] { pushAfterEof([] { multipleCallback([] { std::printf("done\n"); }); }); }); });
  return run();
}
