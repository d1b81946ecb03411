// Conversions from Node that GCC 12 used to reject (issue 16): Promise.all of promises inside
// co_await, Resolve<>/Reject<> without a type. Each compiled only with clang before.
#include <gtest/gtest.h>
#include <nodecc/nodecc.h>

#include <array>
#include <string>
#include <vector>

#include "unit/api/api_test_util.h"

namespace nodecc {
namespace {

using PromiseTrapsTest = test::ApiTest;
namespace tp = timers::promises;

Promise<int> later(double ms, int value) {
  co_await tp::setTimeout(ms);
  co_return value;
}

TEST_F(PromiseTrapsTest, AllOfArgumentsInsideCoAwait) {
  std::array<int, 3> got{};
  auto body = [&]() -> Promise<> {
    auto a = later(20, 1);
    auto b = later(1, 2);
    got = co_await Promise<>::all(a, b, later(5, 3));
  };
  body();
  nodecc::run();
  EXPECT_EQ(got, (std::array<int, 3>{1, 2, 3}));
}

Promise<std::string> laterText(double ms, std::string value) {
  co_await tp::setTimeout(ms);
  co_return value;
}

// const [n, s] = await Promise.all([a, b]): a tuple when the types differ, in argument order
// whatever order they settle in.
TEST_F(PromiseTrapsTest, AllOfMixedTypesBindsLikeJavaScriptDestructuring) {
  int n = 0;
  std::string s;
  int p = 0, q = 0;
  auto body = [&]() -> Promise<> {
    auto [number, text] = co_await Promise<>::all(later(20, 7), laterText(1, "seven"));
    n = number;
    s = text;
    auto [first, second] = co_await Promise<>::all(later(5, 1), later(1, 2));
    p = first;
    q = second;
  };
  body();
  nodecc::run();
  EXPECT_EQ(n, 7);
  EXPECT_EQ(s, "seven");
  EXPECT_EQ(p, 1);
  EXPECT_EQ(q, 2);
}

TEST_F(PromiseTrapsTest, AllOfMixedTypesRejectsWithTheFirstRejection) {
  std::string caught;
  bool bound = false;
  auto body = [&]() -> Promise<> {
    try {
      auto [number, text, other] =
          co_await Promise<>::all(later(20, 7), Promise<std::string>::reject(Error("no")),
                                  Promise<int>::reject(Error("later")));
      bound = true;
      (void)number;
      (void)text;
      (void)other;
    } catch (const Error& e) {
      caught = e.message;
    }
  };
  body();
  nodecc::run();
  EXPECT_FALSE(bound);
  EXPECT_EQ(caught, "no");
}

TEST_F(PromiseTrapsTest, RaceAndAllSettledOfArgumentsInsideCoAwait) {
  int first = 0;
  std::vector<std::string> statuses;
  auto body = [&]() -> Promise<> {
    first = co_await Promise<>::race(later(30, 1), later(1, 2));
    auto settled = co_await Promise<>::allSettled(later(1, 1), Promise<int>::reject(Error("no")));
    for (auto& s : settled) {
      statuses.push_back(s.status);
    }
  };
  body();
  nodecc::run();
  EXPECT_EQ(first, 2);
  EXPECT_EQ(statuses, (std::vector<std::string>{"fulfilled", "rejected"}));
}

TEST_F(PromiseTrapsTest, AllOfVoidArgumentsInsideCoAwait) {
  size_t count = 0;
  auto body = [&]() -> Promise<> {
    auto done = co_await Promise<>::all(tp::setTimeout(1), tp::setImmediate());
    count = done.size();
  };
  body();
  nodecc::run();
  EXPECT_EQ(count, 2u);
}

TEST_F(PromiseTrapsTest, BracedListNamedBeforeCoAwait) {
  std::vector<int> got;
  auto body = [&]() -> Promise<> {
    auto a = later(1, 1);
    auto b = later(2, 2);
    auto all = Promise<>::all({a, b});  // the braced form, outside the co_await operand
    got = co_await all;
  };
  body();
  nodecc::run();
  EXPECT_EQ(got, (std::vector<int>{1, 2}));
}

TEST_F(PromiseTrapsTest, ResolveAndRejectDefaultToVoid) {
  std::string log;
  auto p = Promise<>([&](Resolve<> resolve, Reject<> reject) {
    setTimeout([resolve] { resolve(); }, 1);
    log += "executor;";
    (void)reject;
  });
  auto q = Promise<>([](Resolve<>, Reject<> reject) { reject(Error("nope")); });
  p.then([&] { log += "resolved;"; });
  q.catch_([&](std::exception_ptr e) { log += test::messageOf(e) + ";"; });
  nodecc::run();
  EXPECT_EQ(log, "executor;nope;resolved;");
}

}  // namespace
}  // namespace nodecc
