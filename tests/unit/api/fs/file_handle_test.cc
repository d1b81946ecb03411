// fs.promises.FileHandle: shared by its copies, close() waits for the operations in flight,
// operations after close reject with "file closed", and a dropped handle closes its fd.
#include <fcntl.h>
#include <unistd.h>

#include <string>
#include <vector>

#include "unit/api/api_test_util.h"
#include "unit/fs/fs_test_util.h"

namespace nodecc {
namespace {

using FileHandleTest = test::ApiTest;
using fs::test::TempDir;

bool fdIsOpen(int fd) {
  return ::fcntl(fd, F_GETFD) != -1;
}

TEST_F(FileHandleTest, CloseWaitsForEveryOperationInFlight) {
  TempDir dir;
  fs::writeFileSync(dir / "f", std::string(1 << 20, 'z'));
  std::vector<std::string> log;
  int fd = -1;
  // The lambda must outlive its coroutine (the frame refers to its captures): keep it named.
  auto body = [&]() -> Promise<> {
    fs::FileHandle fh = co_await fs::promises::open(dir / "f");
    fd = fh.fd();
    std::vector<Promise<fs::ReadResult>> reads;
    for (int i = 0; i < 8; ++i) {
      reads.push_back(fh.read(Buffer::alloc(4096), 0, 4096, int64_t(i) * 4096));
    }
    Promise<> closing = fh.close();
    log.push_back("close called, fd " + std::string(fh.fd() >= 0 ? "still open" : "closed"));
    for (auto& r : reads) {
      fs::ReadResult got = co_await r;
      log.push_back(std::to_string(got.bytesRead));  // EBADF had close not waited
    }
    co_await closing;
    log.push_back("closed " + std::to_string(fh.fd()) + " " + (fdIsOpen(fd) ? "open" : "gone"));
  };
  body();
  nodecc::run();
  ASSERT_EQ(log.size(), 10u);
  EXPECT_EQ(log[0], "close called, fd still open");
  for (int i = 1; i <= 8; ++i) {
    EXPECT_EQ(log[size_t(i)], "4096");
  }
  EXPECT_EQ(log[9], "closed -1 gone");
}

TEST_F(FileHandleTest, OperationsAfterCloseRejectWithFileClosed) {
  TempDir dir;
  std::vector<std::string> errors;
  // The lambda must outlive its coroutine (the frame refers to its captures): keep it named.
  auto body = [&]() -> Promise<> {
    fs::FileHandle fh = co_await fs::promises::open(dir / "new", "w");
    fs::FileHandle copy = fh;
    co_await copy.close();
    EXPECT_EQ(fh.fd(), -1);
    co_await fh.close();  // closing again resolves
    try {
      co_await fh.stat();
    } catch (const Error& e) {
      errors.push_back(e.code + " " + e.message + " " + e.syscall);
    }
    try {
      co_await fh.writeFile("x");
    } catch (const Error& e) {
      errors.push_back(e.syscall);
    }
  };
  body();
  nodecc::run();
  EXPECT_EQ(errors, (std::vector<std::string>{"EBADF file closed fstat", "writeFile"}));
}

TEST_F(FileHandleTest, TheLastCopyGoingAwayClosesTheFd) {
  TempDir dir;
  int fd = -1;
  // The lambda must outlive its coroutine (the frame refers to its captures): keep it named.
  auto body = [&]() -> Promise<> {
    fs::FileHandle fh = co_await fs::promises::open(dir / "f", "w+");
    fd = fh.fd();
    co_await fh.write("data");
    EXPECT_TRUE(fdIsOpen(fd));
  };
  body();
  nodecc::run();
  ASSERT_GE(fd, 0);
  EXPECT_FALSE(fdIsOpen(fd));
  EXPECT_EQ(fs::readFileSync(dir / "f", "utf8"), "data");
}

TEST_F(FileHandleTest, ReadFileAndWriteFileWorkFromTheCurrentPosition) {
  TempDir dir;
  std::string text;
  // The lambda must outlive its coroutine (the frame refers to its captures): keep it named.
  auto body = [&]() -> Promise<> {
    fs::FileHandle w = co_await fs::promises::open(dir / "f", "w");
    co_await w.writeFile(std::string(100000, 'w'));
    co_await w.writeFile("tail");
    co_await w.close();
    fs::FileHandle r = co_await fs::promises::open(dir / "f");
    co_await r.read(Buffer::alloc(99998));
    text = co_await r.readFile("utf8");
    co_await r.close();
  };
  body();
  nodecc::run();
  EXPECT_EQ(text, "wwtail");
}

}  // namespace
}  // namespace nodecc
