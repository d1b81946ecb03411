#pragma once
// fs::core::Request: one fs operation, its inputs and its outputs, run either on a thread-pool
// worker (submit: the async forms) or on the calling thread (run: the Sync forms). One type
// for every operation, as libuv's uv_fs_t: the operation's row in op_table.h says which
// syscall and paths its errors name, and Request::run dispatches through the same table.
//
// Lifecycle (threadpool::core::WorkRequest's): from submit() until its done callback the request
// belongs to the pool and keeps its loop alive; work runs on a worker, which touches only the
// request's own fields (and the bytes behind `buffer`/`iov`, which the submitter keeps alive
// and does not touch meanwhile); done(status) runs once on the submitting loop's thread,
// status -ECANCELED if the pool's cancel() took it back first (then `result` is untouched).
#include <sys/uio.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "fs/op_table.h"
#include "fs/ops.h"
#include "loop/loop.h"
#include "threadpool/thread_pool.h"

namespace nodecc::fs::core {

struct Request : threadpool::core::WorkRequest {
  explicit Request(Op op, Done done = nullptr)
      : threadpool::core::WorkRequest(&work, done), op(op) {}
  Request(const Request&) = delete;
  Request& operator=(const Request&) = delete;

  Op op;

  // Inputs; each operation reads the ones its runner in request.cc names.
  std::string path;
  std::string dest;  // rename, copyFile: the new path; symlink: the link's path
  int fd = -1;
  int flags = 0;           // open flags; copyFile/access/chmod mode bits
  int mode = 0;            // the mode of files and directories created
  int64_t position = -1;   // read/write offset, -1: the file position
  int64_t length = 0;      // truncate/ftruncate
  void* buffer = nullptr;  // read into / write from `size` bytes; the submitter's memory
  size_t size = 0;
  const iovec* iov = nullptr;  // WriteAll (nullptr: write buffer/size)
  int iovCount = 0;
  double atime = 0;
  double mtime = 0;
  bool withTypes = false;  // readdir
  bool sync = false;       // mkdir -p: Node's Sync form, whose errors differ (mkdir_recursive.cc)
  RmOptions rm;

  // Outputs.
  int64_t result = 0;  // >= 0 on success (an fd, a byte count); -errno on failure
  ErrorSite site;      // where it failed, when not the op's own syscall/path
  os::core::FileStat stat;
  std::string text;  // readFile's bytes; realpath/readlink/mkdtemp/mkdir -p's path
  std::vector<os::core::DirEntry> entries;

  bool failed() const { return result < 0; }
  int error() const { return failed() ? int(result) : 0; }
  // err.syscall of a failed request.
  const char* syscall() const { return site.syscall ? site.syscall : opInfo(op).syscall; }

  // Runs the operation on this thread and fills the outputs.
  void run();

 private:
  static void work(threadpool::core::WorkRequest* w) { static_cast<Request*>(w)->run(); }
};

// Runs `req` on a worker of `pool`; its done callback follows on `loop` (loop thread only).
void submit(threadpool::core::ThreadPool& pool, loop::core::Loop& loop, Request& req);

}  // namespace nodecc::fs::core
