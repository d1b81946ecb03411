#include <gtest/gtest.h>
#include <nodecc/nodecc.h>

#include <array>
#include <memory>
#include <utility>

namespace nodecc {
namespace {

// Counts live instances, to prove each captured object is destroyed exactly once.
struct Counted {
  explicit Counted(int* live) : live(live) { ++*live; }
  Counted(const Counted& o) : live(o.live) { ++*live; }
  Counted(Counted&& o) noexcept : live(o.live) { ++*live; }
  ~Counted() { --*live; }
  int* live;
};

TEST(UniqueFunction, EmptyByDefault) {
  UniqueFunction<void()> f;
  EXPECT_FALSE(f);
  UniqueFunction<void()> g = nullptr;
  EXPECT_FALSE(g);
}

TEST(UniqueFunction, CallsASmallCallable) {
  int x = 0;
  UniqueFunction<int(int)> f = [&x](int d) { return x += d; };
  EXPECT_TRUE(f);
  EXPECT_EQ(f(2), 2);
  EXPECT_EQ(f(3), 5);
}

TEST(UniqueFunction, CallsALargeCallable) {
  std::array<int, 64> big{};
  big[63] = 7;
  UniqueFunction<int()> f = [big] { return big[63]; };
  EXPECT_EQ(f(), 7);
  UniqueFunction<int()> moved = std::move(f);
  EXPECT_FALSE(f);  // moved-from is empty
  EXPECT_EQ(moved(), 7);
}

TEST(UniqueFunction, AcceptsMoveOnlyCaptures) {
  auto p = std::make_unique<int>(5);
  UniqueFunction<int()> f = [p = std::move(p)] { return *p; };
  UniqueFunction<int()> g = std::move(f);
  EXPECT_EQ(g(), 5);
}

TEST(UniqueFunction, DestroysItsCallableExactlyOnceInlineOrOnTheHeap) {
  int live = 0;
  {
    UniqueFunction<void()> small = [c = Counted(&live)] {};
    std::array<char, 100> pad{};
    UniqueFunction<void()> large = [c = Counted(&live), pad] {};
    EXPECT_EQ(live, 2);
    UniqueFunction<void()> a = std::move(small);
    UniqueFunction<void()> b = std::move(large);
    EXPECT_EQ(live, 2);
    a = std::move(b);  // a's callable goes, b's moves in
    EXPECT_EQ(live, 1);
    a = nullptr;
    EXPECT_EQ(live, 0);
  }
  EXPECT_EQ(live, 0);
}

TEST(UniqueFunction, ResetDestroysTheCallable) {
  int live = 0;
  UniqueFunction<void()> f = [c = Counted(&live)] {};
  f();
  f.reset();
  EXPECT_FALSE(f);
  EXPECT_EQ(live, 0);
  f.reset();  // twice: no-op
}

}  // namespace
}  // namespace nodecc
