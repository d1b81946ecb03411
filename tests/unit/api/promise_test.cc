// Promise<T>: then/catch_/finally, coroutines, unhandled rejections and abandoned promises.
#include <gtest/gtest.h>
#include <nodecc/nodecc.h>

#include <memory>
#include <string>
#include <vector>

#include "unit/api/api_test_util.h"

namespace nodecc {
namespace {

using Log = std::vector<std::string>;
using PromiseTest = test::ApiTest;
using test::messageOf;

TEST_F(PromiseTest, ThenChainsTransformValues) {
  std::string out;
  Promise<int>::resolve(1)
      .then([](int& v) { return v + 1; })
      .then([](int v) { return std::to_string(v * 10); })
      .then([&](const std::string& s) { out = s; });
  EXPECT_EQ(out, "");  // reactions run in microtasks, never synchronously
  nodecc::run();
  EXPECT_EQ(out, "20");
}

TEST_F(PromiseTest, ThenOnAVoidPromiseTakesNoArgument) {
  int calls = 0;
  Promise<>::resolve().then([&] { ++calls; }).then([&] { ++calls; });
  nodecc::run();
  EXPECT_EQ(calls, 2);
}

TEST_F(PromiseTest, ThenReturningAPromiseAdoptsIt) {
  int out = 0;
  Promise<int>::resolve(4)
      .then([](int v) { return timers::promises::setTimeout(5, v * 10); })
      .then([&](int v) { out = v; });
  nodecc::run();
  EXPECT_EQ(out, 40);
}

TEST_F(PromiseTest, ThenAdoptingARejectedPromiseRejects) {
  std::string caught;
  Promise<int>::resolve(1)
      .then([](int) { return Promise<int>::reject(Error("inner")); })
      .catch_([&](std::exception_ptr e) {
        caught = messageOf(e);
        return 0;
      });
  nodecc::run();
  EXPECT_EQ(caught, "inner");
}

TEST_F(PromiseTest, RejectionSkipsThenHandlersUntilACatch) {
  int fulfilledCalls = 0;
  std::string caught;
  Promise<int>::reject(Error("first"))
      .then([&](int v) {
        ++fulfilledCalls;
        return v;
      })
      .then([&](int v) {
        ++fulfilledCalls;
        return v;
      })
      .catch_([&](std::exception_ptr e) {
        caught = messageOf(e);
        return 0;
      });
  nodecc::run();
  EXPECT_EQ(fulfilledCalls, 0);
  EXPECT_EQ(caught, "first");
}

TEST_F(PromiseTest, ThenWithARejectionHandlerRecovers) {
  int out = 0;
  Promise<int>::reject(Error("x"))
      .then([](int v) { return v; }, [](std::exception_ptr) { return -1; })
      .then([&](int v) { out = v; });
  nodecc::run();
  EXPECT_EQ(out, -1);
}

TEST_F(PromiseTest, ExceptionInThenRejectsTheNextPromise) {
  std::string caught;
  Promise<int>::resolve(1)
      .then([](int) -> int { throw Error("thrown in then"); })
      .catch_([&](std::exception_ptr e) {
        caught = messageOf(e);
        return 0;
      });
  nodecc::run();
  EXPECT_EQ(caught, "thrown in then");
}

TEST_F(PromiseTest, CatchPassesAFulfilledValueThrough) {
  int out = 0;
  bool handlerRan = false;
  Promise<int>::resolve(3)
      .catch_([&](std::exception_ptr) {
        handlerRan = true;
        return 0;
      })
      .then([&](int v) { out = v; });
  nodecc::run();
  EXPECT_EQ(out, 3);
  EXPECT_FALSE(handlerRan);
}

TEST_F(PromiseTest, CatchMayReturnAPromise) {
  int out = 0;
  Promise<int>::reject(Error("x"))
      .catch_([](std::exception_ptr) { return timers::promises::setTimeout(1, 9); })
      .then([&](int v) { out = v; });
  nodecc::run();
  EXPECT_EQ(out, 9);
}

TEST_F(PromiseTest, CatchThatRethrowsKeepsTheChainRejected) {
  std::string caught;
  Promise<int>::reject(Error("again"))
      .catch_([](std::exception_ptr e) -> int { std::rethrow_exception(e); })
      .catch_([&](std::exception_ptr e) {
        caught = messageOf(e);
        return 0;
      });
  nodecc::run();
  EXPECT_EQ(caught, "again");
}

TEST_F(PromiseTest, FinallyRunsEitherWayAndKeepsTheOutcome) {
  Log log;
  int value = 0;
  std::string reason;
  Promise<int>::resolve(5).finally([&] { log.push_back("finally-fulfilled"); }).then([&](int v) {
    value = v;
  });
  Promise<int>::reject(Error("kept"))
      .finally([&] { log.push_back("finally-rejected"); })
      .catch_([&](std::exception_ptr e) {
        reason = messageOf(e);
        return 0;
      });
  nodecc::run();
  EXPECT_EQ(log, (Log{"finally-fulfilled", "finally-rejected"}));
  EXPECT_EQ(value, 5);
  EXPECT_EQ(reason, "kept");
}

TEST_F(PromiseTest, FinallyThatThrowsRejectsWithItsOwnError) {
  std::string reason;
  Promise<int>::resolve(5)
      .finally([] { throw Error("from finally"); })
      .catch_([&](std::exception_ptr e) {
        reason = messageOf(e);
        return 0;
      });
  nodecc::run();
  EXPECT_EQ(reason, "from finally");
}

TEST_F(PromiseTest, SettlingTwiceKeepsTheFirstOutcome) {
  auto r = Promise<int>::withResolvers();
  r.resolve(1);
  r.resolve(2);
  r.reject(Error("ignored"));
  EXPECT_TRUE(r.promise.isFulfilled());
  int out = 0;
  r.promise.then([&](int v) { out = v; });
  nodecc::run();
  EXPECT_EQ(out, 1);
}

TEST_F(PromiseTest, WithResolversSettlesFromLater) {
  auto r = Promise<std::string>::withResolvers();
  std::string out;
  r.promise.then([&](const std::string& s) { out = s; });
  setTimeout([res = r.resolve] { res(std::string("later")); }, 2);
  EXPECT_TRUE(r.promise.isPending());
  nodecc::run();
  EXPECT_EQ(out, "later");

  auto failing = Promise<int>::withResolvers();
  std::string reason;
  failing.promise.catch_([&](std::exception_ptr e) {
    reason = messageOf(e);
    return 0;
  });
  failing.reject(Error("rejected via resolvers"));
  nodecc::run();
  EXPECT_EQ(reason, "rejected via resolvers");
}

TEST_F(PromiseTest, ExecutorConstructorRunsAtOnce) {
  bool ran = false;
  Promise<int> p([&](Resolve<int> resolve, Reject<int>) {
    ran = true;
    resolve(7);
  });
  EXPECT_TRUE(ran);
  EXPECT_TRUE(p.isFulfilled());
  Promise<int> q([](auto, auto reject) { reject(Error("executor rejected")); });
  EXPECT_TRUE(q.isRejected());
  Promise<int> thrown([](Resolve<int>, Reject<int>) { throw Error("executor threw"); });
  EXPECT_TRUE(thrown.isRejected());
  std::string reasons;
  auto collect = [&](std::exception_ptr e) {
    reasons += messageOf(e) + ";";
    return 0;
  };
  q.catch_(collect);
  thrown.catch_(collect);
  nodecc::run();
  EXPECT_EQ(reasons, "executor rejected;executor threw;");
}

TEST_F(PromiseTest, ExecutorMayResolveLater) {
  Promise<int> p(
      [](Resolve<int> resolve, Reject<int>) { setTimeout([resolve] { resolve(11); }, 1); });
  int out = 0;
  p.then([&](int v) { out = v; });
  nodecc::run();
  EXPECT_EQ(out, 11);
}

// --- coroutines

Promise<std::string> greet(Log* log) {
  log->push_back("greet:start");
  co_await timers::promises::setTimeout(2);
  log->push_back("greet:after-sleep");
  co_return "hello";
}

Promise<> mainFunction(Log* log) {
  std::string s = co_await greet(log);
  log->push_back("main:" + s);
}

TEST_F(PromiseTest, CoroutinesRunEagerlyToTheirFirstAwait) {
  Log log;
  Promise<> done = mainFunction(&log);
  log.push_back("sync");
  EXPECT_TRUE(done.isPending());
  nodecc::run();
  EXPECT_EQ(log, (Log{"greet:start", "sync", "greet:after-sleep", "main:hello"}));
  EXPECT_TRUE(done.isFulfilled());
}

Promise<> resumeOrder(Log* log) {
  log->push_back("start");
  co_await Promise<>::resolve();  // already settled, and still a microtask later
  log->push_back("resumed");
}

TEST_F(PromiseTest, AwaitResumesInAMicrotaskAfterNextTicks) {
  Log log;
  resumeOrder(&log);
  process::nextTick([&] { log.push_back("tick"); });
  log.push_back("sync");
  nodecc::run();
  EXPECT_EQ(log, (Log{"start", "sync", "tick", "resumed"}));
}

Promise<int> failsAtOnce() {
  throw Error("ESYNC", "sync failure");
  co_return 0;
}

Promise<int> failsAfterAwait() {
  co_await timers::promises::setImmediate();
  throw Error("async failure");
  co_return 0;
}

TEST_F(PromiseTest, ExceptionInsideACoroutineRejectsItsPromise) {
  Promise<int> early = failsAtOnce();
  EXPECT_TRUE(early.isRejected());
  Promise<int> late = failsAfterAwait();
  EXPECT_TRUE(late.isPending());
  std::string reasons;
  auto collect = [&](std::exception_ptr e) {
    reasons += messageOf(e) + ";";
    return 0;
  };
  early.catch_(collect);
  late.catch_(collect);
  nodecc::run();
  EXPECT_EQ(reasons, "sync failure;async failure;");
}

Promise<std::string> awaitsRejected() {
  try {
    co_await Promise<int>::reject(Error("ENOPE", "nope"));
  } catch (const Error& e) {
    co_return "caught " + e.code + " " + e.message;
  }
  co_return "not thrown";
}

TEST_F(PromiseTest, AwaitingARejectedPromiseThrowsItsError) {
  std::string out;
  awaitsRejected().then([&](const std::string& s) { out = s; });
  nodecc::run();
  EXPECT_EQ(out, "caught ENOPE nope");
}

Promise<int> awaitsFailingCoroutine() {
  try {
    co_await failsAfterAwait();
  } catch (const Error& e) {
    co_return 1;
  }
  co_return 0;
}

TEST_F(PromiseTest, AwaitingAFailingCoroutineThrowsAcrossTheAwait) {
  int out = -1;
  awaitsFailingCoroutine().then([&](int v) { out = v; });
  nodecc::run();
  EXPECT_EQ(out, 1);
}

// Counts the copies made of it on the way from co_return to the awaiting coroutine.
struct CopyCounter {
  CopyCounter() = default;
  CopyCounter(const CopyCounter& o) : copies(o.copies + 1) {}
  CopyCounter(CopyCounter&&) = default;
  CopyCounter& operator=(const CopyCounter&) = default;
  int copies = 0;
};

Promise<CopyCounter> makeCounter() {
  co_await timers::promises::setImmediate();
  co_return CopyCounter{};
}

Promise<int> copiesSeenThroughAnRvalueAwait() {
  CopyCounter c = co_await makeCounter();  // an rvalue: moved out
  co_return c.copies;
}

Promise<int> copiesSeenThroughAnLvalueAwait() {
  Promise<CopyCounter> p = makeCounter();
  CopyCounter c = co_await p;  // an lvalue: copied, the promise keeps its value
  co_return c.copies;
}

TEST_F(PromiseTest, AwaitOnAnRvalueMovesTheValueOutAndOnAnLvalueCopiesIt) {
  int rvalueCopies = -1, lvalueCopies = -1;
  copiesSeenThroughAnRvalueAwait().then([&](int v) { rvalueCopies = v; });
  copiesSeenThroughAnLvalueAwait().then([&](int v) { lvalueCopies = v; });
  nodecc::run();
  EXPECT_EQ(rvalueCopies, 0);
  EXPECT_EQ(lvalueCopies, 1);
}

Promise<int> awaitTwice(Promise<std::string> p) {
  std::string a = co_await p;  // an lvalue: copied, the promise keeps its value
  std::string b = co_await p;
  co_return int(a.size() + b.size());
}

TEST_F(PromiseTest, AwaitingAnLvalueTwiceSeesTheValueTwice) {
  int out = 0;
  awaitTwice(Promise<std::string>::resolve(std::string("abc"))).then([&](int v) { out = v; });
  nodecc::run();
  EXPECT_EQ(out, 6);
}

// --- unhandled rejections

class UnhandledRejections {
 public:
  UnhandledRejections() { process::on("unhandledRejection", listener_); }
  ~UnhandledRejections() { process::off("unhandledRejection", listener_); }
  const Log& reasons() const { return *reasons_; }

