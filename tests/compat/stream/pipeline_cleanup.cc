// A source that fails after two chunks: pipeline destroys every stream (the transform and the
// destination get ERR_STREAM_PREMATURE_CLOSE-free destroys), removes nothing it should not,
// and calls back once with the source's error; then the promise form of pipeline rejects
// with the same error, and resolves for a clean run.
#include <nodecc/nodecc.h>
#include <cstdio>
using namespace nodecc;
using stream::Readable; using stream::PassThrough; using stream::Writable;

const char* str(bool b) { return b ? "true" : "false"; }
struct Set {
  int n = 0;
  std::unique_ptr<Readable> src;
  PassThrough mid;
  std::vector<std::string> got;
  std::unique_ptr<Writable> dst;
  std::string joined() { std::string o; for (size_t i = 0; i < got.size(); i++) o += (i ? "," : "") + got[i]; return o; }
};
std::shared_ptr<Set> make(std::string name, int failAt) {
  auto s = std::make_shared<Set>();
  Set* p = s.get();
  s->src = std::make_unique<Readable>(stream::ReadableOptions<Buffer>{.read = [p, name, failAt](Readable& self, size_t) {
    setImmediate([p, &self, name, failAt] {
      if (p->n == failAt) self.destroy(Error(name + " source failed"));
      else if (p->n == 4) self.push(nullptr);
      else { std::string c = "c"; c += std::to_string(p->n++); self.push(c); }
    });
  }});
  s->dst = std::make_unique<Writable>(stream::WritableOptions<Buffer>{.write = [p](Writable&, const Buffer& c, std::string_view, stream::Callback cb) { p->got.push_back(c.toString()); cb(); }});
  std::pair<const char*, stream::Stream*> all[] = {{"src", s->src.get()}, {"mid", &s->mid}, {"dst", s->dst.get()}};
  for (auto [k, st] : all) st->on("close", [name, k = std::string(k), st] { std::printf("%s %s close %s\n", name.c_str(), k.c_str(), str(st->destroyed())); });
  return s;
}
std::vector<std::shared_ptr<Set>> sets;
int main() {
  auto a = make("cb", 2);
  sets.push_back(a);
  stream::pipeline(*a->src, a->mid, *a->dst, [a](Error* err) {
    std::printf("cb done %s %s %s %s %s\n", err ? err->message.c_str() : "null", a->joined().c_str(), str(a->src->destroyed()), str(a->mid.destroyed()), str(a->dst->destroyed()));
    auto b = make("promise", 2);
    sets.push_back(b);
    stream::promises::pipeline(*b->src, b->mid, *b->dst).then([] { std::printf("promise resolved\n"); }, [b](std::exception_ptr e) {
      std::printf("promise rejected %s %s\n", toError(e).message.c_str(), b->joined().c_str());
      auto c = make("clean", -1);
      sets.push_back(c);
      stream::promises::pipeline(*c->src, c->mid, *c->dst).then([c] { std::printf("clean resolved %s %s\n", c->joined().c_str(), str(c->dst->writableFinished())); });
    });
  });
  return run();
}
