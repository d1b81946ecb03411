// fs.ReadStream and fs.WriteStream beyond what the compat pairs print: big files, destroy
// with a read in flight, write coalescing, write errors, and streams nobody consumed.
#include <fcntl.h>
#include <unistd.h>

#include <string>
#include <thread>
#include <vector>

#include "unit/api/api_test_util.h"
#include "unit/fs/fs_test_util.h"

namespace nodecc {
namespace {

using FsStreams = test::ApiTest;
using fs::test::TempDir;

std::string pattern(size_t n) {
  std::string s(n, '\0');
  for (size_t i = 0; i < n; ++i) {
    s[i] = char((i * 131) ^ (i >> 9));
  }
  return s;
}

bool fdIsOpen(int fd) {
  return ::fcntl(fd, F_GETFD) != -1;
}

TEST_F(FsStreams, ReadStreamChunksABigFileByHighWaterMark) {
  TempDir dir;
  std::string data = pattern(1000001);
  fs::writeFileSync(dir / "big", data);
  std::vector<size_t> sizes;
  std::string got;
  bool ended = false;
  bool closed = false;
  fs::ReadStream& rs = fs::createReadStream(dir / "big", {.highWaterMark = 100000});
  rs.on("data", [&](const Buffer& c) {
    sizes.push_back(c.size());
    got.append(c.view());
  });
  rs.on("end", [&] { ended = true; });
  rs.on("close", [&] { closed = true; });
  nodecc::run();
  EXPECT_TRUE(ended);
  EXPECT_TRUE(closed);
  ASSERT_EQ(sizes.size(), 11u);
  for (size_t i = 0; i < 10; ++i) {
    EXPECT_EQ(sizes[i], 100000u);
  }
  EXPECT_EQ(sizes[10], 1u);
  EXPECT_TRUE(got == data);
}

TEST_F(FsStreams, DestroyWithAReadInFlightClosesOnceAfterIt) {
  TempDir dir;
  fs::writeFileSync(dir / "f", pattern(1 << 20));
  int chunks = 0;
  int closes = 0;
  int fd = -1;
  fs::ReadStream& rs = fs::createReadStream(dir / "f", {.highWaterMark = 1024});
  rs.on("open", [&](int f) { fd = f; });
  rs.on("data", [&](const Buffer&) {
    ++chunks;
    rs.destroy();  // the next read is already on its way
  });
  rs.on("end", [] { ADD_FAILURE() << "no end after destroy"; });
  rs.on("close", [&] { ++closes; });
  nodecc::run();
  EXPECT_EQ(chunks, 1);
  EXPECT_EQ(closes, 1);
  ASSERT_GE(fd, 0);
  EXPECT_FALSE(fdIsOpen(fd));
}

TEST_F(FsStreams, WritesBufferedWhileOneIsInFlightGoOutTogetherInOrder) {
  TempDir dir;
  fs::WriteStream& ws = fs::createWriteStream(dir / "out");
  std::string expected;
  int falses = 0;
  int drains = 0;
  int callbacks = 0;
  for (int i = 0; i < 1000; ++i) {
    std::string chunk = std::to_string(i) + ";" + std::string(size_t(i % 50), '.') + "\n";
    expected += chunk;
    falses += !ws.write(chunk, [&](Error* err) {
      EXPECT_EQ(err, nullptr);
      ++callbacks;
    });
  }
  ws.on("drain", [&] { ++drains; });
  size_t written = 0;
  ws.end([&](Error*) { written = ws.bytesWritten; });
  nodecc::run();
  EXPECT_GT(falses, 0);
  EXPECT_EQ(drains, 0);  // ended before it drained: Node emits no 'drain' then
  EXPECT_EQ(callbacks, 1000);
  EXPECT_EQ(written, expected.size());
  EXPECT_TRUE(fs::readFileSync(dir / "out").view() == expected);
}

TEST_F(FsStreams, AFailedWriteFailsItsCallbacksThenErrorsAndCloses) {
  TempDir dir;
  fs::writeFileSync(dir / "ro", "read only");
  int fd = fs::openSync(dir / "ro", "r");
  std::vector<std::string> log;
  fs::WriteStream& ws = fs::createWriteStream("", {.fd = fd});
  ws.write("x", [&](Error* err) { log.push_back("cb " + (err ? err->code : "null")); });
  ws.write("y", [&](Error* err) { log.push_back("cb " + (err ? err->code : "null")); });
  ws.on("error", [&](const Error& e) { log.push_back("error " + e.code + " " + e.syscall); });
  ws.on("finish", [&] { log.push_back("finish"); });
  ws.on("close", [&] { log.push_back("close"); });
  nodecc::run();
  EXPECT_EQ(log, (std::vector<std::string>{"cb EBADF", "cb EBADF", "error EBADF write", "close"}));
  EXPECT_FALSE(fdIsOpen(fd));  // autoClose closes an fd it was given
}

TEST_F(FsStreams, PipeCopiesABigFileThroughAWriteStream) {
  TempDir dir;
  std::string data = pattern(8 * 1024 * 1024 + 3);
  fs::writeFileSync(dir / "src", data);
  fs::ReadStream& rs = fs::createReadStream(dir / "src");
  fs::WriteStream& ws = fs::createWriteStream(dir / "dst");
  int drains = 0;
  ws.on("drain", [&] { ++drains; });
  rs.pipe(ws);
  nodecc::run();
  EXPECT_GE(drains, 100);  // every 64 KiB chunk exceeds the 16 KiB mark: the source waited
  EXPECT_TRUE(fs::readFileSync(dir / "dst").view() == data);
}

TEST(FsStreamsThread, AStreamNobodyConsumedIsFreedWithItsThread) {
  TempDir dir;
  fs::writeFileSync(dir / "f", "unread");
  int readFd = -1;
  int writeFd = -1;
  std::thread t([&] {
    fs::ReadStream& rs = fs::createReadStream(dir / "f");
    rs.on("open", [&](int fd) { readFd = fd; });
    fs::WriteStream& ws = fs::createWriteStream(dir / "g");
    ws.on("open", [&](int fd) { writeFd = fd; });
    nodecc::run();  // opens both; nothing reads or ends them, so the loop ends
    EXPECT_TRUE(fdIsOpen(readFd));
    nodecc::detail::releaseThreadProcess();  // this thread's process object, as a cluster worker's
  });
  t.join();
  ASSERT_GE(readFd, 0);
  ASSERT_GE(writeFd, 0);
  EXPECT_FALSE(fdIsOpen(readFd));  // LeakSanitizer checks the streams themselves
  EXPECT_FALSE(fdIsOpen(writeFd));
}

}  // namespace
}  // namespace nodecc
