// createInterface({input, signal}): aborting closes the interface ('pause', then 'close'; the
// input is paused and its listeners removed; no error); lines that come later are not read.
// An already aborted signal closes it from a nextTick, after the lines the input already
// held. A for await loop over the lines simply ends. Each part starts when the one before is
// over.
#include <nodecc/nodecc.h>
#include <cstdio>
#include <memory>
#include <optional>
using namespace nodecc;
using stream::Readable;
using Next = UniqueFunction<void()>;

const char* str(bool b) { return b ? "true" : "false"; }
// The inputs live as long as the program (JavaScript's garbage collector keeps them).
std::optional<Readable> input1, input2, input3;
AbortController ac1, ac3;

void abortInLine(Next next) {
  AbortController& ac = ac1;
  auto& input = input1.emplace(stream::ReadableOptions<Buffer>{.read = [](Readable&, size_t) {}});
  auto& rl = readline::createInterface({.input = &input, .signal = ac.signal});
  rl.on("line", [&rl, &ac](const std::string& line) {
    std::printf("line %s\n", line.c_str());
    if (line == "b") { ac.abort(); std::printf("aborted %s\n", str(rl.closed)); }
  });
  rl.on("pause", [] { std::printf("pause\n"); });
  rl.on("close", [&input, next = std::make_shared<Next>(std::move(next))] {
    std::printf("close %s %zu %zu\n", str(input.isPaused()), input.listenerCount("data"), input.listenerCount("end"));
    setImmediate([&input, next] { input.push("d\n"); setImmediate([next] { (*next)(); }); });
  });
  rl.on("error", [](const Error& e) { std::printf("error %s\n", e.message.c_str()); });
  input.push("a\nb\nc\n");
}

void alreadyAborted(Next next) {
  std::printf("-- already aborted\n");
  auto& input = input2.emplace(stream::ReadableOptions<Buffer>{.read = [](Readable&, size_t) {}});
  input.push("held\n");
  auto& rl = readline::createInterface({.input = &input, .signal = AbortSignal::abort()});
  std::printf("closed at once %s\n", str(rl.closed));
  rl.on("line", [](const std::string& line) { std::printf("line %s\n", line.c_str()); });
  rl.on("close", [next = std::make_shared<Next>(std::move(next))] { std::printf("close\n"); setImmediate([next] { (*next)(); }); });
  process::nextTick([] { std::printf("tick after createInterface\n"); });
}

Promise<> iterate() {
  std::printf("-- for await\n");
  AbortController& ac = ac3;
  auto& input = input3.emplace(stream::ReadableOptions<Buffer>{.read = [](Readable&, size_t) {}});
  auto& rl = readline::createInterface({.input = &input, .signal = ac.signal});
  input.push("x\ny\n");
  bool closed = false;
  rl.on("close", [&closed] { closed = true; });
  for (auto it = rl.iterate(); auto line = co_await it.next();) {
    std::printf("line %s\n", line->c_str());
    if (*line == "y") setTimeout([&ac] { ac.abort(); }, 1);
  }
  std::printf("loop ended %s\n", str(closed));
  ac.abort();
}

int main() {
  abortInLine([] { alreadyAborted([] { iterate(); }); });
  return run();
}
