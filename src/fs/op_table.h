#pragma once
// The fs operations, one row each: X(Name, "syscall", PATHS).
//   Name     the operation (Op::kName; Request runs it with runName, see request.cc)
//   syscall  Node's err.syscall when the operation fails as a whole; compound operations
//            (readFile, rm, realpath...) may name the inner syscall instead (ErrorSite)
//   PATHS    what Node's error message shows: kPath "open 'a'", kPathDest "rename 'a' -> 'b'",
//            kNoPath "close" (operations on an fd)
#include <cstdint>
#include <string_view>

#define NODECC_FS_OPS(X)             \
  X(Open, "open", kPath)             \
  X(Close, "close", kNoPath)         \
  X(Read, "read", kNoPath)           \
  X(Write, "write", kNoPath)         \
  X(WriteAll, "write", kNoPath)      \
  X(ReadFile, "open", kPath)         \
  X(ReadFd, "read", kNoPath)         \
  X(WriteFile, "open", kPath)        \
  X(Stat, "stat", kPath)             \
  X(Lstat, "lstat", kPath)           \
  X(Fstat, "fstat", kNoPath)         \
  X(Readdir, "scandir", kPath)       \
  X(Mkdir, "mkdir", kPath)           \
  X(MkdirRecursive, "mkdir", kPath)  \
  X(Mkdtemp, "mkdtemp", kPath)       \
  X(Rm, "rm", kPath)                 \
  X(Rmdir, "rmdir", kPath)           \
  X(Unlink, "unlink", kPath)         \
  X(Rename, "rename", kPathDest)     \
  X(CopyFile, "copyfile", kPathDest) \
  X(Access, "access", kPath)         \
  X(Realpath, "realpath", kPath)     \
  X(RealpathWalk, "lstat", kPath)    \
  X(Truncate, "open", kPath)         \
  X(Ftruncate, "ftruncate", kNoPath) \
  X(Symlink, "symlink", kPathDest)   \
  X(Readlink, "readlink", kPath)     \
  X(Utimes, "utime", kPath)          \
  X(Futimes, "futime", kNoPath)      \
  X(Chmod, "chmod", kPath)           \
  X(Fchmod, "fchmod", kNoPath)       \
  X(Fsync, "fsync", kNoPath)

namespace nodecc::fs::core {

enum class Op : uint8_t {
#define NODECC_FS_OP_ENUM(name, syscall, paths) k##name,
  NODECC_FS_OPS(NODECC_FS_OP_ENUM)
#undef NODECC_FS_OP_ENUM
};

enum class ErrorPaths : uint8_t { kPath, kPathDest, kNoPath };

struct OpInfo {
  std::string_view name;
  const char* syscall;
  ErrorPaths paths;
};

inline constexpr OpInfo kOps[] = {
#define NODECC_FS_OP_INFO(name, syscall, paths) {#name, syscall, ErrorPaths::paths},
    NODECC_FS_OPS(NODECC_FS_OP_INFO)
#undef NODECC_FS_OP_INFO
};

constexpr const OpInfo& opInfo(Op op) {
  return kOps[static_cast<size_t>(op)];
}

}  // namespace nodecc::fs::core
