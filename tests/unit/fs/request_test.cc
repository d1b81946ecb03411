// fs::core::Request: the operation table, Request::run's dispatch, and the thread-pool path
// (submit, completion on the loop thread exactly once, cancellation).
#include "fs/request.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <deque>
#include <set>
#include <string>
#include <string_view>
#include <thread>

#include "unit/fs/fs_test_util.h"

namespace nodecc::fs::core {
namespace {

using test::TempDir;

struct CountingRequest : Request {
  explicit CountingRequest(Op op) : Request(op, &CountingRequest::onDone) {}
  static void onDone(threadpool::core::WorkRequest* w, int status) {
    auto* self = static_cast<CountingRequest*>(w);
    ++self->doneCalls;
    self->doneStatus = status;
    self->doneThread = std::this_thread::get_id();
  }
  int doneCalls = 0;
  int doneStatus = 1;
  std::thread::id doneThread;
};

TEST(FsRequest, EveryOperationHasANameASyscallAndARunner) {
  std::set<std::string_view> names;
  for (const OpInfo& info : kOps) {
    EXPECT_FALSE(info.name.empty());
    EXPECT_NE(std::string_view(info.syscall), "");
    EXPECT_TRUE(names.insert(info.name).second) << info.name;
  }
  EXPECT_STREQ(opInfo(Op::kReaddir).syscall, "scandir");
  EXPECT_STREQ(opInfo(Op::kCopyFile).syscall, "copyfile");
  EXPECT_STREQ(opInfo(Op::kUtimes).syscall, "utime");
  EXPECT_EQ(opInfo(Op::kRename).paths, ErrorPaths::kPathDest);
  EXPECT_EQ(opInfo(Op::kFstat).paths, ErrorPaths::kNoPath);
}

TEST(FsRequest, RunFillsTheOutputsOfItsOperation) {
  TempDir dir;
  Request w(Op::kWriteFile);
  std::string data = "twelve bytes";
  w.path = dir / "f";
  w.flags = O_WRONLY | O_CREAT | O_TRUNC;
  w.mode = 0644;
  w.buffer = data.data();
  w.size = data.size();
  w.run();
  ASSERT_FALSE(w.failed()) << w.error();

  Request st(Op::kStat);
  st.path = dir / "f";
  st.run();
  ASSERT_FALSE(st.failed());
  EXPECT_EQ(st.stat.size, 12u);

  Request rd(Op::kReadFile);
  rd.path = dir / "f";
  rd.run();
  EXPECT_EQ(rd.text, data);

  Request ls(Op::kReaddir);
  ls.path = dir.path();
  ls.run();
  ASSERT_EQ(ls.entries.size(), 1u);
  EXPECT_EQ(ls.entries[0].name, "f");

  Request mv(Op::kRename);
  mv.path = dir / "missing";
  mv.dest = dir / "other";
  mv.run();
  EXPECT_EQ(mv.error(), -ENOENT);
  EXPECT_STREQ(mv.syscall(), "rename");
}

TEST(FsRequest, ACompoundFailureNamesItsInnerSyscallAndARerunClearsIt) {
  TempDir dir;
  Request r(Op::kReadFile);
  r.path = dir.path();
  r.run();
  EXPECT_EQ(r.error(), -EISDIR);
  EXPECT_STREQ(r.syscall(), "read");
  r.path = dir / "missing";
  r.run();
  EXPECT_EQ(r.error(), -ENOENT);
  EXPECT_STREQ(r.syscall(), "open");
}

TEST(FsRequest, ThousandSubmittedRequestsCompleteOnceEachOnTheLoopThread) {
  TempDir dir;
  {
    Request w(Op::kWriteFile);
    std::string data = "x";
    w.path = dir / "f";
    w.flags = O_WRONLY | O_CREAT;
    w.mode = 0644;
    w.buffer = data.data();
    w.size = 1;
    w.run();
    ASSERT_FALSE(w.failed());
  }
  loop::core::Loop loop;
  threadpool::core::ThreadPool pool(4);
  std::deque<CountingRequest> reqs;
  for (int i = 0; i < 1000; ++i) {
    CountingRequest& r = reqs.emplace_back(i % 2 ? Op::kReadFile : Op::kStat);
    r.path = i % 3 ? dir / "f" : dir / "missing";
    submit(pool, loop, r);
  }
  EXPECT_FALSE(loop.run());
  for (size_t i = 0; i < reqs.size(); ++i) {
    const CountingRequest& r = reqs[i];
    ASSERT_EQ(r.doneCalls, 1);
    ASSERT_EQ(r.doneStatus, 0);
    ASSERT_EQ(r.doneThread, std::this_thread::get_id());
    ASSERT_EQ(r.error(), i % 3 ? 0 : -ENOENT) << i;
    if (i % 3 && i % 2) {
      ASSERT_EQ(r.text, "x");
    }
  }
}

TEST(FsRequest, ACancelledRequestCompletesWithEcanceledAndNeverRuns) {
  TempDir dir;
  ASSERT_EQ(::mkfifo((dir / "fifo").c_str(), 0644), 0);
  loop::core::Loop loop;
  threadpool::core::ThreadPool pool(1);
  // The only worker blocks opening the FIFO for reading until a writer shows up.
  CountingRequest blocker(Op::kReadFile);
  blocker.path = dir / "fifo";
  submit(pool, loop, blocker);
  CountingRequest queued(Op::kMkdir);
  queued.path = dir / "never";
  queued.mode = 0777;
  submit(pool, loop, queued);
  ASSERT_TRUE(pool.cancel(queued));
  // Unblock the worker: a writer opens the FIFO, writes and closes.
  std::thread writer([&] {
    int fd = ::open((dir / "fifo").c_str(), O_WRONLY);
    ASSERT_GE(fd, 0);
    ASSERT_EQ(::write(fd, "fifo", 4), 4);
    ::close(fd);
  });
  EXPECT_FALSE(loop.run());
  writer.join();
  EXPECT_EQ(blocker.doneCalls, 1);
  EXPECT_EQ(blocker.text, "fifo");
  EXPECT_EQ(queued.doneCalls, 1);
  EXPECT_EQ(queued.doneStatus, -ECANCELED);
  EXPECT_NE(::access((dir / "never").c_str(), F_OK), 0);
}

}  // namespace
}  // namespace nodecc::fs::core
