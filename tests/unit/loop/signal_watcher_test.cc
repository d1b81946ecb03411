#include "loop/signal_watcher.h"

#include <gtest/gtest.h>
#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <thread>
#include <vector>

#include "loop/loop.h"

namespace nodecc::loop::core {
namespace {

bool blockedHere(int signo) {
  sigset_t cur;
  pthread_sigmask(SIG_BLOCK, nullptr, &cur);
  return sigismember(&cur, signo) == 1;
}

struct Received {
  Loop* loop = nullptr;
  std::vector<int> signals;
  std::vector<std::thread::id> threads;
  size_t releaseAfter = 1;  // release the loop once this many signals arrived
};

void onSignal(void* ctx, int signo) {
  auto* r = static_cast<Received*>(ctx);
  r->signals.push_back(signo);
  r->threads.push_back(std::this_thread::get_id());
  if (r->signals.size() == r->releaseAfter) {
    r->loop->releaseHandle();
  }
}

TEST(SignalWatcher, RaisedSignalRunsTheCallbackOnTheLoop) {
  Loop loop;
  Received got;
  got.loop = &loop;
  {
    SignalWatcher signals(loop, &onSignal, &got);
    ASSERT_TRUE(signals.watch(SIGUSR2).ok());
    EXPECT_TRUE(signals.watching(SIGUSR2));
    EXPECT_TRUE(blockedHere(SIGUSR2));
    EXPECT_FALSE(loop.alive());  // a signal watcher alone does not keep the loop alive
    loop.retainHandle();         // the test's stand-in for "a server is running"
    ASSERT_EQ(raise(SIGUSR2), 0);
    EXPECT_TRUE(got.signals.empty());  // queued on the signalfd, not run inside raise()
    EXPECT_FALSE(loop.run());
    EXPECT_EQ(got.signals, (std::vector<int>{SIGUSR2}));
    EXPECT_EQ(got.threads[0], std::this_thread::get_id());
  }
  EXPECT_FALSE(loop.alive());
  EXPECT_EQ(loop.activeHandles(), 0u);
}

TEST(SignalWatcher, ProcessDirectedKillIsDelivered) {
  Loop loop;
  Received got;
  got.loop = &loop;
  {
    SignalWatcher signals(loop, &onSignal, &got);
    ASSERT_TRUE(signals.watch(SIGUSR2).ok());
    loop.retainHandle();
    ASSERT_EQ(kill(getpid(), SIGUSR2), 0);
    EXPECT_FALSE(loop.run());
    EXPECT_EQ(got.signals, (std::vector<int>{SIGUSR2}));
  }
  EXPECT_FALSE(loop.alive());
  EXPECT_EQ(loop.activeHandles(), 0u);
}

TEST(SignalWatcher, WatchesSeveralSignalsThroughOneWatcher) {
  Loop loop;
  Received got;
  got.loop = &loop;
  got.releaseAfter = 2;
  {
    SignalWatcher signals(loop, &onSignal, &got);
    ASSERT_TRUE(signals.watch(SIGUSR1).ok());
    ASSERT_TRUE(signals.watch(SIGUSR2).ok());
    ASSERT_TRUE(signals.watch(SIGUSR2).ok());  // twice: no-op
    loop.retainHandle();
    raise(SIGUSR2);
    raise(SIGUSR1);
    EXPECT_FALSE(loop.run());
    ASSERT_EQ(got.signals.size(), 2u);
    EXPECT_NE(std::find(got.signals.begin(), got.signals.end(), SIGUSR1), got.signals.end());
    EXPECT_NE(std::find(got.signals.begin(), got.signals.end(), SIGUSR2), got.signals.end());
  }
  EXPECT_FALSE(loop.alive());
  EXPECT_EQ(loop.activeHandles(), 0u);
}

TEST(SignalWatcher, UnwatchUnblocksTheSignal) {
  Loop loop;
  Received got;
  got.loop = &loop;
  SignalWatcher signals(loop, &onSignal, &got);
  ASSERT_TRUE(signals.watch(SIGUSR2).ok());
  ASSERT_TRUE(signals.watch(SIGUSR1).ok());
  signals.unwatch(SIGUSR2);
  EXPECT_FALSE(signals.watching(SIGUSR2));
  EXPECT_FALSE(blockedHere(SIGUSR2));
  EXPECT_TRUE(signals.watching(SIGUSR1));
  EXPECT_TRUE(blockedHere(SIGUSR1));
  signals.unwatch(SIGUSR1);
  EXPECT_FALSE(blockedHere(SIGUSR1));
  signals.unwatch(SIGUSR1);  // not watched: no-op
  EXPECT_FALSE(loop.alive());
  EXPECT_EQ(loop.activeHandles(), 0u);
}

TEST(SignalWatcher, DestructionUnwatchesEverything) {
  Loop loop;
  Received got;
  {
    SignalWatcher signals(loop, &onSignal, &got);
    ASSERT_TRUE(signals.watch(SIGUSR1).ok());
    ASSERT_TRUE(signals.watch(SIGUSR2).ok());
  }
  EXPECT_FALSE(blockedHere(SIGUSR1));
  EXPECT_FALSE(blockedHere(SIGUSR2));
  EXPECT_FALSE(loop.alive());
  EXPECT_EQ(loop.activeHandles(), 0u);
}

TEST(SignalWatcher, WatchingAgainAfterUnwatchDeliversAgain) {
  Loop loop;
  Received got;
  got.loop = &loop;
  {
    SignalWatcher signals(loop, &onSignal, &got);
    ASSERT_TRUE(signals.watch(SIGUSR2).ok());
    signals.unwatch(SIGUSR2);
    ASSERT_TRUE(signals.watch(SIGUSR2).ok());
    loop.retainHandle();
    raise(SIGUSR2);
    EXPECT_FALSE(loop.run());
    EXPECT_EQ(got.signals, (std::vector<int>{SIGUSR2}));
  }
  EXPECT_FALSE(loop.alive());
  EXPECT_EQ(loop.activeHandles(), 0u);
}

// After unwatch, the signal has its default action again: SIGUSR2 ends the process.
TEST(SignalWatcherDeathTest, UnwatchRestoresTheDefaultAction) {
  EXPECT_EXIT(
      {
        Loop loop;
        Received got;
        SignalWatcher signals(loop, &onSignal, &got);
        (void)signals.watch(SIGUSR2);
        signals.unwatch(SIGUSR2);
        raise(SIGUSR2);
        std::_Exit(0);  // reached only if the signal was swallowed
      },
      testing::KilledBySignal(SIGUSR2), "");
}

TEST(SignalWatcherDeathTest, WatchedSignalDoesNotEndTheProcess) {
  EXPECT_EXIT(
      {
        Loop loop;
        Received got;
        got.loop = &loop;
        SignalWatcher signals(loop, &onSignal, &got);
        (void)signals.watch(SIGUSR2);
        loop.retainHandle();
        raise(SIGUSR2);
        loop.run();
        std::_Exit(got.signals.size() == 1 ? 42 : 1);
      },
      testing::ExitedWithCode(42), "");
}

}  // namespace
}  // namespace nodecc::loop::core
