// Generator<T> and AsyncGenerator<T>: values in order, exceptions, and what ending one early
// does to its body (destructors run; an async body awaiting a promise ends at its next
// suspension, without leaking: ASan checks).
#include <nodecc/generator.h>
#include <nodecc/nodecc.h>

#include <vector>

#include "unit/api/api_test_util.h"

namespace nodecc {
namespace {

using GeneratorTest = test::ApiTest;

struct Flag {
  bool* set;
  ~Flag() { *set = true; }
};

Generator<int> upTo(int n, bool* finished) {
  Flag f{finished};
  for (int i = 0; i < n; ++i) {
    co_yield i;
  }
}

Generator<int> throwsAfterOne() {
  co_yield 1;
  throw Error("generator failed");
}

TEST_F(GeneratorTest, YieldsInOrderAndEnds) {
  bool finished = false;
  std::vector<int> got;
  for (int v : upTo(4, &finished)) {
    got.push_back(v);
  }
  EXPECT_EQ(got, (std::vector<int>{0, 1, 2, 3}));
  EXPECT_TRUE(finished);
}

TEST_F(GeneratorTest, ResetRunsTheBodysDestructors) {
  bool finished = false;
  auto g = upTo(100, &finished);
  EXPECT_EQ(g.next(), 0);
  EXPECT_FALSE(finished);
  g.reset();
  EXPECT_TRUE(finished);
  EXPECT_EQ(g.next(), std::nullopt);
}

TEST_F(GeneratorTest, RethrowsWhatTheBodyThrew) {
  auto g = throwsAfterOne();
  EXPECT_EQ(g.next(), 1);
  EXPECT_THROW(g.next(), Error);
  EXPECT_EQ(g.next(), std::nullopt);
}

AsyncGenerator<int> ticking(int n, bool* finished) {
  Flag f{finished};
  for (int i = 0; i < n; ++i) {
    co_await timers::promises::setTimeout(1);
    co_yield i;
  }
}

TEST_F(GeneratorTest, AsyncGeneratorYieldsAcrossAwaits) {
  bool finished = false;
  std::vector<int> got;
  // Named: a coroutine lambda must outlive its frame (its captures live in it).
  auto body = [&]() -> Promise<> {
    auto g = ticking(3, &finished);
    while (auto v = co_await g.next()) {
      got.push_back(*v);
    }
  };
  body();
  run();
  EXPECT_EQ(got, (std::vector<int>{0, 1, 2}));
  EXPECT_TRUE(finished);
}

TEST_F(GeneratorTest, AsyncGeneratorDestroyedWhileAwaitingEndsAtItsNextSuspension) {
  bool finished = false;
  {
    auto g = ticking(10, &finished);
    g.next();  // the body now awaits a timer
  }
  EXPECT_FALSE(finished);
  run();  // the timer fires, the body reaches co_yield and ends there
  EXPECT_TRUE(finished);
}

AsyncGenerator<int> asyncThrows() {
  co_yield 7;
  throw Error("async failed");
}

TEST_F(GeneratorTest, AsyncGeneratorRejectsWithTheBodysError) {
  std::string caught;
  // Named: a coroutine lambda must outlive its frame (its captures live in it).
  auto body = [&]() -> Promise<> {
    auto g = asyncThrows();
    EXPECT_EQ(*co_await g.next(), 7);
    try {
      co_await g.next();
    } catch (const Error& e) {
      caught = e.message;
    }
    EXPECT_EQ(co_await g.next(), std::nullopt);
  };
  body();
  run();
  EXPECT_EQ(caught, "async failed");
}

}  // namespace
}  // namespace nodecc
