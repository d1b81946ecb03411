// Promise.all / race / allSettled and timers/promises.
#include <gtest/gtest.h>
#include <nodecc/nodecc.h>

#include <memory>
#include <string>
#include <vector>

#include "unit/api/api_test_util.h"

namespace nodecc {
namespace {

using Log = std::vector<std::string>;
using PromiseCombinatorsTest = test::ApiTest;
using test::messageOf;
namespace tp = timers::promises;

// A promise rejected with `message` after `ms`.
Promise<int> rejectAfter(double ms, std::string message) {
  auto r = Promise<int>::withResolvers();
  setTimeout([rej = r.reject, message] { rej(Error(message)); }, ms);
  return r.promise;
}

TEST_F(PromiseCombinatorsTest, AllFulfillsWithValuesInInputOrder) {
  std::vector<int> out;
  Promise<>::all(std::vector<Promise<int>>{tp::setTimeout(30, 1), tp::setTimeout(1, 2),
                                           Promise<int>::resolve(3)})
      .then([&](std::vector<int>& v) { out = v; });
  nodecc::run();
  EXPECT_EQ(out, (std::vector<int>{1, 2, 3}));
}

TEST_F(PromiseCombinatorsTest, AllOfNothingFulfillsWithNothing) {
  auto p = Promise<>::all(std::vector<Promise<int>>{});
  EXPECT_TRUE(p.isFulfilled());
  bool ran = false;
  p.then([&](std::vector<int>& v) {
    ran = true;
    EXPECT_TRUE(v.empty());
  });
  nodecc::run();
  EXPECT_TRUE(ran);
}

TEST_F(PromiseCombinatorsTest, AllOfVoidPromises) {
  size_t count = 99;
  Promise<>::all(std::vector<Promise<>>{tp::setTimeout(1), tp::setImmediate()}).then([&](auto& v) {
    count = v.size();
  });
  nodecc::run();
  EXPECT_EQ(count, 2u);
}

TEST_F(PromiseCombinatorsTest, AllRejectsWithTheFirstRejectionWithoutWaitingForTheRest) {
  Log log;
  tp::setTimeout(40).then([&] { log.push_back("slow timer done"); });
  Promise<>::all(std::vector<Promise<int>>{tp::setTimeout(40, 1), rejectAfter(1, "bad")})
      .then([&](std::vector<int>&) { log.push_back("fulfilled"); })
      .catch_([&](std::exception_ptr e) { log.push_back("rejected: " + messageOf(e)); });
  nodecc::run();
  EXPECT_EQ(log, (Log{"rejected: bad", "slow timer done"}));
}

TEST_F(PromiseCombinatorsTest, AllHandlesEveryInputRejectionNotOnlyTheFirst) {
  Log unhandled;
  auto listener = [&](std::exception_ptr e) { unhandled.push_back(messageOf(e)); };
  process::on("unhandledRejection", listener);
  std::string reason;
  Promise<>::all(std::vector<Promise<int>>{Promise<int>::reject(Error("one")),
                                           Promise<int>::reject(Error("two"))})
      .catch_([&](std::exception_ptr e) {
        reason = messageOf(e);
        return std::vector<int>{};
      });
  nodecc::run();
  process::off("unhandledRejection", listener);
  EXPECT_EQ(reason, "one");
  EXPECT_TRUE(unhandled.empty());
}

TEST_F(PromiseCombinatorsTest, RaceSettlesLikeTheFirstToSettle) {
  int out = 0;
  Promise<>::race(std::vector<Promise<int>>{tp::setTimeout(40, 1), tp::setTimeout(1, 2)})
      .then([&](int v) { out = v; });
  nodecc::run();
  EXPECT_EQ(out, 2);
}

TEST_F(PromiseCombinatorsTest, RaceRejectsWhenARejectionComesFirst) {
  Log unhandled;
  auto listener = [&](std::exception_ptr e) { unhandled.push_back(messageOf(e)); };
  process::on("unhandledRejection", listener);
  std::string reason;
  int value = 0;
  Promise<>::race(std::vector<Promise<int>>{tp::setTimeout(40, 1), rejectAfter(1, "lost")})
      .then([&](int v) { value = v; })
      .catch_([&](std::exception_ptr e) { reason = messageOf(e); });
  // A losing rejection after the winner is ignored, not unhandled.
  Promise<>::race(std::vector<Promise<int>>{tp::setTimeout(1, 5), rejectAfter(40, "late loser")})
      .then([&](int v) { value = v; });
  nodecc::run();
  process::off("unhandledRejection", listener);
  EXPECT_EQ(reason, "lost");
  EXPECT_EQ(value, 5);
  EXPECT_TRUE(unhandled.empty());
}

TEST_F(PromiseCombinatorsTest, RaceOfNothingStaysPending) {
  auto p = Promise<>::race(std::vector<Promise<int>>{});
  nodecc::run();
  EXPECT_TRUE(p.isPending());
}

TEST_F(PromiseCombinatorsTest, AllSettledReportsEachOutcomeInInputOrder) {
  std::vector<Settled<int>> out;
  Promise<>::allSettled(std::vector<Promise<int>>{tp::setTimeout(10, 1), rejectAfter(1, "no"),
                                                  Promise<int>::resolve(3)})
      .then([&](std::vector<Settled<int>>& v) { out = v; });
  nodecc::run();
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[0].status, "fulfilled");
  EXPECT_EQ(out[0].value, 1);
  EXPECT_EQ(out[1].status, "rejected");
  EXPECT_FALSE(out[1].value.has_value());
  EXPECT_EQ(messageOf(out[1].reason), "no");
  EXPECT_EQ(out[2].status, "fulfilled");
  EXPECT_EQ(out[2].value, 3);
  EXPECT_FALSE(out[2].reason);
}

TEST_F(PromiseCombinatorsTest, AllSettledOfNothingFulfillsWithNothing) {
  auto p = Promise<>::allSettled(std::vector<Promise<int>>{});
  EXPECT_TRUE(p.isFulfilled());
  size_t size = 99;
  p.then([&](std::vector<Settled<int>>& v) { size = v.size(); });
  nodecc::run();
  EXPECT_EQ(size, 0u);
}

Promise<> sleepThenLog(Log* log) {
  auto start = process::hrtime.bigint();
  co_await tp::setTimeout(20);
  uint64_t elapsedMs = (process::hrtime.bigint() - start) / 1000000;
  log->push_back(elapsedMs >= 19 ? "slept" : "woke early: " + std::to_string(elapsedMs));
}

TEST_F(PromiseCombinatorsTest, TimersPromisesSetTimeoutFulfillsNoEarlierThanItsDelay) {
  Log log;
  sleepThenLog(&log);
  nodecc::run();
  EXPECT_EQ(log, (Log{"slept"}));
}

TEST_F(PromiseCombinatorsTest, TimersPromisesSetTimeoutFulfillsWithItsValue) {
  std::string out;
  tp::setTimeout(1, std::string("value")).then([&](const std::string& s) { out = s; });
  nodecc::run();
  EXPECT_EQ(out, "value");
}

TEST_F(PromiseCombinatorsTest, TimersPromisesSetImmediateFulfillsAfterTicksAndMicrotasks) {
  Log log;
  tp::setImmediate().then([&] { log.push_back("immediate"); });
  process::nextTick([&] { log.push_back("tick"); });
  queueMicrotask([&] { log.push_back("microtask"); });
  nodecc::run();
  EXPECT_EQ(log, (Log{"tick", "microtask", "immediate"}));
}

}  // namespace
}  // namespace nodecc
