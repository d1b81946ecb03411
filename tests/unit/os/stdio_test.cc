// os/stdio: writeAll's whole writes (non-blocking descriptors included), fd kinds, terminal
// size, what process.stdin reads fd 0 through, and fds 0-2 reserved at start.
#include "os/stdio.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <string>
#include <thread>

#include "os/signals.h"

namespace nodecc::os::core {
namespace {

struct Pipe {
  Pipe() { EXPECT_EQ(pipe2(fds, O_CLOEXEC), 0); }
  ~Pipe() {
    for (int fd : fds) {
      if (fd >= 0) {
        ::close(fd);
      }
    }
  }
  int fds[2] = {-1, -1};
};

std::string readAll(int fd) {
  std::string out;
  char buf[65536];
  for (;;) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n <= 0) {
      return out;
    }
    out.append(buf, size_t(n));
  }
}

TEST(StdioWriteAll, WritesALineInOneCall) {
  Pipe p;
  Result<size_t> r = writeAll(p.fds[1], "one line\n", 9);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(*r, 9u);
  ::close(p.fds[1]);
  p.fds[1] = -1;
  EXPECT_EQ(readAll(p.fds[0]), "one line\n");
}

// A description made non-blocking by someone else fills up: writeAll waits for the reader
// instead of dropping the rest or failing with EAGAIN.
TEST(StdioWriteAll, WaitsOutEagainOnANonBlockingPipe) {
  Pipe p;
  ASSERT_EQ(fcntl(p.fds[1], F_SETFL, O_NONBLOCK), 0);
  std::string big(4 << 20, 'x');  // far more than a pipe holds (64 KiB by default)
  for (size_t i = 0; i < big.size(); i += 4096) {
    big[i] = char('a' + (i / 4096) % 26);
  }
  std::string got;
  std::thread reader([&] { got = readAll(p.fds[0]); });
  Result<size_t> r = writeAll(p.fds[1], big.data(), big.size());
  ::close(p.fds[1]);
  p.fds[1] = -1;
  reader.join();
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(*r, big.size());
  EXPECT_EQ(got, big);
}

TEST(StdioWriteAll, ReportsEpipeWhenTheReaderIsGone) {
  ignoreBrokenPipeSignal();
  Pipe p;
  ::close(p.fds[0]);
  p.fds[0] = -1;
  Result<size_t> r = writeAll(p.fds[1], "lost\n", 5);
  EXPECT_EQ(r.error(), -EPIPE);
}

TEST(StdioWriteAll, ReportsEbadfForAClosedDescriptor) {
  Pipe p;
  int fd = p.fds[1];
  ::close(fd);
  p.fds[1] = -1;
  EXPECT_EQ(writeAll(fd, "x", 1).error(), -EBADF);
}

TEST(StdioFdKind, TellsPipesSocketsFilesAndDevicesApart) {
  Pipe p;
  EXPECT_EQ(fdKind(p.fds[0]), FdKind::kPipe);
  int sv[2];
  ASSERT_EQ(socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv), 0);
  EXPECT_EQ(fdKind(sv[0]), FdKind::kSocket);
  ::close(sv[0]);
  ::close(sv[1]);
  int null = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
  EXPECT_EQ(fdKind(null), FdKind::kCharDevice);
  ::close(null);
  char path[] = "/tmp/nodecc-stdio-XXXXXX";
  int file = mkstemp(path);
  ASSERT_GE(file, 0);
  EXPECT_EQ(fdKind(file), FdKind::kFile);
  ::close(file);
  ::unlink(path);
  EXPECT_EQ(fdKind(file), FdKind::kClosed);
}

// process.stdin's choices (openStdin) and Node's PlatformInit (reserveStdio) change fd 0, so
// each runs in a child process (a death test's fork), which exits 0 when all held.
bool nonBlocking(int fd) {
  return (::fcntl(fd, F_GETFL) & O_NONBLOCK) != 0;
}

TEST(StdioReserveDeathTest, OpensDevNullOnAClosedFd0) {
  EXPECT_EXIT(
      {
        ::close(0);
        reserveStdio();
        const bool devNull = fdKind(0) == FdKind::kCharDevice;
        const int next = ::open("/dev/null", O_RDONLY);  // takes a number past the stdio ones
        std::_Exit(devNull && next > 2 ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
}

TEST(StdioOpenStdinDeathTest, MakesAPipeNonBlockingAndReadsItWhereItIs) {
  EXPECT_EXIT(
      {
        int fds[2];
        bool ok = ::pipe(fds) == 0 && ::dup2(fds[0], 0) == 0;
        StdinSource s = openStdin();
        ok =
            ok && s.kind == FdKind::kPipe && s.fd == 0 && !s.ownsFd && s.readable && nonBlocking(0);
        std::_Exit(ok ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
}

TEST(StdioOpenStdinDeathTest, AWriteOnlyPipeIsNotReadable) {
  EXPECT_EXIT(
      {
        int fds[2];
        bool ok = ::pipe(fds) == 0 && ::dup2(fds[1], 0) == 0;
        StdinSource s = openStdin();
        std::_Exit(ok && s.kind == FdKind::kPipe && !s.readable ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
}

TEST(StdioOpenStdinDeathTest, LeavesAFileAndDevNullBlocking) {
  EXPECT_EXIT(
      {
        const int null = ::open("/dev/null", O_RDONLY);
        bool ok = null >= 0 && ::dup2(null, 0) == 0;
        StdinSource s = openStdin();
        ok = ok && s.kind == FdKind::kCharDevice && s.fd == 0 && !nonBlocking(0);
        char path[] = "/tmp/nodecc-stdin-XXXXXX";
        const int file = mkstemp(path);
        ok = ok && file >= 0 && ::dup2(file, 0) == 0;
        ::unlink(path);
        s = openStdin();
        ok = ok && s.kind == FdKind::kFile && s.fd == 0 && !nonBlocking(0);
        std::_Exit(ok ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
}

TEST(StdioTerminalSize, IsEnottyForAPipe) {
  Pipe p;
  EXPECT_EQ(terminalSize(p.fds[1]).error(), -ENOTTY);
}

}  // namespace
}  // namespace nodecc::os::core
