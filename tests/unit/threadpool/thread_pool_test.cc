#include "threadpool/thread_pool.h"

#include <gtest/gtest.h>
#include <pthread.h>
#include <signal.h>

#include <cstdlib>
#include <deque>
#include <optional>
#include <string>
#include <thread>

#include "loop/loop.h"
#include "unit/threadpool/thread_pool_test_util.h"

namespace nodecc::threadpool::core {
namespace {

using test::CountingRequest;
using test::Gate;

TEST(ThreadPool, HundredThousandJobsEachCompleteExactlyOnceOnTheLoopThread) {
  constexpr size_t kJobs = 100000;
  loop::core::Loop loop;
  ThreadPool pool(4);
  std::deque<CountingRequest> reqs(kJobs);
  for (CountingRequest& r : reqs) {
    pool.submit(loop, r);
  }
  EXPECT_EQ(loop.activeRequests(), kJobs);  // each in-flight request keeps the loop alive
  EXPECT_FALSE(loop.run());
  const auto loopThread = std::this_thread::get_id();
  size_t onWorker = 0;
  for (const CountingRequest& r : reqs) {
    ASSERT_EQ(r.workCalls.load(), 1);
    ASSERT_EQ(r.doneCalls, 1);
    ASSERT_EQ(r.doneStatus, 0);
    ASSERT_EQ(r.doneThread, loopThread);
    onWorker += r.workThread != loopThread;
  }
  EXPECT_EQ(onWorker, kJobs);  // work never runs on the loop thread
  EXPECT_EQ(loop.activeRequests(), 0u);
  EXPECT_FALSE(loop.alive());
  EXPECT_EQ(loop.activeHandles(), 0u);
}

TEST(ThreadPool, CompletesEachRequestOnTheLoopThatSubmittedIt) {
  constexpr int kLoops = 3;
  constexpr int kJobsPerLoop = 2000;
  ThreadPool pool(2);
  std::deque<CountingRequest> reqs(size_t(kLoops) * kJobsPerLoop);
  std::vector<std::thread::id> loopThreads(kLoops);
  std::vector<std::thread> threads;
  for (int l = 0; l < kLoops; ++l) {
    threads.emplace_back([&, l] {
      loop::core::Loop loop;
      loopThreads[size_t(l)] = std::this_thread::get_id();
      for (int i = 0; i < kJobsPerLoop; ++i) {
        pool.submit(loop, reqs[size_t(l * kJobsPerLoop + i)]);
      }
      loop.run();
      EXPECT_FALSE(loop.alive());
      EXPECT_EQ(loop.activeHandles(), 0u);
    });
  }
  for (auto& t : threads) {
    t.join();
  }
  for (int l = 0; l < kLoops; ++l) {
    for (int i = 0; i < kJobsPerLoop; ++i) {
      const CountingRequest& r = reqs[size_t(l * kJobsPerLoop + i)];
      ASSERT_EQ(r.doneCalls, 1);
      ASSERT_EQ(r.doneThread, loopThreads[size_t(l)]);
    }
  }
}

TEST(ThreadPool, RunsUpToSizeJobsAtOnce) {
  loop::core::Loop loop;
  ThreadPool pool(3);
  Gate gate;
  std::deque<CountingRequest> reqs(4);
  for (CountingRequest& r : reqs) {
    r.gate = &gate;
    pool.submit(loop, r);
  }
  // Three workers: three jobs can be inside work() together, never a fourth.
  ASSERT_TRUE(gate.waitForArrivals(3));
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_EQ(gate.arrived(), 3);
  gate.open();
  EXPECT_FALSE(loop.run());
  for (const CountingRequest& r : reqs) {
    EXPECT_EQ(r.doneCalls, 1);
    EXPECT_EQ(r.doneStatus, 0);
  }
  EXPECT_FALSE(loop.alive());
  EXPECT_EQ(loop.activeHandles(), 0u);
}

TEST(ThreadPool, AJobCanBeSubmittedAgainFromItsDoneCallback) {
  loop::core::Loop loop;
  ThreadPool pool(2);
  struct Again : CountingRequest {
    ThreadPool* pool = nullptr;
    loop::core::Loop* loop = nullptr;
  } req;
  req.pool = &pool;
  req.loop = &loop;
  req.then = [](CountingRequest* r) {
    auto* self = static_cast<Again*>(r);
    if (self->doneCalls < 5) {
      self->pool->submit(*self->loop, *self);
    }
  };
  pool.submit(loop, req);
  EXPECT_FALSE(loop.run());
  EXPECT_EQ(req.workCalls.load(), 5);
  EXPECT_EQ(req.doneCalls, 5);
  EXPECT_FALSE(loop.alive());
  EXPECT_EQ(loop.activeHandles(), 0u);
}

bool allSignalsBlockedHere() {
  sigset_t cur;
  pthread_sigmask(SIG_BLOCK, nullptr, &cur);
  return sigismember(&cur, SIGINT) == 1 && sigismember(&cur, SIGTERM) == 1 &&
         sigismember(&cur, SIGUSR2) == 1;
}

// A worker that could take a process signal would run its default action behind the loop's
// signalfd.
TEST(ThreadPool, WorkersBlockSignals) {
  loop::core::Loop loop;
  ThreadPool pool(1);
  struct Probe : WorkRequest {
    Probe()
        : WorkRequest(
              [](WorkRequest* r) { static_cast<Probe*>(r)->blocked = allSignalsBlockedHere(); },
              [](WorkRequest*, int) {}) {}
    bool blocked = false;
  } probe;
  pool.submit(loop, probe);
  EXPECT_FALSE(loop.run());
  EXPECT_TRUE(probe.blocked);
  EXPECT_FALSE(allSignalsBlockedHere());  // the submitting thread is untouched
  EXPECT_FALSE(loop.alive());
  EXPECT_EQ(loop.activeHandles(), 0u);
}

// setenv/unsetenv for one test; restores the previous value.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) {
      old_ = old;
    }
    if (value) {
      setenv(name, value, 1);
    } else {
      unsetenv(name);
    }
  }
  ~ScopedEnv() {
    if (old_) {
      setenv(name_, old_->c_str(), 1);
    } else {
      unsetenv(name_);
    }
  }

 private:
  const char* name_;
  std::optional<std::string> old_;
};

