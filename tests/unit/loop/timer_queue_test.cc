#include "loop/timer_queue.h"

#include <gtest/gtest.h>

#include <deque>
#include <vector>

namespace nodecc::loop {
namespace {

struct Fired {
  std::vector<int> order;
};

struct TestTimer : Timer {
  TestTimer(int id) : Timer([](Timer*) {}), id(id) {}
  int id;
};

TEST(TimerQueue, FiresEqualDurationsInInsertionOrder) {
  TimerQueue q;
  std::deque<TestTimer> timers;
  for (int i = 0; i < 3; ++i) {
    timers.emplace_back(i);
  }
  for (auto& t : timers) {
    q.insert(t, 10, 0);
  }
  std::vector<int> order;
  q.runDue(10, [](void* ctx, Timer* t) {
    static_cast<std::vector<int>*>(ctx)->push_back(static_cast<TestTimer*>(t)->id);
  }, &order);
  EXPECT_EQ(order, (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(q.size(), 0u);
  EXPECT_EQ(q.nextExpiry(), -1);
}

}  // namespace
}  // namespace nodecc::loop
