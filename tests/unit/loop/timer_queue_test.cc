#include "loop/timer_queue.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <functional>
#include <random>
#include <utility>
#include <vector>

namespace nodecc::loop::core {
namespace {

struct TestTimer : Timer {
  explicit TestTimer(int id) : Timer([](Timer*) {}), id(id) {}
  int id;
};

// Runs due timers, recording ids; `onFire` (optional) runs for each, with the timer unlinked.
struct Runner {
  std::vector<int> order;
  std::function<void(TestTimer*)> onFire;

  void run(TimerQueue& q, int64_t now) {
    q.runDue(
        now,
        [](void* ctx, Timer* t) {
          auto* self = static_cast<Runner*>(ctx);
          auto* tt = static_cast<TestTimer*>(t);
          self->order.push_back(tt->id);
          if (self->onFire) {
            self->onFire(tt);
          }
        },
        this);
  }
};

TEST(TimerQueue, EmptyQueueHasNoExpiry) {
  TimerQueue q;
  EXPECT_EQ(q.size(), 0u);
  EXPECT_EQ(q.nextExpiry(), -1);
  Runner r;
  r.run(q, 1000);
  EXPECT_TRUE(r.order.empty());
}

TEST(TimerQueue, FiresEqualDurationsInInsertionOrder) {
  TimerQueue q;
  std::deque<TestTimer> timers;
  for (int i = 0; i < 5; ++i) {
    timers.emplace_back(i);
  }
  for (auto& t : timers) {
    q.insert(t, 10, 0);
  }
  Runner r;
  r.run(q, 10);
  EXPECT_EQ(r.order, (std::vector<int>{0, 1, 2, 3, 4}));
  EXPECT_EQ(q.size(), 0u);
  EXPECT_EQ(q.nextExpiry(), -1);
}

TEST(TimerQueue, ShorterExpiryFiresFirstWhateverTheInsertionOrder) {
  TimerQueue q;
  TestTimer slow(1), fast(2), mid(3);
  q.insert(slow, 30, 0);
  q.insert(fast, 10, 0);
  q.insert(mid, 20, 0);
  EXPECT_EQ(q.nextExpiry(), 10);
  Runner r;
  r.run(q, 100);
  EXPECT_EQ(r.order, (std::vector<int>{2, 3, 1}));
}

// Two lists expiring at the same ms fire in the order their lists were created (Node's
// priority queue compares expiry, then list id).
TEST(TimerQueue, ListsWithEqualExpiryFireInListCreationOrder) {
  TimerQueue q;
  TestTimer a(1), b(2);
  q.insert(a, 20, 0);   // list 20 created first, expiry 20
  q.insert(b, 10, 10);  // list 10 created second, expiry 20
  Runner r;
  r.run(q, 20);
  EXPECT_EQ(r.order, (std::vector<int>{1, 2}));

  TimerQueue q2;
  TestTimer c(3), d(4);
  q2.insert(d, 10, 10);
  q2.insert(c, 20, 0);
  Runner r2;
  r2.run(q2, 20);
  EXPECT_EQ(r2.order, (std::vector<int>{4, 3}));
}

TEST(TimerQueue, NothingFiresBeforeItsExpiry) {
  TimerQueue q;
  TestTimer t(1);
  q.insert(t, 10, 100);
  Runner r;
  r.run(q, 109);
  EXPECT_TRUE(r.order.empty());
  EXPECT_EQ(q.size(), 1u);
  EXPECT_EQ(q.nextExpiry(), 110);
  r.run(q, 110);
  EXPECT_EQ(r.order, (std::vector<int>{1}));
}

TEST(TimerQueue, ListNotDueYetIsRescheduledToItsNextTimer) {
  TimerQueue q;
  TestTimer a(1), b(2), c(3);
  q.insert(a, 10, 0);
  q.insert(b, 10, 5);
  q.insert(c, 10, 7);
  Runner r;
  r.run(q, 12);
  EXPECT_EQ(r.order, (std::vector<int>{1}));
  EXPECT_EQ(q.size(), 2u);
  EXPECT_EQ(q.nextExpiry(), 15);
  r.run(q, 16);
  EXPECT_EQ(r.order, (std::vector<int>{1, 2}));
  EXPECT_EQ(q.nextExpiry(), 17);
  r.run(q, 17);
  EXPECT_EQ(r.order, (std::vector<int>{1, 2, 3}));
}

// A rescheduled list takes a fresh id, so it goes after a list that already had that expiry.
TEST(TimerQueue, RescheduledListGoesAfterListsWithTheSameExpiry) {
  TimerQueue q;
  TestTimer a(1), b(2), other(3);
  q.insert(a, 10, 0);      // list 10, expiry 10
  q.insert(b, 10, 5);      //   b due at 15
  q.insert(other, 5, 10);  // list 5 (created later), expiry 15
  Runner r;
  r.run(q, 10);
  EXPECT_EQ(r.order, (std::vector<int>{1}));
  r.run(q, 15);
  EXPECT_EQ(r.order, (std::vector<int>{1, 3, 2}));
}

TEST(TimerQueue, TimerInsertedWhileRunningWithTheSameDurationWaitsForTheNextRun) {
  TimerQueue q;
  TestTimer a(1), b(2), late(3);
  q.insert(a, 10, 0);
  q.insert(b, 10, 0);
  Runner r;
  bool inserted = false;
  r.onFire = [&](TestTimer* t) {
    if (t->id == 1 && !inserted) {
      inserted = true;
      q.insert(late, 10, 10);  // started "now", as a setTimeout inside a callback is
    }
  };
  r.run(q, 10);
  EXPECT_EQ(r.order, (std::vector<int>{1, 2}));
  EXPECT_EQ(q.size(), 1u);
  EXPECT_EQ(q.nextExpiry(), 20);
  r.run(q, 20);
  EXPECT_EQ(r.order, (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(q.nextExpiry(), -1);
}

// An interval re-arms itself from inside its own callback: once per run, however late the run.
TEST(TimerQueue, TimerReinsertedFromItsOwnCallbackFiresOncePerRun) {
  TimerQueue q;
  TestTimer t(1);
  q.insert(t, 10, 0);
  Runner r;
  int64_t now = 0;
  r.onFire = [&](TestTimer* self) { q.insert(*self, 10, now); };
  now = 50;
  r.run(q, now);
  EXPECT_EQ(r.order.size(), 1u);
  EXPECT_EQ(q.nextExpiry(), 60);
  q.remove(t);
  EXPECT_EQ(q.size(), 0u);
}

TEST(TimerQueue, RemovingTheRestOfTheRunningListFromInsideFireStopsThem) {
  TimerQueue q;
  TestTimer a(1), b(2), c(3);
  q.insert(a, 10, 0);
  q.insert(b, 10, 0);
  q.insert(c, 10, 0);
  Runner r;
  r.onFire = [&](TestTimer* t) {
    if (t->id == 1) {
      q.remove(b);
      q.remove(c);
    }
  };
  r.run(q, 10);
  EXPECT_EQ(r.order, (std::vector<int>{1}));
  EXPECT_EQ(q.size(), 0u);
  EXPECT_EQ(q.nextExpiry(), -1);
  EXPECT_FALSE(b.active());
  EXPECT_FALSE(c.active());
}

TEST(TimerQueue, RemovingOneLaterTimerOfTheRunningListSkipsOnlyIt) {
  TimerQueue q;
  TestTimer a(1), b(2), c(3);
  q.insert(a, 10, 0);
  q.insert(b, 10, 0);
  q.insert(c, 10, 0);
  Runner r;
  r.onFire = [&](TestTimer* t) {
    if (t->id == 1) {
      q.remove(b);
    }
  };
  r.run(q, 10);
  EXPECT_EQ(r.order, (std::vector<int>{1, 3}));
  EXPECT_EQ(q.size(), 0u);
}

// The running list empties (and leaves the queue) while runDue still holds it; a timer of the
// same duration inserted right after must land in a fresh, live list.
TEST(TimerQueue, EmptyingTheRunningListThenInsertingTheSameDurationKeepsTheNewTimer) {
  TimerQueue q;
  TestTimer a(1), b(2), fresh(3);
  q.insert(a, 10, 0);
  q.insert(b, 10, 0);
  Runner r;
  r.onFire = [&](TestTimer* t) {
    if (t->id == 1) {
      q.remove(b);
      q.insert(fresh, 10, 10);
    }
  };
  r.run(q, 10);
  EXPECT_EQ(r.order, (std::vector<int>{1}));
  EXPECT_EQ(q.size(), 1u);
  EXPECT_EQ(q.nextExpiry(), 20);
  r.run(q, 20);
  EXPECT_EQ(r.order, (std::vector<int>{1, 3}));
  EXPECT_EQ(q.size(), 0u);
  EXPECT_EQ(q.nextExpiry(), -1);
}

TEST(TimerQueue, RemovingATimerOfAnotherListFromInsideFirePreventsIt) {
  TimerQueue q;
  TestTimer a(1), other(2);
  q.insert(a, 10, 0);
  q.insert(other, 20, 0);
  Runner r;
  r.onFire = [&](TestTimer* t) {
    if (t->id == 1) {
      q.remove(other);
    }
  };
  r.run(q, 100);
  EXPECT_EQ(r.order, (std::vector<int>{1}));
  EXPECT_EQ(q.nextExpiry(), -1);
}

TEST(TimerQueue, RemovingTheLastTimerDropsItsList) {
  TimerQueue q;
  TestTimer a(1), b(2);
  q.insert(a, 10, 0);
  q.remove(a);
  EXPECT_EQ(q.size(), 0u);
  EXPECT_EQ(q.nextExpiry(), -1);
  EXPECT_FALSE(a.active());
  // Had the old list survived, its stale expiry (10) would still lead the queue.
  q.insert(b, 10, 100);
  EXPECT_EQ(q.nextExpiry(), 110);
  Runner r;
  r.run(q, 50);
  EXPECT_TRUE(r.order.empty());
  q.remove(b);
}

TEST(TimerQueue, RemovingTheEarliestListExposesTheNextOne) {
  TimerQueue q;
  TestTimer a(1), b(2), c(3);
  q.insert(a, 5, 0);
  q.insert(b, 10, 0);
  q.insert(c, 10, 0);
  EXPECT_EQ(q.nextExpiry(), 5);
  q.remove(a);
  EXPECT_EQ(q.nextExpiry(), 10);
  q.remove(b);  // the list keeps c, and so its expiry
  EXPECT_EQ(q.nextExpiry(), 10);
  EXPECT_EQ(q.size(), 1u);
  q.remove(c);
  EXPECT_EQ(q.nextExpiry(), -1);
}

TEST(TimerQueue, RemovingAMiddleTimerKeepsTheOthersInOrder) {
  TimerQueue q;
  std::deque<TestTimer> timers;
  for (int i = 0; i < 5; ++i) {
    timers.emplace_back(i);
    q.insert(timers.back(), 10, 0);
  }
  q.remove(timers[2]);
  q.remove(timers[0]);
  Runner r;
  r.run(q, 10);
  EXPECT_EQ(r.order, (std::vector<int>{1, 3, 4}));
}

// Correctness at scale, not speed: every insert and cancel must keep the count and the heap.
TEST(TimerQueue, MillionTimersInsertedThenCancelledLeaveAnEmptyQueue) {
  constexpr int kTimers = 1'000'000;
  TimerQueue q;
  std::deque<TestTimer> timers;
  for (int i = 0; i < kTimers; ++i) {
    timers.emplace_back(i);
    // A few hundred distinct durations: many timers per list and a real heap of lists.
    q.insert(timers.back(), uint64_t(i % 997) + 1, int64_t(i % 13));
  }
  EXPECT_EQ(q.size(), size_t(kTimers));
  EXPECT_EQ(q.nextExpiry(), 1);
  // Cancel out of insertion order: odd ones, then even ones from the back.
  for (int i = 1; i < kTimers; i += 2) {
    q.remove(timers[size_t(i)]);
  }
  EXPECT_EQ(q.size(), size_t(kTimers / 2));
  for (int i = kTimers - 2; i >= 0; i -= 2) {
    q.remove(timers[size_t(i)]);
  }
  EXPECT_EQ(q.size(), 0u);
  EXPECT_EQ(q.nextExpiry(), -1);
  for (const auto& t : timers) {
    ASSERT_FALSE(t.active());
  }
}

// With every timer started at 0, Node's order is by duration, then insertion.
TEST(TimerQueue, RandomDurationsFireSortedByDurationThenInsertion) {
  TimerQueue q;
  std::mt19937 rng(12345);
  std::uniform_int_distribution<int> dur(1, 50);
  std::deque<TestTimer> timers;
  std::vector<std::pair<int, int>> expected;  // (duration, id)
  for (int i = 0; i < 2000; ++i) {
    int d = dur(rng);
    timers.emplace_back(i);
    q.insert(timers.back(), uint64_t(d), 0);
    expected.emplace_back(d, i);
  }
  std::stable_sort(expected.begin(), expected.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  Runner r;
  r.run(q, 1000);
  ASSERT_EQ(r.order.size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    ASSERT_EQ(r.order[i], expected[i].second) << "at " << i;
  }
  EXPECT_EQ(q.nextExpiry(), -1);
}

TEST(TimerQueue, DestroyingAQueueWithTimersUnlinksThem) {
  TestTimer a(1), b(2);
  {
    TimerQueue q;
    q.insert(a, 10, 0);
    q.insert(b, 20, 0);
  }
  EXPECT_FALSE(a.active());
  EXPECT_FALSE(b.active());
}

}  // namespace
}  // namespace nodecc::loop::core
