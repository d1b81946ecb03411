#include "fs/request.h"

#include <utility>

namespace nodecc::fs::core {

namespace {

void setStatus(Request& r, const Result<void>& res) {
  r.result = res ? 0 : res.error();
}

template <class T>
void setCount(Request& r, const Result<T>& res) {
  r.result = res ? int64_t(res.value()) : res.error();
}

void setText(Request& r, Result<std::string>&& res) {
  if (res) {
    r.text = std::move(*res);
    r.result = 0;
  } else {
    r.result = res.error();
  }
}

void setStat(Request& r, const Result<os::core::FileStat>& res) {
  if (res) {
    r.stat = res.value();
    r.result = 0;
  } else {
    r.result = res.error();
  }
}

// One runner per row of op_table.h: the inputs it reads are exactly those named here.
void runOpen(Request& r) {
  setCount(r, open(r.path.c_str(), r.flags, r.mode));
}
void runClose(Request& r) {
  setStatus(r, close(r.fd));
}
void runRead(Request& r) {
  setCount(r, read(r.fd, r.buffer, r.size, r.position));
}
void runWrite(Request& r) {
  setCount(r, write(r.fd, r.buffer, r.size, r.position));
}
void runWriteAll(Request& r) {
  if (r.iov == nullptr) {
    iovec one{r.buffer, r.size};
    setCount(r, writeAll(r.fd, &one, 1, r.position));
  } else {
    setCount(r, writeAll(r.fd, r.iov, r.iovCount, r.position));
  }
}
void runReadFile(Request& r) {
  setText(r, readFile(r.path.c_str(), r.flags, &r.site));
}
void runReadFd(Request& r) {
  setText(r, readFd(r.fd));
}
void runWriteFile(Request& r) {
  setStatus(r, writeFile(r.path.c_str(), r.buffer, r.size, r.flags, r.mode, &r.site));
}
void runStat(Request& r) {
  setStat(r, stat(r.path.c_str()));
}
void runLstat(Request& r) {
  setStat(r, lstat(r.path.c_str()));
}
void runFstat(Request& r) {
  setStat(r, fstat(r.fd));
}
void runReaddir(Request& r) {
  auto res = readdir(r.path.c_str(), r.withTypes);
  if (res) {
    r.entries = std::move(*res);
    r.result = 0;
  } else {
    r.result = res.error();
  }
}
void runMkdir(Request& r) {
  setStatus(r, mkdir(r.path.c_str(), r.mode));
}
void runMkdirRecursive(Request& r) {
  setText(r, mkdirRecursive(r.path, r.mode, r.sync ? MkdirpRules::kSync : MkdirpRules::kAsync,
                            &r.site));
}
void runMkdtemp(Request& r) {
  setText(r, mkdtemp(r.path));
}
void runRm(Request& r) {
  setStatus(r, rm(r.path, r.rm, &r.site));
}
void runRmdir(Request& r) {
  setStatus(r, rmdir(r.path.c_str()));
}
void runUnlink(Request& r) {
  setStatus(r, unlink(r.path.c_str()));
}
void runRename(Request& r) {
  setStatus(r, rename(r.path.c_str(), r.dest.c_str()));
}
void runCopyFile(Request& r) {
  setStatus(r, copyFile(r.path.c_str(), r.dest.c_str(), r.flags));
}
void runAccess(Request& r) {
  setStatus(r, access(r.path.c_str(), r.flags));
}
void runRealpath(Request& r) {
  setText(r, realpath(r.path.c_str()));
}
void runRealpathWalk(Request& r) {
  setText(r, realpathWalk(r.path, &r.site));
}
void runTruncate(Request& r) {
  setStatus(r, truncate(r.path.c_str(), r.length, &r.site));
}
void runFtruncate(Request& r) {
  setStatus(r, ftruncate(r.fd, r.length));
}
void runSymlink(Request& r) {
  setStatus(r, symlink(r.path.c_str(), r.dest.c_str()));
}
void runReadlink(Request& r) {
  setText(r, readlink(r.path.c_str()));
}
void runUtimes(Request& r) {
  setStatus(r, utimes(r.path.c_str(), r.atime, r.mtime));
}
void runFutimes(Request& r) {
  setStatus(r, futimes(r.fd, r.atime, r.mtime));
}
void runChmod(Request& r) {
  setStatus(r, chmod(r.path.c_str(), r.flags));
}
void runFchmod(Request& r) {
  setStatus(r, fchmod(r.fd, r.flags));
}
void runFsync(Request& r) {
  setStatus(r, fsync(r.fd));
}

using Runner = void (*)(Request&);
constexpr Runner kRunners[] = {
#define NODECC_FS_OP_RUNNER(name, syscall, paths) &run##name,
    NODECC_FS_OPS(NODECC_FS_OP_RUNNER)
#undef NODECC_FS_OP_RUNNER
};
static_assert(std::size(kRunners) == std::size(kOps), "one runner per operation");

}  // namespace

void Request::run() {
  site = ErrorSite{};
  kRunners[static_cast<size_t>(op)](*this);
}

void submit(threadpool::core::ThreadPool& pool, loop::core::Loop& loop, Request& req) {
  pool.submit(loop, req);
}

}  // namespace nodecc::fs::core
