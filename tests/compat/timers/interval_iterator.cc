// timers/promises setInterval(ms, value, {signal, ref}) as an async iterator: the interval
// starts at the first next(); ticks that come while the loop body is busy are counted and
// yielded at once afterwards; aborting while the body runs makes the next next() throw, and
// aborting while next() waits rejects it, with AbortError (the reason its cause); an already
// aborted signal rejects the first next(); a break clears the interval (or the program would
// not end); ref: false lets the program end while next() waits.
#include <nodecc/nodecc.h>
#include <chrono>
#include <cstdio>
#include <string>
using namespace nodecc;
using timers::promises::setInterval;

void busyWait(int ms) { auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms); while (std::chrono::steady_clock::now() < end) {} }

Promise<> main2() {
  AbortController ac;
  int n = 0;
  try {
    for (auto it = setInterval(5, std::string("tick"), {ac.signal}); auto v = co_await it.next();) {
      std::printf("got %s %d\n", v->c_str(), ++n);
      if (n == 3) { ac.abort(Error("enough")); std::printf("aborted in the body\n"); }
    }
  } catch (const Error& err) {
    std::printf("threw %s %s %s / cause %s\n", err.name.c_str(), err.code.c_str(), err.message.c_str(), err.cause->message.c_str());
  }

  AbortController waiting;
  n = 0;
  try {
    for (auto it = setInterval(50, n, {waiting.signal}); auto v = co_await it.next();) {
      std::printf("got %d %d\n", *v, ++n);
      if (n == 2) nodecc::setImmediate([&waiting] { std::printf("abort while waiting\n"); waiting.abort(); });
    }
  } catch (const Error& err) {
    std::printf("threw %s %s / cause %s %s\n", err.name.c_str(), err.code.c_str(), err.cause->name.c_str(), err.cause->message.c_str());
  }

  n = 0;
  for (auto it = setInterval(10); auto v = co_await it.next();) {
    ++n;
    auto immediateRan = std::make_shared<bool>(false);
    nodecc::setImmediate([immediateRan] { *immediateRan = true; });
    std::printf("value undefined %d %s\n", n, n == 2 || n == 3 ? (*immediateRan ? "at once false" : "at once true") : "");
    if (n == 1) {
      for (int i = 0; i < 3; i++) { busyWait(12); co_await timers::promises::setImmediate(); }
      std::printf("slow body done\n");
    }
    if (n == 4) break;
  }
  std::printf("after break\n");

  auto early = setInterval(10, std::string("x"), {AbortSignal::abort(Error("before"))});
  std::printf("made\n");
  try {
    co_await early.next();
  } catch (const Error& err) {
    std::printf("first next rejected %s %s\n", err.name.c_str(), err.cause->message.c_str());
  }

  process::on("exit", [](int) { std::printf("exit while next() waits on an unref'd interval\n"); });
  auto unref = setInterval(100000, std::string("never"), {AbortSignal(), false});
  co_await unref.next();
  std::printf("never here\n");
}
int main() { main2(); return run(); }
