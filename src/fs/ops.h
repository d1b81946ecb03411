#pragma once
// The fs operations as plain blocking functions over the os layer, with Node's semantics
// (recursive mkdir's first directory, rm's rimraf walk, libuv's copyfile, the JavaScript
// realpath walk...). Each returns Result<T> (-errno on failure), never throws, never builds an
// Error. They run on a thread-pool worker (async forms) or on the caller's thread (Sync forms).
//
// Compound operations fail in one of several syscalls: they fill an ErrorSite saying which,
// and on which path, so that the API layer can print Node's exact message
// ("EISDIR: illegal operation on a directory, read" for readFile on a directory).
#include <sys/uio.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "os/dir.h"
#include "os/fs_ops.h"
#include "os/result.h"

namespace nodecc::fs::core {

using os::core::Result;

// Where a failure happened when it was not the operation's own syscall on its own path(s).
struct ErrorSite {
  enum class Path : uint8_t {
    kOwn,    // the operation's path (and dest), as its row in op_table.h says
    kNone,   // no path (Node's message for a failed read inside readFile)
    kOther,  // `otherPath` (an entry inside the tree rm removes, realpath's resolved prefix)
  };
  const char* syscall = nullptr;  // nullptr: the operation's own
  Path path = Path::kOwn;
  std::string otherPath;

  void set(const char* sys, Path p) {
    syscall = sys;
    path = p;
  }
  void set(const char* sys, std::string p) {
    syscall = sys;
    path = Path::kOther;
    otherPath = std::move(p);
  }
};

// Node's string flags ("r", "r+", "rs+", "w", "wx", "w+", "wx+", "a", "ax", "a+", "ax+",
// "as", "as+", and the "xw"/"sa"... spellings) as open(2) flags; -EINVAL when unknown.
Result<int> parseOpenFlags(std::string_view flags);

Result<int> open(const char* path, int flags, int mode);
Result<void> close(int fd);
Result<size_t> read(int fd, void* buf, size_t len, int64_t position);
Result<size_t> write(int fd, const void* buf, size_t len, int64_t position);
// Writes every byte of `iov` (looping over short writes), as a write stream needs.
Result<size_t> writeAll(int fd, const iovec* iov, int count, int64_t position);

// The whole contents of a file (open, fstat to size the buffer, read to EOF, close).
Result<std::string> readFile(const char* path, int flags, ErrorSite* site);
// The rest of an open file, from its position (FileHandle.readFile).
Result<std::string> readFd(int fd);
// open(path, flags, mode), write every byte, close: writeFile and appendFile.
Result<void> writeFile(const char* path, const void* data, size_t len, int flags, int mode,
                       ErrorSite* site);
// Node's truncate(path): open "r+", ftruncate, close.
Result<void> truncate(const char* path, int64_t length, ErrorSite* site);

Result<os::core::FileStat> stat(const char* path);
Result<os::core::FileStat> lstat(const char* path);
Result<os::core::FileStat> fstat(int fd);

// Entries sorted by name; entries whose type readdir did not report are lstat'ed, as Node does.
Result<std::vector<os::core::DirEntry>> readdir(const char* path, bool withTypes);

Result<void> mkdir(const char* path, int mode);
// Node's two mkdir -p: MKDirpSync (fs.mkdirSync) and MKDirpAsync (the callback and promise
// forms); they differ in some errors (mkdir_recursive.cc).
enum class MkdirpRules : uint8_t { kSync, kAsync };
// mkdir -p with Node's rules: returns the first directory created ("" when none), spelled as
// a prefix of `path`; a file in the way gives EEXIST for `path` itself and ENOTDIR for a path
// below it. Under kAsync rules a failure fills `site` (when given) with the component that
// failed, the path Node's error names.
Result<std::string> mkdirRecursive(const std::string& path, int mode,
                                   MkdirpRules rules = MkdirpRules::kSync,
                                   ErrorSite* site = nullptr);
Result<std::string> mkdtemp(const std::string& prefix);

struct RmOptions {
  bool recursive = false;
  bool force = false;
};
// Node's rm: lstat first (ENOENT ignored with force), a directory without recursive is
// -EISDIR at syscall "rm" (Node's ERR_FS_EISDIR), then rimraf's walk: unlink files, rmdir
// directories, emptying those that are not empty.
Result<void> rm(const std::string& path, const RmOptions& options, ErrorSite* site);
Result<void> rmdir(const char* path);
Result<void> unlink(const char* path);
Result<void> rename(const char* from, const char* to);

// fs.constants.COPYFILE_* values.
inline constexpr int kCopyFileExcl = 1;
inline constexpr int kCopyFileFiclone = 2;
inline constexpr int kCopyFileFicloneForce = 4;
// libuv's copyfile: the destination gets the source's mode, a reflink when asked for, else an
// in-kernel copy; on failure the destination is removed.
Result<void> copyFile(const char* from, const char* to, int mode);

Result<void> access(const char* path, int mode);
// realpath(3) (fs.promises.realpath, fs.realpath.native).
Result<std::string> realpath(const char* path);
// Node's JavaScript realpath (fs.realpath, fs.realpathSync): resolve against the working
// directory, then lstat each prefix and follow symbolic links; failures name the absolute
// prefix and the syscall (lstat, stat or readlink) that failed.
Result<std::string> realpathWalk(const std::string& path, ErrorSite* site);

Result<void> ftruncate(int fd, int64_t length);
Result<void> symlink(const char* target, const char* path);
Result<std::string> readlink(const char* path);
Result<void> utimes(const char* path, double atime, double mtime);
Result<void> futimes(int fd, double atime, double mtime);
Result<void> chmod(const char* path, int mode);
Result<void> fchmod(int fd, int mode);
Result<void> fsync(int fd);

}  // namespace nodecc::fs::core
