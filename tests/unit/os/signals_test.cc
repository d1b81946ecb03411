#include "os/signals.h"

#include <gtest/gtest.h>
#include <pthread.h>
#include <signal.h>

#include "os/fd.h"

namespace nodecc::os::core {
namespace {

bool blockedHere(int signo) {
  sigset_t cur;
  pthread_sigmask(SIG_BLOCK, nullptr, &cur);
  return sigismember(&cur, signo) == 1;
}

TEST(Signals, SetSignalBlockedTogglesTheThreadMask) {
  ASSERT_FALSE(blockedHere(SIGUSR2));
  setSignalBlocked(SIGUSR2, true);
  EXPECT_TRUE(blockedHere(SIGUSR2));
  setSignalBlocked(SIGUSR2, false);
  EXPECT_FALSE(blockedHere(SIGUSR2));
}

TEST(Signals, SignalFdReadsARaisedSignalOnce) {
  setSignalBlocked(SIGUSR2, true);
  sigset_t mask;
  sigemptyset(&mask);
  sigaddset(&mask, SIGUSR2);
  Result<int> r = signalFdSet(-1, mask);
  ASSERT_TRUE(r.ok()) << r.error();
  Fd fd(*r);
  EXPECT_EQ(signalFdRead(fd.get()), 0);  // non-blocking: nothing pending yet
  raise(SIGUSR2);
  EXPECT_EQ(signalFdRead(fd.get()), SIGUSR2);
  EXPECT_EQ(signalFdRead(fd.get()), 0);
  setSignalBlocked(SIGUSR2, false);
}

TEST(Signals, SignalFdSetUpdatesTheMaskOfAnExistingFd) {
  setSignalBlocked(SIGUSR1, true);
  setSignalBlocked(SIGUSR2, true);
  sigset_t mask;
  sigemptyset(&mask);
  sigaddset(&mask, SIGUSR2);
  Fd fd(*signalFdSet(-1, mask));
  sigaddset(&mask, SIGUSR1);
  Result<int> same = signalFdSet(fd.get(), mask);
  ASSERT_TRUE(same.ok());
  EXPECT_EQ(*same, fd.get());
  raise(SIGUSR1);
  EXPECT_EQ(signalFdRead(fd.get()), SIGUSR1);
  setSignalBlocked(SIGUSR1, false);
  setSignalBlocked(SIGUSR2, false);
}

TEST(SignalsDeathTest, RaiseDefaultEndsTheProcessWithTheSignal) {
  EXPECT_EXIT(
      {
        signal(SIGUSR2, SIG_IGN);  // even an ignored, blocked signal gets its default action
        setSignalBlocked(SIGUSR2, true);
        raiseDefault(SIGUSR2);
      },
      testing::KilledBySignal(SIGUSR2), "");
}

TEST(Signals, BlockAllSignalsBlocksEveryBlockableSignal) {
  sigset_t before;
  pthread_sigmask(SIG_BLOCK, nullptr, &before);
  blockAllSignalsInThisThread();
  EXPECT_TRUE(blockedHere(SIGINT));
  EXPECT_TRUE(blockedHere(SIGTERM));
  EXPECT_TRUE(blockedHere(SIGUSR1));
  pthread_sigmask(SIG_SETMASK, &before, nullptr);
  EXPECT_FALSE(blockedHere(SIGINT));
}

}  // namespace
}  // namespace nodecc::os::core
