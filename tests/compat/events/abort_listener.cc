// events.addAbortListener(signal, listener): the listener runs once, from abort(), in the order
// listeners were added (with the signal's own); dispose() removes it (twice is harmless, after
// the abort too); an already aborted signal runs it from a microtask (after the nextTicks), and
// disposing does not stop that; an undefined signal is a TypeError.
#include <nodecc/nodecc.h>
#include <cstdio>
using namespace nodecc;

int main() {
  AbortController ac;
  auto first = events::addAbortListener(ac.signal, [] { std::printf("first\n"); });
  auto second = events::addAbortListener(ac.signal, [] { std::printf("second (disposed, never runs)\n"); });
  ac.signal.addEventListener("abort", [] { std::printf("the signal's own listener\n"); });
  events::addAbortListener(ac.signal, [] { std::printf("third\n"); });
  second.dispose();
  second.dispose();
  std::printf("abort\n");
  ac.abort();
  std::printf("after abort\n");
  ac.abort();
  first.dispose();

  auto pre = events::addAbortListener(AbortSignal::abort(), [] { std::printf("already aborted: from a microtask\n"); });
  pre.dispose();
  process::nextTick([] { std::printf("tick\n"); });
  Promise<>::resolve().then([] { std::printf("microtask queued after\n"); });
  std::printf("end of script\n");
  try {
    events::addAbortListener(AbortSignal(), [] {});
  } catch (const Error& err) {
    std::printf("%s %s %s\n", err.name.c_str(), err.code.c_str(), err.message.c_str());
  }
  return run();
}
