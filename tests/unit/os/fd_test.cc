#include "os/fd.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cerrno>

namespace nodecc::os::core {
namespace {

bool isOpen(int fd) {
  return fcntl(fd, F_GETFD) >= 0;
}

struct Pipe {
  Pipe() { EXPECT_EQ(pipe2(fds, O_CLOEXEC), 0); }
  int fds[2] = {-1, -1};
};

TEST(Fd, ClosesItsDescriptorOnDestruction) {
  Pipe p;
  {
    Fd fd(p.fds[0]);
    EXPECT_TRUE(fd.valid());
    EXPECT_EQ(fd.get(), p.fds[0]);
  }
  EXPECT_FALSE(isOpen(p.fds[0]));
  closeFd(p.fds[1]);
}

TEST(Fd, DefaultIsInvalid) {
  Fd fd;
  EXPECT_FALSE(fd.valid());
  EXPECT_EQ(fd.get(), -1);
}

// The moved-from Fd must not close the number again: by then it may name another file.
TEST(Fd, MovedFromDoesNotCloseTheReusedNumber) {
  Pipe p;
  int reused;
  {
    Fd a(p.fds[0]);
    Fd b(std::move(a));
    EXPECT_FALSE(a.valid());
    b.reset();
    reused = dup(p.fds[1]);  // lowest free number: the one just closed
    ASSERT_EQ(reused, p.fds[0]);
  }
  EXPECT_TRUE(isOpen(reused));
  closeFd(reused);
  closeFd(p.fds[1]);
}

TEST(Fd, MoveAssignmentClosesTheOldDescriptor) {
  Pipe p;
  Fd a(p.fds[0]);
  Fd b(p.fds[1]);
  a = std::move(b);
  EXPECT_FALSE(isOpen(p.fds[0]));
  EXPECT_TRUE(isOpen(p.fds[1]));
  EXPECT_EQ(a.get(), p.fds[1]);
  EXPECT_FALSE(b.valid());
}

TEST(Fd, SelfMoveAssignmentKeepsTheDescriptor) {
  Pipe p;
  Fd a(p.fds[0]);
  Fd& alias = a;
  a = std::move(alias);
  EXPECT_EQ(a.get(), p.fds[0]);
  EXPECT_TRUE(isOpen(p.fds[0]));
  closeFd(p.fds[1]);
}

TEST(Fd, ReleaseGivesUpOwnership) {
  Pipe p;
  int raw;
  {
    Fd a(p.fds[0]);
    raw = a.release();
    EXPECT_FALSE(a.valid());
  }
  EXPECT_EQ(raw, p.fds[0]);
  EXPECT_TRUE(isOpen(raw));
  closeFd(raw);
  closeFd(p.fds[1]);
}

TEST(Fd, ResetTakesANewDescriptorAndClosesTheOld) {
  Pipe p;
  Fd a(p.fds[0]);
  a.reset(p.fds[1]);
  EXPECT_FALSE(isOpen(p.fds[0]));
  EXPECT_EQ(a.get(), p.fds[1]);
}

TEST(Fd, SetNonBlockingTogglesTheFlag) {
  Pipe p;
  Fd r(p.fds[0]);
  Fd w(p.fds[1]);
  ASSERT_TRUE(setNonBlocking(r.get(), true).ok());
  EXPECT_TRUE(fcntl(r.get(), F_GETFL) & O_NONBLOCK);
  ASSERT_TRUE(setNonBlocking(r.get(), true).ok());  // idempotent
  EXPECT_TRUE(fcntl(r.get(), F_GETFL) & O_NONBLOCK);
  ASSERT_TRUE(setNonBlocking(r.get(), false).ok());
  EXPECT_FALSE(fcntl(r.get(), F_GETFL) & O_NONBLOCK);
}

TEST(Fd, SetCloseOnExecSetsTheFlag) {
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  Fd r(fds[0]);
  Fd w(fds[1]);
  EXPECT_FALSE(fcntl(r.get(), F_GETFD) & FD_CLOEXEC);
  ASSERT_TRUE(setCloseOnExec(r.get()).ok());
  EXPECT_TRUE(fcntl(r.get(), F_GETFD) & FD_CLOEXEC);
}

TEST(Fd, OptionsOnABadDescriptorReportEbadf) {
  Result<void> nb = setNonBlocking(-1, true);
  EXPECT_FALSE(nb.ok());
  EXPECT_EQ(nb.error(), -EBADF);
  Result<void> ce = setCloseOnExec(-1);
  EXPECT_EQ(ce.error(), -EBADF);
}

TEST(Result, HoldsAValueOrANegativeErrno) {
  Result<int> ok = 7;
  EXPECT_TRUE(ok.ok());
  EXPECT_EQ(*ok, 7);
  EXPECT_EQ(ok.error(), 0);
  Result<int> bad = Errno{-ENOENT};
  EXPECT_FALSE(bad.ok());
  EXPECT_FALSE(bool(bad));
  EXPECT_EQ(bad.error(), -ENOENT);
  // A value of 0 or a negative value is still a value, not an error.
  Result<int> zero = 0;
  EXPECT_TRUE(zero.ok());
  Result<int> negative = -5;
  EXPECT_TRUE(negative.ok());
  EXPECT_EQ(*negative, -5);
}

}  // namespace
}  // namespace nodecc::os::core