TEST(ThreadPool, DefaultSizeIsFour) {
  ScopedEnv env("NODECC_THREADPOOL_SIZE", nullptr);
  EXPECT_EQ(ThreadPool::defaultSize(), 4u);
  ThreadPool pool;
  EXPECT_EQ(pool.size(), 4u);
}

TEST(ThreadPool, SizeComesFromNodeccThreadpoolSize) {
  ScopedEnv env("NODECC_THREADPOOL_SIZE", "7");
  EXPECT_EQ(ThreadPool::defaultSize(), 7u);
  ThreadPool pool(ThreadPool::defaultSize());
  EXPECT_EQ(pool.size(), 7u);
  ThreadPool implicitSize;
  EXPECT_EQ(implicitSize.size(), 7u);
}

TEST(ThreadPool, SizeFromEnvironmentAcceptsOneTo1024) {
  {
    ScopedEnv env("NODECC_THREADPOOL_SIZE", "1");
    EXPECT_EQ(ThreadPool::defaultSize(), 1u);
  }
  {
    ScopedEnv env("NODECC_THREADPOOL_SIZE", "1024");
    EXPECT_EQ(ThreadPool::defaultSize(), 1024u);
  }
}

TEST(ThreadPool, InvalidSizeInEnvironmentFallsBackToFour) {
  for (const char* bad : {"0", "-3", "1025", "abc", "", "8x", "99999999999999999999"}) {
    ScopedEnv env("NODECC_THREADPOOL_SIZE", bad);
    EXPECT_EQ(ThreadPool::defaultSize(), 4u) << "NODECC_THREADPOOL_SIZE=" << bad;
  }
}

TEST(ThreadPool, ZeroThreadsMeansOne) {
  loop::core::Loop loop;
  ThreadPool pool(0);
  EXPECT_EQ(pool.size(), 1u);
  CountingRequest req;
  pool.submit(loop, req);
  EXPECT_FALSE(loop.run());
  EXPECT_EQ(req.doneCalls, 1);
  EXPECT_FALSE(loop.alive());
  EXPECT_EQ(loop.activeHandles(), 0u);
}

TEST(ThreadPool, PoolThatNeverRanAJobDestroysCleanly) {
  ThreadPool pool(8);  // workers start on the first submit only
  EXPECT_EQ(pool.size(), 8u);
}

}  // namespace
}  // namespace nodecc::threadpool::core
