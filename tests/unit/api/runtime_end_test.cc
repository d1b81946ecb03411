// A thread's runtime ending with work still attached to its loop: pool work in flight when a
// cluster worker dies of an uncaught exception, and HTTP keep-alive connections still open.
// Their failures are sanitizer reports (a completion posted into a freed loop, connections
// never freed): these tests mean something in the ASan tree.
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <nodecc/nodecc.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <string>
#include <thread>

#include "api/runtime.h"
#include "unit/api/net/net_test_util.h"
#include "unit/fs/fs_test_util.h"

namespace nodecc {
namespace {

using namespace std::chrono_literals;

// Opens `fifo` for writing once a reader has it open (the pool thread), for at most 5 s.
int openWriterWhenRead(const std::string& fifo) {
  for (int i = 0; i < 500; ++i) {
    int fd = ::open(fifo.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd >= 0 || errno != ENXIO) {
      return fd;
    }
    std::this_thread::sleep_for(10ms);
  }
  return -1;
}

TEST(RuntimeEnd, ClusterWorkerDeadOfAnExceptionDropsItsFsCompletionInFlight) {
  fs::test::TempDir dir;
  std::string fifo = dir / "fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
  std::atomic<bool> called{false};
  // The pool thread blocks opening the FIFO until this writer comes, after the worker died.
  std::thread writer([&] {
    std::this_thread::sleep_for(200ms);
    int fd = openWriterWhenRead(fifo);
    ASSERT_GE(fd, 0);
    ASSERT_EQ(::write(fd, "x", 1), 1);
    ::close(fd);
  });
  int code = cluster::run(1, [&] {
    fs::readFile(fifo, [&](Error*, Buffer) { called = true; });
    throw std::runtime_error("worker dies with a read in flight");
  });
  writer.join();
  // Time for the pool thread to finish the read and complete it (into a freed loop, before
  // the fix: ASan reports it here).
  std::this_thread::sleep_for(200ms);
  EXPECT_EQ(code, 1);
  EXPECT_FALSE(called);  // a dead worker's callbacks do not run
}

// Sends one keep-alive GET and reads until the response's body "ok".
bool getOk(int fd) {
  std::string req = "GET / HTTP/1.1\r\nHost: x\r\n\r\n";
  if (::send(fd, req.data(), req.size(), 0) != ssize_t(req.size())) {
    return false;
  }
  std::string got;
  char buf[4096];
  while (got.find("\r\n\r\nok") == std::string::npos) {
    ssize_t n = ::recv(fd, buf, sizeof buf, 0);
    if (n <= 0) {
      return false;
    }
    got.append(buf, size_t(n));
  }
  return true;
}

TEST(RuntimeEnd, KeepAliveConnectionsStillOpenAreFreedWhenTheThreadEnds) {
  constexpr int kConnections = 3;
  std::atomic<uint16_t> port{0};
  std::atomic<int> served{0};
  std::atomic<bool> clientsDone{false};
  std::thread server([&] {
    http::Server& s = http::createServer([&](http::IncomingMessage&, http::ServerResponse& res) {
      res.end("ok");
      ++served;
    });
    s.listen(0, "127.0.0.1", [&] { port = s.address().port; });
    loop::core::Loop& loop = nodecc::detail::Runtime::current().loop();
    // A 5 ms interval wakes the loop so that it sees the clients finish.
    Timeout tick = setInterval([] {}, 5);
    while (!clientsDone) {
      loop.run(loop::core::Loop::RunMode::kOnce);
    }
    clearInterval(tick);
    // The thread ends here, its runtime with it: the server and its open connections go.
  });
  for (int i = 0; i < 500 && port == 0; ++i) {
    std::this_thread::sleep_for(10ms);
  }
  ASSERT_NE(port, 0);
  int fds[kConnections];
  for (int& fd : fds) {
    fd = test::blockingConnect(port);
    ASSERT_GE(fd, 0);
    timeval tv{5, 0};  // the reads below are bounded
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    EXPECT_TRUE(getOk(fd));
  }
  clientsDone = true;
  server.join();
  // The server's end closed the connections: each client sees the end of the stream.
  for (int fd : fds) {
    char c;
    EXPECT_EQ(::recv(fd, &c, 1, 0), 0);
    ::close(fd);
  }
  EXPECT_EQ(served, kConnections);
}

}  // namespace
}  // namespace nodecc
