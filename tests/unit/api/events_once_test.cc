// events::once / events::on (promise and async-iteration forms), listeners() / rawListeners()
// handles, listenerCount(event, listener), events::addAbortListener: values, 'error',
// AbortSignal, and that every listener they add is gone afterwards.
#include <gtest/gtest.h>
#include <nodecc/nodecc.h>

#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "unit/api/api_test_util.h"

namespace nodecc {
namespace {

using EventsOnce = test::ApiTest;
using EventsOn = test::ApiTest;
using EventListeners = test::ApiTest;
using AddAbortListener = test::ApiTest;

// The (name, code, message) of what `p` rejected with.
template <class T>
std::string rejection(const Promise<T>& p) {
  try {
    std::rethrow_exception(p.state().error);
  } catch (const Error& e) {
    return e.name + " " + e.code + " " + e.message;
  } catch (...) {
    return "?";
  }
}

TEST_F(EventsOnce, ResolvesWithTheValueAndRemovesItsListeners) {
  EventEmitter e;
  auto p = events::once<int>(e, "data");
  EXPECT_EQ(e.listenerCount("data"), 1u);
  EXPECT_EQ(e.listenerCount("error"), 1u);
  e.emit("data", 7);
  EXPECT_EQ(e.listenerCount("data"), 0u);
  EXPECT_EQ(e.listenerCount("error"), 0u);
  run();
  ASSERT_TRUE(p.isFulfilled());
  EXPECT_EQ(p.state().value.value(), 7);
}

TEST_F(EventsOnce, SeveralArgumentsGiveATupleAndNoneGiveVoid) {
  EventEmitter e;
  auto pair = events::once<int, std::string>(e, "pair");
  auto bare = events::once(e, "pair");
  e.emit("pair", 1, std::string("a"));
  run();
  ASSERT_TRUE(pair.isFulfilled());
  EXPECT_EQ(pair.state().value.value(), std::make_tuple(1, std::string("a")));
  EXPECT_TRUE(bare.isFulfilled());
  EXPECT_EQ(e.eventNames().size(), 0u);
}

TEST_F(EventsOnce, WorksWithCoAwait) {
  EventEmitter e;
  std::string got;
  auto body = [&]() -> Promise<> {
    auto [n, s] = co_await events::once<int, std::string>(e, "x");
    got = std::to_string(n) + s;
  };
  auto task = body();  // a named closure: the coroutine reads its captures after it returns
  setTimeout([&] { e.emit("x", 3, std::string("b")); }, 1);
  run();
  EXPECT_EQ(got, "3b");
}

TEST_F(EventsOnce, RejectsWithAnErrorEmittedFirst) {
  EventEmitter e;
  auto p = events::once<int>(e, "data");
  e.emit("error", Error("boom"));
  EXPECT_EQ(e.listenerCount("data"), 0u);
  EXPECT_EQ(e.listenerCount("error"), 0u);
  p.catch_([](std::exception_ptr) { return 0; });
  run();
  ASSERT_TRUE(p.isRejected());
  EXPECT_EQ(rejection(p), "Error  boom");
}

TEST_F(EventsOnce, TheErrorEventItselfResolves) {
  EventEmitter e;
  auto p = events::once<Error>(e, "error");
  EXPECT_EQ(e.listenerCount("error"), 1u);
  e.emit("error", Error("x"));
  run();
  ASSERT_TRUE(p.isFulfilled());
  EXPECT_EQ(p.state().value.value().message, "x");
}

TEST_F(EventsOnce, AbortRejectsWithAbortErrorAndRemovesListeners) {
  EventEmitter e;
  AbortController ac;
  auto p = events::once<int>(e, "data", {ac.signal});
  ac.abort();
  EXPECT_EQ(e.listenerCount("data"), 0u);
  EXPECT_EQ(e.listenerCount("error"), 0u);
  p.catch_([](std::exception_ptr) { return 0; });
  run();
  EXPECT_EQ(rejection(p), "AbortError ABORT_ERR The operation was aborted");
}

TEST_F(EventsOnce, AnAbortedSignalRejectsAtOnceWithoutListening) {
  EventEmitter e;
  auto p = events::once(e, "data", {AbortSignal::abort()});
  EXPECT_EQ(e.listenerCount("data"), 0u);
  p.catch_([](std::exception_ptr) {});
  run();
  EXPECT_EQ(rejection(p), "AbortError ABORT_ERR The operation was aborted");
}

TEST_F(EventsOnce, SettlingRemovesTheSignalListener) {
  EventEmitter e;
  AbortController ac;
  auto p = events::once<int>(e, "data", {ac.signal});
  e.emit("data", 1);
  ac.abort();  // must not reject the settled promise nor touch the emitter
  run();
  ASSERT_TRUE(p.isFulfilled());
}

TEST_F(EventsOnce, AWrongTypeNamesBothTypes) {
  EventEmitter e;
  auto p = events::once<int>(e, "data");
  try {
    e.emit("data", std::string("x"));
    FAIL() << "emit did not throw";
  } catch (const TypeError& err) {
    EXPECT_EQ(err.code, "ERR_INVALID_ARG_TYPE");
    EXPECT_NE(err.message.find("int"), std::string::npos) << err.message;
    EXPECT_NE(err.message.find("std::string"), std::string::npos) << err.message;
  }
  run();
}

TEST_F(EventsOnce, TheEmitterMayBeDestroyedFirst) {
  AbortController ac;
  Promise<int> p;
  {
    EventEmitter e;
    p = events::once<int>(e, "data", {ac.signal});
  }
  ac.abort();  // reaches no emitter: it is gone
  p.catch_([](std::exception_ptr) { return 0; });
  run();
  EXPECT_EQ(rejection(p), "AbortError ABORT_ERR The operation was aborted");
}

TEST_F(EventsOn, QueuesEventsUntilAwaited) {
  EventEmitter e;
  std::vector<int> got;
  auto body = [&]() -> Promise<> {
    auto it = events::on<int>(e, "n");
    e.emit("n", 1);
    e.emit("n", 2);
    while (auto v = co_await it.next()) {
      got.push_back(*v);
      if (*v == 3) {
        break;
      }
    }
  };
  auto task = body();  // a named closure: the coroutine reads its captures after it returns
  setTimeout([&] { e.emit("n", 3); }, 1);
  run();
  EXPECT_EQ(got, (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(e.listenerCount("n"), 0u);  // the loop's end (the iterator destroyed) removed it
  EXPECT_EQ(e.listenerCount("error"), 0u);
}

TEST_F(EventsOn, ErrorRejectsAfterTheQueuedEventsThenEnds) {
  EventEmitter e;
  std::vector<std::string> log;
  auto body = [&]() -> Promise<> {
    auto it = events::on<int>(e, "m");
    e.emit("m", 1);
    e.emit("error", Error("bad"));
    EXPECT_EQ(e.listenerCount("m"), 0u);
    try {
      while (auto v = co_await it.next()) {
        log.push_back(std::to_string(*v));
      }
    } catch (const Error& err) {
      log.push_back(err.message);
    }
    auto end = co_await it.next();
    log.push_back(end ? "value" : "end");
  };
  auto task = body();  // a named closure: the coroutine reads its captures after it returns
  run();
  EXPECT_EQ(log, (std::vector<std::string>{"1", "bad", "end"}));
}

TEST_F(EventsOn, AbortEndsTheLoopWithAbortError) {
  EventEmitter e;
  AbortController ac;
  std::vector<std::string> log;
  auto body = [&]() -> Promise<> {
    try {
      auto it = events::on<int>(e, "n", {ac.signal});
      while (auto v = co_await it.next()) {
        log.push_back(std::to_string(*v));
        if (*v == 2) {
          ac.abort();
        }
      }
    } catch (const Error& err) {
      log.push_back(err.name + " " + err.code);
    }
  };
  auto task = body();  // a named closure: the coroutine reads its captures after it returns
  setTimeout(
      [&] {
        e.emit("n", 1);
        e.emit("n", 2);
        e.emit("n", 3);
      },
      1);
  run();
  // 3 was queued before the abort: Node's next() hands queued events out first.
  EXPECT_EQ(log, (std::vector<std::string>{"1", "2", "3", "AbortError ABORT_ERR"}));
  EXPECT_EQ(e.listenerCount("n"), 0u);
}

TEST_F(EventsOn, AnAbortedSignalThrowsAtOnce) {
  EventEmitter e;
  EXPECT_THROW(events::on(e, "n", {AbortSignal::abort()}), AbortError);
  EXPECT_EQ(e.listenerCount("n"), 0u);
}

TEST_F(EventsOn, CloseEventsEndTheIteration) {
  EventEmitter e;
  std::vector<std::string> log;
  auto body = [&]() -> Promise<> {
    auto it = events::on<std::string>(e, "line", {{}, {"close"}});
    while (auto v = co_await it.next()) {
      log.push_back(*v);
    }
    log.push_back("done");
  };
  auto task = body();  // a named closure: the coroutine reads its captures after it returns
  e.emit("line", std::string("a"));
  e.emit("line", std::string("b"));
  e.emit("close");
  EXPECT_EQ(e.listenerCount("close"), 0u);
  run();
  EXPECT_EQ(log, (std::vector<std::string>{"a", "b", "done"}));
}

TEST_F(EventListeners, ListenersGivesCallableHandlesInOrder) {
  EventEmitter e;
  std::vector<std::string> log;
  auto f = [&log](int n) { log.push_back("f" + std::to_string(n)); };
  e.once("z", f);
  e.on("z", [&log](int n) { log.push_back("g" + std::to_string(n)); });
  auto ls = e.listeners("z");
  ASSERT_EQ(ls.size(), 2u);
  EXPECT_TRUE(ls[0].is(f));
  EXPECT_FALSE(ls[1].is(f));
  EXPECT_TRUE(ls[0].once());
  EXPECT_FALSE(ls[0].raw());
  ls[0](1);
  ls[1](2);
  EXPECT_EQ(log, (std::vector<std::string>{"f1", "g2"}));
  EXPECT_EQ(e.listenerCount("z"), 2u);  // a listeners() handle of a once-listener only calls
}

TEST_F(EventListeners, CallingARawOnceListenerRemovesIt) {
  EventEmitter e;
  int calls = 0;
  e.once("z", [&calls] { ++calls; });
  auto raw = e.rawListeners("z");
  ASSERT_EQ(raw.size(), 1u);
  EXPECT_TRUE(raw[0].raw());
  raw[0]();
  EXPECT_EQ(e.listenerCount("z"), 0u);
  raw[0]();  // it already ran
  EXPECT_EQ(calls, 1);
  raw[0].listener()();  // the unwrapped listener always calls
  EXPECT_EQ(calls, 2);
}

TEST_F(EventListeners, ARawHandleOutlivesItsEmitter) {
  int calls = 0;
  std::vector<EventListener> raw;
  {
    EventEmitter e;
    e.once("z", [&calls] { ++calls; });
    raw = e.rawListeners("z");
  }
  raw[0]();
  EXPECT_EQ(calls, 1);
}

TEST_F(EventListeners, HandlesCheckArgumentTypes) {
  EventEmitter e;
  e.on("z", [](int) {});
  EXPECT_THROW(e.listeners("z")[0](std::string("x")), TypeError);
}

TEST_F(EventListeners, OffTakesAHandleAndListenerCountTakesAListener) {
  EventEmitter e;
  auto f = [] {};
  e.on("z", f);
  e.on("z", [] {});
  e.on("z", f);
  EXPECT_EQ(e.listenerCount("z", f), 2u);
  auto ls = e.listeners("z");
  EXPECT_EQ(e.listenerCount("z", ls[1]), 1u);
  e.off("z", ls[1]);
  EXPECT_EQ(e.listenerCount("z"), 2u);
  EXPECT_EQ(e.listenerCount("z", f), 2u);
  e.removeListener("z", e.rawListeners("z")[0]);
  EXPECT_EQ(e.listenerCount("z"), 1u);
}

TEST_F(AddAbortListener, RunsOnceFromAbortAndDisposeRemovesIt) {
  AbortController ac;
  std::vector<std::string> log;
  events::Disposable kept = events::addAbortListener(ac.signal, [&] { log.push_back("kept"); });
  events::Disposable gone = events::addAbortListener(ac.signal, [&] { log.push_back("gone"); });
  events::Disposable copy = gone;
  copy.dispose();  // a copy disposes of the same listener
  gone.dispose();
  ac.abort();
  ac.abort();
  EXPECT_EQ(log, (std::vector<std::string>{"kept"}));
  kept.dispose();  // after the abort: nothing to do
  events::Disposable empty;
  empty.dispose();
  run();
}

TEST_F(AddAbortListener, AnAbortedSignalRunsTheListenerFromAMicrotaskDisposedOrNot) {
  int calls = 0;
  events::Disposable d = events::addAbortListener(AbortSignal::abort(), [&] { ++calls; });
  d.dispose();
  EXPECT_EQ(calls, 0);
  run();
  EXPECT_EQ(calls, 1);
}

TEST_F(AddAbortListener, NoSignalIsATypeError) {
  try {
    events::addAbortListener(AbortSignal(), [] {});
    FAIL() << "no exception";
  } catch (const Error& e) {
    EXPECT_EQ(e.name, "TypeError");
    EXPECT_EQ(e.code, "ERR_INVALID_ARG_TYPE");
  }
}

}  // namespace
}  // namespace nodecc
