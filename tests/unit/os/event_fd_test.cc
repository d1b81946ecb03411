#include "os/event_fd.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>

#include <thread>

#include "os/fd.h"

namespace nodecc::os::core {
namespace {

bool readable(int fd, int timeoutMs) {
  pollfd p{fd, POLLIN, 0};
  return ::poll(&p, 1, timeoutMs) == 1 && (p.revents & POLLIN);
}

TEST(EventFd, OpensNonBlockingAndCloseOnExec) {
  Result<int> r = eventFdOpen();
  ASSERT_TRUE(r.ok()) << r.error();
  Fd fd(*r);
  EXPECT_TRUE(fcntl(fd.get(), F_GETFL) & O_NONBLOCK);
  EXPECT_TRUE(fcntl(fd.get(), F_GETFD) & FD_CLOEXEC);
}

TEST(EventFd, DrainOfAnUnsignalledFdReportsNothing) {
  Fd fd(*eventFdOpen());
  EXPECT_FALSE(eventFdDrain(fd.get()));
  EXPECT_FALSE(readable(fd.get(), 0));
}

TEST(EventFd, SignalMakesItReadableAndDrainResetsIt) {
  Fd fd(*eventFdOpen());
  eventFdSignal(fd.get());
  EXPECT_TRUE(readable(fd.get(), 0));
  EXPECT_TRUE(eventFdDrain(fd.get()));
  EXPECT_FALSE(readable(fd.get(), 0));
  EXPECT_FALSE(eventFdDrain(fd.get()));
}

TEST(EventFd, ManySignalsNeedOneDrain) {
  Fd fd(*eventFdOpen());
  for (int i = 0; i < 1000; ++i) {
    eventFdSignal(fd.get());
  }
  EXPECT_TRUE(eventFdDrain(fd.get()));
  EXPECT_FALSE(eventFdDrain(fd.get()));
}

TEST(EventFd, SignalFromAnotherThreadWakesAPoller) {
  Fd fd(*eventFdOpen());
  std::thread t([&] { eventFdSignal(fd.get()); });
  // Generous: the wakeup should be immediate, but the machine is shared.
  EXPECT_TRUE(readable(fd.get(), 10000));
  t.join();
  EXPECT_TRUE(eventFdDrain(fd.get()));
}

}  // namespace
}  // namespace nodecc::os::core
