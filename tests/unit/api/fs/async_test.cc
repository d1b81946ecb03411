// The Node-style fs API on the thread pool: callbacks on the loop thread, errors as Node's,
// many requests in flight, and the loop thread never blocking on a file.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <string>
#include <thread>

#include "unit/api/api_test_util.h"
#include "unit/fs/fs_test_util.h"

namespace nodecc {
namespace {

using FsAsync = test::ApiTest;
using fs::test::TempDir;

uint64_t nowMs() {
  return process::hrtime.bigint() / 1000000;
}

// (Built with append: GCC 12 warns falsely about "f" + std::to_string(i).)
std::string fileName(int i) {
  std::string s("f");
  s.append(std::to_string(i));
  return s;
}

TEST_F(FsAsync, ThousandConcurrentReadFilesEachCallBackOnceOnTheLoopThread) {
  TempDir dir;
  constexpr int kFiles = 50;
  for (int i = 0; i < kFiles; ++i) {
    std::string content(size_t(i) * 100, char('a' + i % 26));
    fs::writeFileSync(dir / fileName(i), content);
  }
  const auto loopThread = std::this_thread::get_id();
  int calls = 0;
  int wrongThread = 0;
  int wrongData = 0;
  for (int n = 0; n < 1000; ++n) {
    int i = n % kFiles;
    fs::readFile(dir / fileName(i), [&, i](Error* err, Buffer data) {
      ++calls;
      wrongThread += std::this_thread::get_id() != loopThread;
      std::string want(size_t(i) * 100, char('a' + i % 26));
      wrongData += err != nullptr || data.view() != want;
    });
  }
  nodecc::run();
  EXPECT_EQ(calls, 1000);
  EXPECT_EQ(wrongThread, 0);
  EXPECT_EQ(wrongData, 0);
}

TEST_F(FsAsync, ASlowFifoReadDoesNotStallTimers) {
  TempDir dir;
  std::string fifo = dir / "fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
  // A worker blocks in open() on the FIFO until something writes; meanwhile timers fire on
  // time, and the last one writes (on another worker), which lets the read finish.
  uint64_t start = nowMs();
  std::vector<uint64_t> ticks;
  std::string got;
  uint64_t readDoneAt = 0;
  fs::readFile(fifo, "utf8", [&](Error* err, std::string text) {
    EXPECT_EQ(err, nullptr);
    got = text;
    readDoneAt = nowMs() - start;
  });
  Timeout interval = setInterval(
      [&] {
        ticks.push_back(nowMs() - start);
        if (ticks.size() == 5) {
          clearInterval(interval);
          fs::writeFile(fifo, "through the fifo", [](Error* err) { EXPECT_EQ(err, nullptr); });
        }
      },
      20);
  nodecc::run();
  ASSERT_EQ(ticks.size(), 5u);
  for (size_t i = 0; i < ticks.size(); ++i) {
    EXPECT_GE(ticks[i], 20 * (i + 1) - 1);
    EXPECT_LT(ticks[i], 20 * (i + 1) + 200) << "the loop stalled";
  }
  EXPECT_EQ(got, "through the fifo");
  EXPECT_GE(readDoneAt, ticks.back());
}

TEST_F(FsAsync, CallbackErrorsCarryNodesFields) {
  TempDir dir;
  Error got;
  bool called = false;
  fs::rename(dir / "a", dir / "b", [&](Error* err) {
    ASSERT_NE(err, nullptr);
    got = *err;
    called = true;
  });
  nodecc::run();
  ASSERT_TRUE(called);
  EXPECT_EQ(got.code, "ENOENT");
  EXPECT_EQ(got.errnum, -ENOENT);
  EXPECT_EQ(got.syscall, "rename");
  EXPECT_EQ(got.path, dir / "a");
  EXPECT_EQ(got.dest, dir / "b");
  std::string want = "ENOENT: no such file or directory, rename '";
  want.append(dir / "a").append("' -> '").append(dir / "b").append("'");
  EXPECT_EQ(got.message, want);
}

TEST_F(FsAsync, InvalidArgumentsThrowBeforeAnyRequestStarts) {
  EXPECT_THROW(fs::stat(std::string("a\0b", 3), [](Error*, fs::Stats) {}), TypeError);
  EXPECT_THROW(fs::open("x", "bogus", [](Error*, int) {}), TypeError);
  EXPECT_THROW(fs::read(0, Buffer::alloc(2), 1, 5, 0, [](Error*, size_t, Buffer) {}), RangeError);
  EXPECT_THROW(fs::unlink("x", nullptr), TypeError);
  EXPECT_FALSE(nodecc::detail::Runtime::current().loop().alive());  // nothing was submitted
  nodecc::run();
}

TEST_F(FsAsync, PromiseFormsRejectInsteadOfThrowing) {
  std::string message;
  // The lambda must outlive its coroutine (the frame refers to its captures): keep it named.
  auto body = [&]() -> Promise<> {
    try {
      co_await fs::promises::open("x", "bogus");
    } catch (const Error& e) {
      message = e.code + " " + e.message;
    }
  };
  body();
  nodecc::run();
  EXPECT_EQ(message, "ERR_INVALID_ARG_VALUE The argument 'flags' is invalid. Received 'bogus'");
}

TEST_F(FsAsync, SyncFormsThrowTheErrorTheCallbackWouldGet) {
  TempDir dir;
  try {
    fs::readFileSync(dir.path());
    FAIL() << "no throw";
  } catch (const Error& e) {
    EXPECT_EQ(e.message, "EISDIR: illegal operation on a directory, read");
    EXPECT_EQ(e.path, "");
  }
  try {
    fs::rmSync(dir.path());
    FAIL() << "no throw";
  } catch (const Error& e) {
    EXPECT_EQ(e.name, "SystemError");
    EXPECT_EQ(e.code, "ERR_FS_EISDIR");
    EXPECT_EQ(e.errnum, EISDIR);
  }
}

TEST_F(FsAsync, ReadAndWriteShareTheCallersBuffer) {
  TempDir dir;
  int fd = fs::openSync(dir / "f", "w+");
  Buffer out = Buffer::from("0123456789");
  Buffer in = Buffer::alloc(4);
  size_t wrote = 0;
  size_t read = 0;
  fs::write(fd, out, 2, 6, 0, [&](Error* err, size_t n, Buffer b) {
    ASSERT_EQ(err, nullptr);
    wrote = n;
    EXPECT_EQ(b.data(), out.data());
    fs::read(fd, in, 0, 4, 1, [&](Error* err2, size_t m, Buffer b2) {
      ASSERT_EQ(err2, nullptr);
      read = m;
      EXPECT_EQ(b2.data(), in.data());
      fs::close(fd, [](Error* err3) { EXPECT_EQ(err3, nullptr); });
    });
  });
  nodecc::run();
  EXPECT_EQ(wrote, 6u);
  EXPECT_EQ(read, 4u);
  EXPECT_EQ(in.toString(), "3456");
}

TEST_F(FsAsync, ExistsAnswersWithoutAnErrorArgument) {
  TempDir dir;
  // The three complete in any order (thread pool), so each records into its own slot.
  int present = -1, missing = -1, nulInPath = -1;
  fs::exists(dir.path(), [&](bool yes) { present = yes; });
  fs::exists(dir / "missing", [&](bool yes) {
    missing = yes;
    fs::exists(std::string("a\0b", 3), [&](bool yes2) { nulInPath = yes2; });
  });
  nodecc::run();
  EXPECT_EQ(present, 1);
  EXPECT_EQ(missing, 0);
  EXPECT_EQ(nulInPath, 0);
}

}  // namespace
}  // namespace nodecc