 private:
  std::shared_ptr<Log> reasons_ = std::make_shared<Log>();
  std::function<void(std::exception_ptr)> listener_ = [r = reasons_](std::exception_ptr e) {
    r->push_back(messageOf(e));
  };
};

TEST_F(PromiseTest, UnhandledRejectionReachesTheProcessListener) {
  UnhandledRejections unhandled;
  Promise<int>::reject(Error("nobody listens"));
  nodecc::run();
  EXPECT_EQ(unhandled.reasons(), (Log{"nobody listens"}));
}

TEST_F(PromiseTest, RejectionHandledSynchronouslyIsNotReported) {
  UnhandledRejections unhandled;
  auto p = Promise<int>::reject(Error("handled"));
  p.catch_([](std::exception_ptr) { return 0; });
  nodecc::run();
  EXPECT_TRUE(unhandled.reasons().empty());
}

TEST_F(PromiseTest, RejectionHandledBeforeMicrotasksDrainIsNotReported) {
  UnhandledRejections unhandled;
  bool caught = false;
  auto p = Promise<int>::reject(Error("handled late"));
  queueMicrotask([p, &caught] {
    p.catch_([&caught](std::exception_ptr) {
      caught = true;
      return 0;
    });
  });
  nodecc::run();
  EXPECT_TRUE(caught);
  EXPECT_TRUE(unhandled.reasons().empty());
}

TEST_F(PromiseTest, RejectionHandledOnlyInALaterMacrotaskIsReportedOnce) {
  UnhandledRejections unhandled;
  bool caught = false;
  auto p = Promise<int>::reject(Error("too late"));
  setTimeout(
      [p, &caught] {
        p.catch_([&caught](std::exception_ptr) {
          caught = true;
          return 0;
        });
      },
      1);
  nodecc::run();
  EXPECT_TRUE(caught);
  EXPECT_EQ(unhandled.reasons(), (Log{"too late"}));
}

TEST_F(PromiseTest, DiscardedFailingCoroutineIsReported) {
  UnhandledRejections unhandled;
  failsAtOnce();
  failsAfterAwait();
  Promise<int>::resolve(1).then([](int) -> int { throw Error("in then"); });
  nodecc::run();
  EXPECT_EQ(unhandled.reasons(), (Log{"sync failure", "in then", "async failure"}));
}

TEST_F(PromiseTest, RejectionAwaitedByACoroutineIsHandled) {
  UnhandledRejections unhandled;
  std::string out;
  awaitsRejected().then([&](const std::string& s) { out = s; });
  nodecc::run();
  EXPECT_FALSE(out.empty());
  EXPECT_TRUE(unhandled.reasons().empty());
}

// --- abandoned promises

struct SetOnDestroy {
  bool* flag;
  ~SetOnDestroy() { *flag = true; }
};

Promise<int> waitsForever(Promise<int> p, bool* destroyed, bool* resumed) {
  SetOnDestroy guard{destroyed};
  int v = co_await p;
  *resumed = true;
  co_return v;
}

Promise<> awaitsInner(Promise<int> inner, bool* destroyed) {
  SetOnDestroy guard{destroyed};
  co_await inner;
}

TEST_F(PromiseTest, CoroutineAwaitingAPromiseWhoseResolversAreGoneIsDestroyed) {
  bool destroyed = false, resumed = false;
  {
    auto pending = Promise<int>::withResolvers();
    waitsForever(pending.promise, &destroyed, &resumed);
    nodecc::run();
    EXPECT_FALSE(destroyed);  // a resolver is alive: it may still settle
  }
  nodecc::run();
  EXPECT_TRUE(destroyed);
  EXPECT_FALSE(resumed);
}

TEST_F(PromiseTest, AwaitingAnAlreadyAbandonedPromiseDestroysTheCoroutine) {
  bool destroyed = false, resumed = false;
  Promise<int> orphan = Promise<int>::withResolvers().promise;  // resolvers dropped at once
  waitsForever(orphan, &destroyed, &resumed);
  nodecc::run();
  EXPECT_TRUE(destroyed);
  EXPECT_FALSE(resumed);
  EXPECT_TRUE(orphan.isPending());
}

TEST_F(PromiseTest, AbandonmentCascadesThroughAwaitingCoroutines) {
  bool innerDestroyed = false, innerResumed = false, outerDestroyed = false;
  {
    auto pending = Promise<int>::withResolvers();
    awaitsInner(waitsForever(pending.promise, &innerDestroyed, &innerResumed), &outerDestroyed);
  }
  nodecc::run();
  EXPECT_TRUE(innerDestroyed);
  EXPECT_TRUE(outerDestroyed);
  EXPECT_FALSE(innerResumed);
}

TEST_F(PromiseTest, ThenCallbacksOfAnAbandonedPromiseAreReleased) {
  auto token = std::make_shared<int>(0);
  {
    auto pending = Promise<int>::withResolvers();
    pending.promise.then([token](int) {}).then([token] {});
    EXPECT_EQ(token.use_count(), 3);
  }
  nodecc::run();
  EXPECT_EQ(token.use_count(), 1);
}

TEST_F(PromiseTest, ResolvedPromiseResumesTheCoroutineInsteadOfDestroyingIt) {
  bool destroyed = false, resumed = false;
  int out = 0;
  {
    auto pending = Promise<int>::withResolvers();
    waitsForever(pending.promise, &destroyed, &resumed).then([&](int v) { out = v; });
    pending.resolve(8);
  }
  nodecc::run();
  EXPECT_TRUE(resumed);
  EXPECT_TRUE(destroyed);  // the frame ends normally, destroying its locals
  EXPECT_EQ(out, 8);
}

// A move-only value can only be moved out of its promise, from an rvalue or an lvalue await.
TEST_F(PromiseTest, AwaitOnAMoveOnlyValueMovesItOut) {
  int seen = 0;
  auto box = []() -> Promise<std::unique_ptr<int>> { co_return std::make_unique<int>(7); };
  auto f = [&]() -> Promise<> {
    std::unique_ptr<int> b = co_await box();
    seen = *b;
  };
  f();
  nodecc::run();
  EXPECT_EQ(seen, 7);
}

}  // namespace
}  // namespace nodecc
