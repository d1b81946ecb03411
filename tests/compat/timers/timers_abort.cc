// timers/promises with {signal}: an abort rejects with AbortError and clears the timer (the
// process does not wait 60 s), an aborted signal rejects at once, a timer that fired first
// ignores a later abort; AbortController, onabort, AbortSignal.any and .timeout.
#include <cstdio>
#include <string>
#include <nodecc/nodecc.h>
using namespace nodecc;
namespace timersPromises = timers::promises;

Promise<> main2() {
  AbortController ac;
  ac.signal.addEventListener("abort", [] { std::printf("listener\n"); });
  ac.signal.onabort([] { std::printf("onabort\n"); });
  setTimeout([&] { ac.abort(); }, 5);
  try {
    co_await timersPromises::setTimeout(60000, std::string("never"), {ac.signal});
  } catch (const Error& err) {
    std::printf("timeout %s %s %s\n", err.name.c_str(), err.code.c_str(), err.message.c_str());
  }
  std::printf("reason %s %s %s\n", ac.signal.aborted() ? "true" : "false", ac.signal.reason().name.c_str(), ac.signal.reason().message.c_str());
  try {
    ac.signal.throwIfAborted();
  } catch (const Error& err) {
    std::printf("throwIfAborted %s %s\n", err.name.c_str(), err.message.c_str());
  }
  try {
    co_await timersPromises::setImmediate(std::string("x"), {AbortSignal::abort()});
  } catch (const Error& err) {
    std::printf("immediate %s %s %s\n", err.name.c_str(), err.code.c_str(), err.message.c_str());
  }
  AbortController later;
  std::printf("value %s\n", (co_await timersPromises::setTimeout(1, std::string("v"), {later.signal})).c_str());
  later.abort();
  std::printf("after late abort %s\n", later.signal.aborted() ? "true" : "false");

  AbortController a;
  AbortController b;
  AbortSignal any = AbortSignal::any({a.signal, b.signal});
  any.addEventListener("abort", [any] { std::printf("any %s\n", any.reason().message.c_str()); });
  b.abort(Error("b first"));
  a.abort();

  AbortSignal t = AbortSignal::timeout(5);
  try {
    co_await timersPromises::setTimeout(60000, {t});
  } catch (const Error& err) {
    std::printf("timeout signal %s %s %s %s\n", err.name.c_str(), err.code.c_str(), t.reason().name.c_str(), t.reason().message.c_str());
  }
}

int main() {
  main2().then([] { std::printf("end\n"); });
  return nodecc::run();
}
