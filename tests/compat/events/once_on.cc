// events.once and events.on: values, 'error' first, AbortSignal, and the listeners left.
#include <nodecc/nodecc.h>

#include <cstdio>

using namespace nodecc;

Promise<> main2() {
  EventEmitter e;
  setTimeout([&] { e.emit("data", 1, std::string("a")); }, 1);
  auto [n, s] = co_await events::once<int, std::string>(e, "data");
  std::printf("once %d %s %zu %zu\n", n, s.c_str(), e.listenerCount("data"), e.listenerCount("error"));

  setTimeout([&] { e.emit("error", Error("boom")); }, 1);
  try {
    co_await events::once(e, "data");
  } catch (const Error& err) {
    std::printf("once error %s %zu %zu\n", err.message.c_str(), e.listenerCount("data"), e.listenerCount("error"));
  }

  AbortController ac;
  setTimeout([&] { ac.abort(); }, 1);
  try {
    co_await events::once(e, "data", {ac.signal});
  } catch (const Error& err) {
    std::printf("once abort %s %s %s %zu\n", err.name.c_str(), err.code.c_str(), err.message.c_str(), e.listenerCount("data"));
  }
  try {
    co_await events::once(e, "data", {AbortSignal::abort()});
  } catch (const Error& err) {
    std::printf("once aborted before %s %s %s\n", err.name.c_str(), err.code.c_str(), err.message.c_str());
  }

  setTimeout([&] { e.emit("error", Error("x")); }, 1);
  Error err = co_await events::once<Error>(e, "error");
  std::printf("once of error %s %zu\n", err.message.c_str(), e.listenerCount("error"));

  AbortController ac2;
  setTimeout([&] { e.emit("n", 1); e.emit("n", 2); e.emit("n", 3); }, 1);
  int k = 0;
  try {
    auto it = events::on<int>(e, "n", {ac2.signal});
    while (auto v = co_await it.next()) {
      std::printf("on %d\n", *v);
      if (++k == 2) ac2.abort();
    }
  } catch (const Error& err2) {
    std::printf("on abort %s %s %s %zu\n", err2.name.c_str(), err2.code.c_str(), err2.message.c_str(), e.listenerCount("n"));
  }

  setTimeout([&] { e.emit("m", 1); e.emit("error", Error("bad")); }, 1);
  try {
    auto it = events::on<int>(e, "m");
    while (auto v = co_await it.next()) std::printf("m %d\n", *v);
  } catch (const Error& err3) {
    std::printf("m error %s %zu %zu\n", err3.message.c_str(), e.listenerCount("m"), e.listenerCount("error"));
  }

  setTimeout([&] { e.emit("q", 1); e.emit("q", 2); }, 1);
  {
    auto it = events::on<int>(e, "q");
    while (auto v = co_await it.next()) {
      std::printf("q %d\n", *v);
      break;
    }
  }
  std::printf("after break %zu %zu\n", e.listenerCount("q"), e.listenerCount("error"));

  setTimeout([&] { e.emit("line", std::string("a")); e.emit("line", std::string("b")); e.emit("close"); }, 1);
  {
    auto it = events::on<std::string>(e, "line", {{}, {"close"}});
    while (auto line = co_await it.next()) std::printf("line %s\n", line->c_str());
  }
  std::printf("lines done %zu %zu\n", e.listenerCount("line"), e.listenerCount("close"));

  try {
    events::on(e, "n", {AbortSignal::abort()});
  } catch (const Error& err4) {
    std::printf("on aborted before %s %s\n", err4.name.c_str(), err4.code.c_str());
  }
}

int main() {
  main2().then([] { std::printf("end\n"); });
  return nodecc::run();
}
