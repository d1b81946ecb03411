// Loop::post: the one thread-safe entry into a loop.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include "loop/loop.h"
#include "unit/loop/loop_test_util.h"

namespace nodecc::loop::core {
namespace {

struct PostCtx {
  Loop* loop = nullptr;
  std::thread::id loopThread;
  size_t expected = 0;
  size_t ran = 0;
  std::vector<int> lastSeq;  // per producer
  size_t outOfOrder = 0;
  size_t offThread = 0;
};

struct CountedTask : AsyncTask {
  CountedTask() : AsyncTask(&CountedTask::onRun) {}
  static void onRun(AsyncTask* t) {
    auto* self = static_cast<CountedTask*>(t);
    PostCtx* ctx = self->ctx;
    ++self->runs;
    if (std::this_thread::get_id() != ctx->loopThread) {
      ++ctx->offThread;
    }
    if (self->seq <= ctx->lastSeq[size_t(self->producer)]) {
      ++ctx->outOfOrder;
    }
    ctx->lastSeq[size_t(self->producer)] = self->seq;
    if (++ctx->ran == ctx->expected) {
      ctx->loop->releaseHandle();
    }
  }
  PostCtx* ctx = nullptr;
  int producer = 0;
  int seq = 0;
  int runs = 0;
};

TEST(LoopPost, TasksFromManyThreadsEachRunOnceOnTheLoopThreadInPostingOrder) {
  constexpr int kThreads = 4;
  constexpr int kPerThread = 10000;
  Loop loop;
  PostCtx ctx;
  ctx.loop = &loop;
  ctx.loopThread = std::this_thread::get_id();
  ctx.expected = size_t(kThreads) * kPerThread;
  ctx.lastSeq.assign(kThreads, -1);
  std::vector<std::vector<CountedTask>> tasks(kThreads, std::vector<CountedTask>(kPerThread));
  for (int p = 0; p < kThreads; ++p) {
    for (int i = 0; i < kPerThread; ++i) {
      CountedTask& t = tasks[size_t(p)][size_t(i)];
      t.ctx = &ctx;
      t.producer = p;
      t.seq = i;
    }
  }
  // post() alone does not keep a loop alive: hold it until the last task has run.
  loop.retainHandle();
  std::vector<std::thread> producers;
  for (int p = 0; p < kThreads; ++p) {
    producers.emplace_back([&loop, &tasks, p] {
      for (CountedTask& t : tasks[size_t(p)]) {
        loop.post(&t);
      }
    });
  }
  EXPECT_FALSE(loop.run());
  for (auto& t : producers) {
    t.join();
  }
  EXPECT_EQ(ctx.ran, ctx.expected);
  EXPECT_EQ(ctx.offThread, 0u);
  EXPECT_EQ(ctx.outOfOrder, 0u);
  for (const auto& perThread : tasks) {
    for (const CountedTask& t : perThread) {
      ASSERT_EQ(t.runs, 1) << "producer " << t.producer << " seq " << t.seq;
    }
  }
  EXPECT_FALSE(loop.alive());
  EXPECT_EQ(loop.activeHandles(), 0u);
}

struct FlagTask : AsyncTask {
  FlagTask() : AsyncTask(&FlagTask::onRun) {}
  static void onRun(AsyncTask* t) {
    auto* self = static_cast<FlagTask*>(t);
    self->ranOn = std::this_thread::get_id();
    ++self->runs;
    if (self->release) {
      self->loop->releaseHandle();
    }
  }
  Loop* loop = nullptr;
  bool release = false;
  int runs = 0;
  std::thread::id ranOn;
};

TEST(LoopPost, PostWakesALoopBlockedInPoll) {
  Loop loop;
  test::Log log;
  test::NamedTimer far(&log, "far");
  loop.startTimer(far, 60000);  // without the wakeup, run(kOnce) would sleep a minute
  FlagTask task;
  task.loop = &loop;
  std::thread poster([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    loop.post(&task);
  });
  EXPECT_TRUE(loop.run(Loop::RunMode::kOnce));
  EXPECT_EQ(task.runs, 1);
  poster.join();
  EXPECT_EQ(task.ranOn, std::this_thread::get_id());
  EXPECT_TRUE(log.empty());
  if (task.runs == 0) {
    loop.run(Loop::RunMode::kNoWait);  // deliver it before `task` goes out of scope
  }
  loop.stopTimer(far);
  EXPECT_FALSE(loop.alive());
  EXPECT_EQ(loop.activeHandles(), 0u);
}

// Reading the wakeup counter must not itself wake the next poll: after a batch of posted tasks,
// run(kOnce) still blocks until the next real event.
TEST(LoopPost, DrainingPostedTasksDoesNotWakeTheNextPoll) {
  Loop loop;
  test::Log log;
  test::NamedTimer far(&log, "far");
  loop.startTimer(far, 60000);
  FlagTask first, second;
  first.loop = second.loop = &loop;
  loop.run(Loop::RunMode::kNoWait);  // whatever a fresh loop reports, it is consumed here
  loop.post(&first);
  loop.run(Loop::RunMode::kNoWait);
  ASSERT_EQ(first.runs, 1);
  std::thread poster([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    loop.post(&second);
  });
  EXPECT_TRUE(loop.run(Loop::RunMode::kOnce));
  EXPECT_EQ(second.runs, 1);  // the single iteration waited for it
  poster.join();
  if (second.runs == 0) {
    loop.run(Loop::RunMode::kNoWait);
  }
  loop.stopTimer(far);
  EXPECT_FALSE(loop.alive());
  EXPECT_EQ(loop.activeHandles(), 0u);
}

TEST(LoopPost, PostFromTheLoopThreadRunsInThePollPhase) {
  Loop loop;
  test::Log log;
  test::NamedImmediate imm(&log, "check");
  FlagTask task;
  task.loop = &loop;
  task.release = true;
  loop.retainHandle();
  loop.post(&task);
  loop.startImmediate(imm);
  EXPECT_FALSE(loop.run());
  EXPECT_EQ(task.runs, 1);
  EXPECT_EQ(log, (test::Log{"check"}));
  EXPECT_FALSE(loop.alive());
  EXPECT_EQ(loop.activeHandles(), 0u);
}

TEST(LoopPost, PostAloneDoesNotKeepTheLoopAlive) {
  Loop loop;
  FlagTask task;
  task.loop = &loop;
  loop.post(&task);
  EXPECT_FALSE(loop.alive());
  EXPECT_FALSE(loop.run());
  EXPECT_EQ(task.runs, 0);
  // Once something keeps the loop alive, the queued task runs.
  loop.retainHandle();
  task.release = true;
  EXPECT_FALSE(loop.run());
  EXPECT_EQ(task.runs, 1);
  EXPECT_FALSE(loop.alive());
  EXPECT_EQ(loop.activeHandles(), 0u);
}

}  // namespace
}  // namespace nodecc::loop::core
