// The order of write callbacks, 'drain' and the next event-loop work, for a _write that calls
// back synchronously (callbacks deferred to a tick, 'drain' before them) and one that calls
// back asynchronously (callbacks at once); writableLength as it goes.
#include <nodecc/nodecc.h>
#include <cstdio>
using namespace nodecc;
using stream::Writable;

const char* str(bool b) { return b ? "true" : "false"; }
std::vector<std::unique_ptr<Writable>> keep;
void runCase(std::string name, bool sync, UniqueFunction<void()> next) {
  auto* w = new Writable({
    .highWaterMark = 3,
    .write = [name, sync](Writable&, const Buffer& c, std::string_view, stream::Callback cb) { std::printf("%s _write %s\n", name.c_str(), c.toString().c_str()); if (sync) cb(); else setImmediate([cb] { cb(); }); },
  });
  keep.emplace_back(w);
  w->on("drain", [name, w] { std::printf("%s drain %zu\n", name.c_str(), w->writableLength()); });
  w->on("finish", [name, next = std::make_shared<UniqueFunction<void()>>(std::move(next))] { std::printf("%s finish\n", name.c_str()); (*next)(); });
  for (std::string s : {"ab", "cd", "ef"}) { bool ok = w->write(s, [name, s, w](Error*) { std::printf("%s cb %s %zu\n", name.c_str(), s.c_str(), w->writableLength()); }); std::printf("%s write %s %s %zu\n", name.c_str(), s.c_str(), str(ok), w->writableLength()); }
  process::nextTick([name] { std::printf("%s tick\n", name.c_str()); });
  w->end();
}
int main() {
  runCase("sync", true, [] { runCase("async", false, [] { std::printf("done\n"); }); });
  return run();
}
