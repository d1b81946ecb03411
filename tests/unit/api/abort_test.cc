// AbortController / AbortSignal (nodecc/abort.h) and the timers/promises forms that take a
// signal: listener order, onabort, any(), reasons, the AbortError an aborted timer gives, and
// setInterval's iterator.
#include <gtest/gtest.h>
#include <nodecc/nodecc.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "api/runtime.h"
#include "unit/api/api_test_util.h"

namespace nodecc {
namespace {

using AbortSignalTest = test::ApiTest;
using TimersPromisesAbort = test::ApiTest;
using IntervalIterator = test::ApiTest;

std::string describe(const std::exception_ptr& e) {
  try {
    std::rethrow_exception(e);
  } catch (const Error& err) {
    return err.name + " " + err.code + " " + err.message;
  } catch (...) {
    return "?";
  }
}

TEST_F(AbortSignalTest, ListenersAndOnabortRunInTheOrderTheyWereSet) {
  AbortController ac;
  std::vector<std::string> log;
  EXPECT_FALSE(ac.signal.aborted());
  EXPECT_EQ(ac.signal.reason().message, "");
  ac.signal.addEventListener("abort", [&] { log.push_back("first"); });
  ac.signal.onabort([&] { log.push_back("replaced"); });
  ac.signal.addEventListener("abort", [&] { log.push_back("last"); });
  ac.signal.onabort([&] { log.push_back("onabort"); });  // keeps the first handler's place
  ac.abort();
  ac.abort();  // once only
  EXPECT_EQ(log, (std::vector<std::string>{"first", "onabort", "last"}));
  EXPECT_EQ(ac.signal.reason().name, "AbortError");
  EXPECT_EQ(ac.signal.reason().message, "This operation was aborted");
  EXPECT_THROW(ac.signal.throwIfAborted(), Error);
}

TEST_F(AbortSignalTest, RemovedListenersDoNotRun) {
  AbortController ac;
  int calls = 0;
  uint64_t id = ac.signal.addEventListener("abort", [&] { ++calls; });
  ac.signal.removeEventListener("abort", id);
  ac.signal.onabort([&] { ++calls; });
  ac.signal.onabort(nullptr);
  ac.abort();
  EXPECT_EQ(calls, 0);
}

TEST_F(AbortSignalTest, AnyTakesTheFirstReason) {
  AbortController a, b;
  AbortSignal any = AbortSignal::any({a.signal, b.signal, AbortSignal()});
  std::string seen;
  any.addEventListener("abort", [&] { seen = any.reason().message; });
  b.abort(Error("why"));
  a.abort();
  EXPECT_TRUE(any.aborted());
  EXPECT_EQ(seen, "why");
  EXPECT_TRUE(AbortSignal::any({AbortSignal::abort()}).aborted());
  EXPECT_FALSE(AbortSignal::any({}).aborted());
}

TEST_F(AbortSignalTest, AnyOutlivedByItsSourcesIsHarmless) {
  AbortController a;
  { AbortSignal any = AbortSignal::any({a.signal}); }
  a.abort();
  EXPECT_TRUE(a.signal.aborted());
}

TEST_F(AbortSignalTest, TimeoutAbortsWithTimeoutError) {
  AbortSignal s = AbortSignal::timeout(1);
  auto keep = setTimeout([] {}, 20);  // the signal's timer is unref'd
  run();
  EXPECT_TRUE(s.aborted());
  EXPECT_EQ(s.reason().name, "TimeoutError");
  EXPECT_EQ(s.reason().message, "The operation was aborted due to timeout");
}

TEST_F(TimersPromisesAbort, AbortingRejectsAndClearsTheTimer) {
  AbortController ac;
  auto p = timers::promises::setTimeout(60000, std::string("v"), {ac.signal});
  auto q = timers::promises::setTimeout(60000, {ac.signal});
  setTimeout([&] { ac.abort(); }, 1);
  std::string got;
  p.catch_([&](std::exception_ptr e) {
    got = describe(e);
    return std::string();
  });
  q.catch_([](std::exception_ptr) {});
  run();  // returns at once: the aborted timers no longer hold the loop
  EXPECT_EQ(got, "AbortError ABORT_ERR The operation was aborted");
  EXPECT_TRUE(q.isRejected());
}

// Node: new AbortError(undefined, {cause: signal.reason}) from timers/promises and events.once.
TEST_F(TimersPromisesAbort, TheAbortErrorsCauseIsTheSignalsReason) {
  AbortController ac;
  auto p = timers::promises::setTimeout(60000, {ac.signal});
  EventEmitter e;
  auto q = events::once<int>(e, "data", {ac.signal});
  auto r = timers::promises::setImmediate({AbortSignal::abort(Error("E_WHY", "why"))});
  std::vector<std::string> causes;
  auto record = [&](std::exception_ptr ex) {
    try {
      std::rethrow_exception(ex);
    } catch (const Error& err) {
      causes.push_back(err.name + " / " +
                       (err.cause ? err.cause->name + " " + err.cause->message : "no cause"));
    }
  };
  p.catch_(record);
  q.catch_([&](std::exception_ptr ex) {
    record(ex);
    return 0;
  });
  r.catch_(record);
  ac.abort();
  run();
  std::sort(causes.begin(), causes.end());
  EXPECT_EQ(causes, (std::vector<std::string>{
                        "AbortError / AbortError This operation was aborted",
                        "AbortError / AbortError This operation was aborted",
                        "AbortError / Error why",
                    }));
}

TEST_F(TimersPromisesAbort, AnAbortedSignalRejectsAtOnce) {
  auto p = timers::promises::setImmediate(1, {AbortSignal::abort()});
  auto q = timers::promises::setImmediate({AbortSignal::abort()});
  EXPECT_TRUE(p.isRejected());
  EXPECT_TRUE(q.isRejected());
  p.catch_([](std::exception_ptr) { return 0; });
  q.catch_([](std::exception_ptr) {});
  run();
}

TEST_F(TimersPromisesAbort, FiringFirstIgnoresALaterAbort) {
  AbortController ac;
  auto p = timers::promises::setTimeout(1, 5, {ac.signal});
  auto i = timers::promises::setImmediate(std::string("i"), {ac.signal});
  run();
  ac.abort();
  ASSERT_TRUE(p.isFulfilled());
  EXPECT_EQ(*p.state().value, 5);
  ASSERT_TRUE(i.isFulfilled());
  EXPECT_EQ(*i.state().value, "i");
}

TEST_F(IntervalIterator, YieldsTheValueUntilTheLoopBreaksAndTheIntervalIsCleared) {
  std::vector<int> got;
  auto loop = [&]() -> Promise<> {
    for (auto it = timers::promises::setInterval(1, 7); auto v = co_await it.next();) {
      got.push_back(*v);
      if (got.size() == 3) {
        break;
      }
    }
  };
  auto p = loop();
  run();  // ends: the break cleared the interval (the fixture checks no timer is left)
  EXPECT_TRUE(p.isFulfilled());
  EXPECT_EQ(got, (std::vector<int>{7, 7, 7}));
}

TEST_F(IntervalIterator, TheTimerStartsAtTheFirstNext) {
  auto it = timers::promises::setInterval(1);
  EXPECT_EQ(nodecc::detail::Runtime::current().loop().timerCount(), 0u);
  auto first = it.next();
  EXPECT_EQ(nodecc::detail::Runtime::current().loop().timerCount(), 1u);
  bool got = false;
  first.then([&](std::optional<std::monostate> v) {
    got = v.has_value();
    it.reset();  // suspended at its yield: ends now, the interval cleared
  });
  run();
  EXPECT_TRUE(got);
}

TEST_F(IntervalIterator, AbortRejectsTheWaitingNextWithTheReasonAsCause) {
  AbortController ac;
  std::string got;
  auto loop = [&]() -> Promise<> {
    try {
      for (auto it = timers::promises::setInterval(60000, 1, {ac.signal});
           auto v = co_await it.next();) {
      }
    } catch (const Error& err) {
      got = err.name + " " + err.code + " / " + err.cause->message;
    }
  };
  auto p = loop();
  setTimeout([&] { ac.abort(Error("stop")); }, 1);
  run();  // ends at once: the abort cleared the interval
  EXPECT_EQ(got, "AbortError ABORT_ERR / stop");
}

TEST_F(IntervalIterator, AnAbortedSignalRejectsTheFirstNext) {
  auto it = timers::promises::setInterval(1, std::string("x"), {AbortSignal::abort()});
  auto p = it.next();
  std::string got;
  p.catch_([&](std::exception_ptr e) {
    got = describe(e);
    return std::optional<std::string>();
  });
  run();
  EXPECT_EQ(got, "AbortError ABORT_ERR The operation was aborted");
  EXPECT_EQ(nodecc::detail::Runtime::current().loop().timerCount(), 0u);
}

TEST_F(IntervalIterator, AnIteratorDroppedWhileItsNextWaitsEndsAtTheNextTick) {
  int settled = 0;
  {
    auto it = timers::promises::setInterval(1, 1);
    it.next().then([&](std::optional<int>) { ++settled; });
  }  // dropped with next() pending: the body ends at its next yield, the interval cleared
  run();
  EXPECT_EQ(settled, 0);  // an abandoned generator settles nothing (nodecc/generator.h)
}

TEST_F(IntervalIterator, AnUnrefedIntervalLetsRunEnd) {
  AbortController ac;
  auto it = timers::promises::setInterval(60000, 1, {ac.signal, false});
  auto p = it.next();
  bool rejected = false;
  p.catch_([&](std::exception_ptr) {
    rejected = true;
    return std::optional<int>();
  });
  run();  // returns at once: the unref'd interval does not hold the loop
  EXPECT_FALSE(rejected);
  ac.abort();  // clears it, so that the fixture finds no timer left
  run();
  EXPECT_TRUE(rejected);
}

}  // namespace
}  // namespace nodecc
