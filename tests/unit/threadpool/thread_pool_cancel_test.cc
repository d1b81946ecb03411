// ThreadPool::cancel and the completion contract: done runs exactly once, on the loop, with
// 0 or -ECANCELED.
#include <gtest/gtest.h>

#include <cerrno>
#include <deque>
#include <thread>

#include "loop/loop.h"
#include "threadpool/thread_pool.h"
#include "unit/threadpool/thread_pool_test_util.h"

namespace nodecc::threadpool::core {
namespace {

using test::CountingRequest;
using test::Gate;

TEST(ThreadPoolCancel, QueuedThirdJobBehindTwoBlockedWorkersIsCancelled) {
  loop::core::Loop loop;
  ThreadPool pool(2);
  Gate gate;
  CountingRequest first, second, third;
  first.gate = second.gate = &gate;
  pool.submit(loop, first);
  pool.submit(loop, second);
  ASSERT_TRUE(gate.waitForArrivals(2));  // both workers are busy: the next job must queue
  pool.submit(loop, third);
  EXPECT_TRUE(pool.cancel(third));
  EXPECT_EQ(third.doneCalls, 0);     // done never runs inside cancel()
  EXPECT_FALSE(pool.cancel(third));  // once only
  gate.open();
  EXPECT_FALSE(loop.run());
  EXPECT_EQ(third.workCalls.load(), 0);
  EXPECT_EQ(third.doneCalls, 1);
  EXPECT_EQ(third.doneStatus, -ECANCELED);
  EXPECT_EQ(third.doneThread, std::this_thread::get_id());
  EXPECT_EQ(first.doneCalls, 1);
  EXPECT_EQ(first.doneStatus, 0);
  EXPECT_EQ(second.doneCalls, 1);
  EXPECT_EQ(second.doneStatus, 0);
  EXPECT_FALSE(loop.alive());
  EXPECT_EQ(loop.activeHandles(), 0u);
}

TEST(ThreadPoolCancel, CancelBeforeStartCompletesOnTheLoopExactlyOnce) {
  loop::core::Loop loop;
  ThreadPool pool(1);
  Gate gate;
  CountingRequest blocker;
  blocker.gate = &gate;
  std::deque<CountingRequest> queued(10);
  pool.submit(loop, blocker);
  ASSERT_TRUE(gate.waitForArrivals(1));
  for (CountingRequest& r : queued) {
    pool.submit(loop, r);
  }
  // Cancel every other one: unlinking from the middle of the queue keeps the rest in it.
  for (size_t i = 0; i < queued.size(); i += 2) {
    EXPECT_TRUE(pool.cancel(queued[i]));
  }
  gate.open();
  EXPECT_FALSE(loop.run());
  for (size_t i = 0; i < queued.size(); ++i) {
    const CountingRequest& r = queued[i];
    EXPECT_EQ(r.doneCalls, 1) << i;
    EXPECT_EQ(r.doneThread, std::this_thread::get_id()) << i;
    if (i % 2 == 0) {
      EXPECT_EQ(r.workCalls.load(), 0) << i;
      EXPECT_EQ(r.doneStatus, -ECANCELED) << i;
    } else {
      EXPECT_EQ(r.workCalls.load(), 1) << i;
      EXPECT_EQ(r.doneStatus, 0) << i;
    }
  }
  EXPECT_FALSE(loop.alive());
  EXPECT_EQ(loop.activeHandles(), 0u);
}

TEST(ThreadPoolCancel, CancelledRequestKeepsTheLoopAliveUntilItsDoneRuns) {
  loop::core::Loop loop;
  ThreadPool pool(1);
  Gate gate;
  CountingRequest blocker, queued;
  blocker.gate = &gate;
  pool.submit(loop, blocker);
  ASSERT_TRUE(gate.waitForArrivals(1));
  pool.submit(loop, queued);
  ASSERT_TRUE(pool.cancel(queued));
  EXPECT_EQ(loop.activeRequests(), 2u);
  // Only the cancelled request can complete while the blocker waits at the gate.
  loop.run(loop::core::Loop::RunMode::kOnce);
  EXPECT_EQ(queued.doneCalls, 1);
  EXPECT_EQ(loop.activeRequests(), 1u);
  gate.open();
  EXPECT_FALSE(loop.run());
  EXPECT_EQ(blocker.doneCalls, 1);
  EXPECT_FALSE(loop.alive());
  EXPECT_EQ(loop.activeHandles(), 0u);
}

TEST(ThreadPoolCancel, CancelOfARunningJobReturnsFalseAndDoneReportsSuccess) {
  loop::core::Loop loop;
  ThreadPool pool(1);
  Gate gate;
  CountingRequest running;
  running.gate = &gate;
  pool.submit(loop, running);
  ASSERT_TRUE(gate.waitForArrivals(1));
  EXPECT_FALSE(pool.cancel(running));
  gate.open();
  EXPECT_FALSE(loop.run());
  EXPECT_EQ(running.workCalls.load(), 1);
  EXPECT_EQ(running.doneCalls, 1);
  EXPECT_EQ(running.doneStatus, 0);
  EXPECT_FALSE(loop.alive());
  EXPECT_EQ(loop.activeHandles(), 0u);
}

TEST(ThreadPoolCancel, CancelAfterDoneReturnsFalse) {
  loop::core::Loop loop;
  ThreadPool pool(1);
  CountingRequest req;
  pool.submit(loop, req);
  EXPECT_FALSE(loop.run());
  ASSERT_EQ(req.doneCalls, 1);
  EXPECT_FALSE(pool.cancel(req));
  EXPECT_FALSE(loop.run());
  EXPECT_EQ(req.doneCalls, 1);
  EXPECT_FALSE(loop.alive());
  EXPECT_EQ(loop.activeHandles(), 0u);
}

// Finished on the worker, completion not yet run on the loop: too late to cancel.
TEST(ThreadPoolCancel, CancelOfAFinishedButUncompletedJobReturnsFalse) {
  loop::core::Loop loop;
  ThreadPool pool(1);
  CountingRequest req;
  pool.submit(loop, req);
  for (int i = 0; i < 30000 && req.workCalls.load() == 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  ASSERT_EQ(req.workCalls.load(), 1);
  EXPECT_FALSE(pool.cancel(req));
  EXPECT_FALSE(loop.run());
  EXPECT_EQ(req.doneCalls, 1);
  EXPECT_EQ(req.doneStatus, 0);
  EXPECT_FALSE(loop.alive());
  EXPECT_EQ(loop.activeHandles(), 0u);
}

// The destructor's contract (thread_pool.h): it waits for running work; queued work is
// cancelled and its done never runs.
TEST(ThreadPoolCancel, DestroyingThePoolDropsQueuedWorkWithoutRunningIt) {
  loop::core::Loop loop;
  Gate gate;
  CountingRequest running, queued;
  running.gate = &gate;
  std::thread opener;
  {
    ThreadPool pool(1);
    pool.submit(loop, running);
    ASSERT_TRUE(gate.waitForArrivals(1));
    pool.submit(loop, queued);
    opener = std::thread([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      gate.open();
    });
  }  // ~ThreadPool waits for `running`
  opener.join();
  EXPECT_EQ(running.workCalls.load(), 1);
  EXPECT_EQ(queued.workCalls.load(), 0);
  // `running` completes normally; `queued` must not.
  loop.run(loop::core::Loop::RunMode::kNoWait);
  loop.run(loop::core::Loop::RunMode::kNoWait);
  EXPECT_EQ(running.doneCalls, 1);
  EXPECT_EQ(queued.doneCalls, 0);
}

}  // namespace
}  // namespace nodecc::threadpool::core
