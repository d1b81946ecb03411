// process::WriteStream over a pipe: whole writes, and EPIPE once the reader is gone ('error'
// in a nextTick, later writes dropped).
#include <fcntl.h>
#include <gtest/gtest.h>
#include <nodecc/nodecc.h>
#include <unistd.h>

#include "unit/api/api_test_util.h"

namespace nodecc {
namespace {

using WriteStreamTest = test::ApiTest;

TEST_F(WriteStreamTest, WritesWholeChunksToAPipe) {
  int fds[2];
  ASSERT_EQ(pipe2(fds, O_CLOEXEC), 0);
  {
    process::WriteStream s(fds[1]);
    EXPECT_FALSE(s.isTTY);
    EXPECT_EQ(s.columns(), 0);
    EXPECT_TRUE(s.write("hello "));
    EXPECT_TRUE(s.write(std::string(1000, 'x')));
  }
  ::close(fds[1]);
  std::string got;
  char buf[4096];
  ssize_t n;
  while ((n = ::read(fds[0], buf, sizeof buf)) > 0) {
    got.append(buf, size_t(n));
  }
  ::close(fds[0]);
  EXPECT_EQ(got, "hello " + std::string(1000, 'x'));
}

TEST_F(WriteStreamTest, EmitsEpipeOnceTheReaderIsGone) {
  int fds[2];
  ASSERT_EQ(pipe2(fds, O_CLOEXEC), 0);
  ::close(fds[0]);
  process::WriteStream s(fds[1]);
  std::vector<std::string> seen;
  s.on("error", [&](const Error& e) { seen.push_back(e.code + " " + e.syscall); });
  std::string callbackError;
  EXPECT_FALSE(s.write("lost", [&](Error* err) { callbackError = err ? err->code : "none"; }));
  EXPECT_FALSE(s.write("dropped"));
  EXPECT_TRUE(seen.empty());  // not before the current operation ends
  nodecc::run();
  EXPECT_EQ(seen, (std::vector<std::string>{"EPIPE write"}));
  EXPECT_EQ(callbackError, "EPIPE");
  ::close(fds[1]);
}

}  // namespace
}  // namespace nodecc
