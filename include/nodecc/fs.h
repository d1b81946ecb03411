#pragma once
// Node's `fs`, in its three forms:
//
//   fs::stat("a.txt", [](Error* err, fs::Stats st) { ... });   // callback, err-first
//   fs::Stats st = fs::statSync("a.txt");                       // Sync: throws Error
//   fs::Stats st = co_await fs::promises::stat("a.txt");        // promise: rejects with Error
//
// Asynchronous forms run on the thread pool (NODECC_THREADPOOL_SIZE, default 4) and call back
// on the calling thread's loop (the poll phase, as Node's fs callbacks); the loop thread never
// blocks on the file system. Sync forms block the calling thread, as in Node. Callbacks get a
// null Error* on success; on failure an Error with Node's code, errnum, syscall, path (and
// dest for rename, copyFile and symlink) and Node's message, and default values after it:
//   ENOENT: no such file or directory, open 'missing.txt'
//   ENOENT: no such file or directory, rename 'a' -> 'b'
// Invalid arguments (an unknown flags string, a path with a NUL byte, an offset past the
// buffer) throw synchronously from the callback and Sync forms (TypeError/RangeError with
// Node's code) and reject the promise forms, as Node.
//
// Constants: fs.constants.O_* / S_* / F_OK / R_OK / W_OK / X_OK are the POSIX macros of the
// same names (same values as Node on Linux), so write `R_OK`, not `fs::constants::R_OK`
// (a macro cannot be namespaced). The COPYFILE_* constants are in fs::constants.
//
// Streams (createReadStream/createWriteStream, pipe) are in nodecc/fs_streams.h, included
// below. Thread: everything here belongs to the thread that calls it (one loop per thread).
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "nodecc/abort.h"
#include "nodecc/buffer.h"
#include "nodecc/error.h"
#include "nodecc/function.h"
#include "nodecc/promise.h"

namespace nodecc::fs {

namespace constants {
inline constexpr int COPYFILE_EXCL = 1;
inline constexpr int COPYFILE_FICLONE = 2;
inline constexpr int COPYFILE_FICLONE_FORCE = 4;
}  // namespace constants

// fs.Stats. Times: *Ms as Node computes them (sec * 1e3 + nsec / 1e6), and the Date fields
// as system_clock time points rounded to the millisecond, as Node's Dates.
class Stats {
 public:
  using Date = std::chrono::system_clock::time_point;

  uint64_t dev = 0;
  uint64_t mode = 0;
  uint64_t nlink = 0;
  uint64_t uid = 0;
  uint64_t gid = 0;
  uint64_t rdev = 0;
  uint64_t blksize = 0;
  uint64_t ino = 0;
  uint64_t size = 0;
  uint64_t blocks = 0;
  double atimeMs = 0;
  double mtimeMs = 0;
  double ctimeMs = 0;
  double birthtimeMs = 0;
  Date atime{};
  Date mtime{};
  Date ctime{};
  Date birthtime{};

  bool isFile() const { return (mode & S_IFMT) == S_IFREG; }
  bool isDirectory() const { return (mode & S_IFMT) == S_IFDIR; }
  bool isSymbolicLink() const { return (mode & S_IFMT) == S_IFLNK; }
  bool isFIFO() const { return (mode & S_IFMT) == S_IFIFO; }
  bool isSocket() const { return (mode & S_IFMT) == S_IFSOCK; }
  bool isBlockDevice() const { return (mode & S_IFMT) == S_IFBLK; }
  bool isCharacterDevice() const { return (mode & S_IFMT) == S_IFCHR; }
};

// What kind of file a Dirent names (readdir's d_type, or lstat where the file system does not
// say).
enum class FileType : uint8_t {
  kUnknown,
  kFile,
  kDirectory,
  kSymlink,
  kFifo,
  kSocket,
  kCharDevice,
  kBlockDevice,
};

// fs.Dirent: readdir's entries with their type (readdir(path, fs::withFileTypes, ...)).
class Dirent {
 public:
  Dirent() = default;
  Dirent(std::string name, std::string parentPath, FileType type)
      : name(std::move(name)),
        parentPath(std::move(parentPath)),
        path(this->parentPath),
        type_(type) {}

  std::string name;
  std::string parentPath;  // the directory that was read, as given
  std::string path;        // the same (Node 20's older name for parentPath)

  bool isFile() const { return type_ == FileType::kFile; }
  bool isDirectory() const { return type_ == FileType::kDirectory; }
  bool isSymbolicLink() const { return type_ == FileType::kSymlink; }
  bool isFIFO() const { return type_ == FileType::kFifo; }
  bool isSocket() const { return type_ == FileType::kSocket; }
  bool isBlockDevice() const { return type_ == FileType::kBlockDevice; }
  bool isCharacterDevice() const { return type_ == FileType::kCharDevice; }

 private:
  FileType type_ = FileType::kUnknown;
};

// readdir's { withFileTypes: true }: a tag, since it changes the result's type.
struct WithFileTypes {};
inline constexpr WithFileTypes withFileTypes{};

// Open flags: Node's strings ("r", "r+", "w", "wx", "a", "ax+"...) or open(2) flags (O_*).
class OpenFlags {
 public:
  OpenFlags(const char* text) : text_(text) {}             // NOLINT: implicit like Node's
  OpenFlags(std::string_view text) : text_(text) {}        // NOLINT
  OpenFlags(const std::string& text) : text_(text) {}      // NOLINT
  OpenFlags(int flags) : flags_(flags), numeric_(true) {}  // NOLINT
  // The open(2) flags; throws TypeError ERR_INVALID_ARG_VALUE for an unknown string.
  int value() const;

 private:
  std::string_view text_;
  int flags_ = 0;
  bool numeric_ = false;
};

// A time argument of utimes/futimes: seconds since the epoch (fractions kept), as Node's
// numbers, or a time point (Node's Date).
class TimeArg {
 public:
  TimeArg(double seconds) : seconds_(seconds) {}             // NOLINT
  TimeArg(int seconds) : seconds_(seconds) {}                // NOLINT
  TimeArg(long seconds) : seconds_(double(seconds)) {}       // NOLINT
  TimeArg(long long seconds) : seconds_(double(seconds)) {}  // NOLINT
  // A whole-millisecond time point gives exactly Node's date.getTime() / 1000.
  TimeArg(std::chrono::system_clock::time_point t)  // NOLINT
      : seconds_(secondsOf(t.time_since_epoch())) {}
  double seconds() const { return seconds_; }

 private:
  static double secondsOf(std::chrono::system_clock::duration d) {
    auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(d);
    if (ms == d) {
      return double(ms.count()) / 1000;
    }
    return std::chrono::duration<double>(d).count();
  }
  double seconds_;
};

struct MkdirOptions {
  bool recursive = false;
  int mode = 0777;
};

// Node's rm options. (maxRetries/retryDelay are not supported: no retries are made.)
struct RmOptions {
  bool force = false;
  bool recursive = false;
};

// writeFile/appendFile options ({encoding, mode, flag, signal}); flag defaults to "w" for
// writeFile and "a" for appendFile when left empty. An aborted signal: see ReadFileOptions.
// C++ difference: the file is written in one request on the thread pool, so an abort while
// it runs reports AbortError once the bytes are written (Node stops between chunks). An
// aggregate: under GCC 12 name it before a co_await (docs/guide.md).
struct WriteFileOptions {
  std::string encoding = "utf8";
  int mode = 0666;
  std::string flag{};  // empty: "w" (writeFile) or "a" (appendFile)
  AbortSignal signal{};
};

// readFile options ({flag, signal}); Node's `encoding` is readFile's encoding argument here,
// since it decides the result's type (Buffer or std::string). A signal already aborted calls
// back at once (before readFile returns, as Node's checkAborted) and rejects the promise form;
// one aborted while the read runs makes it end with AbortError (code ABORT_ERR, "The operation
// was aborted") instead of the data.
// Not an aggregate (unlike the older option structs), so that `co_await
// fs::promises::readFile(path, {ac.signal})` is safe under GCC 12 (docs/guide.md).
struct ReadFileOptions {
  ReadFileOptions() {}                                                // NOLINT: user-provided
  ReadFileOptions(AbortSignal signal) : signal(std::move(signal)) {}  // NOLINT: implicit
  std::string flag = "r";
  AbortSignal signal;
};

template <class... V>
using Callback = UniqueFunction<void(Error*, V...)>;
using NoResultCallback = UniqueFunction<void(Error*)>;

// ---- Callback forms -------------------------------------------------------------------------

// fs.open(path[, flags[, mode]], cb(err, fd)): flags default "r", mode 0o666.
void open(std::string_view path, Callback<int> cb);
void open(std::string_view path, OpenFlags flags, Callback<int> cb);
void open(std::string_view path, OpenFlags flags, int mode, Callback<int> cb);
void close(int fd, NoResultCallback cb = nullptr);
// fs.read(fd, buffer, offset, length, position, cb(err, bytesRead, buffer)): position -1 reads
// at the file position. The bytes land in `buffer` (shared, as Node's).
void read(int fd, Buffer buffer, size_t offset, size_t length, int64_t position,
          Callback<size_t, Buffer> cb);
void read(int fd, Buffer buffer, Callback<size_t, Buffer> cb);
// fs.write(fd, buffer, offset, length, position, cb(err, bytesWritten, buffer)).
void write(int fd, Buffer buffer, size_t offset, size_t length, int64_t position,
           Callback<size_t, Buffer> cb);
void write(int fd, Buffer buffer, Callback<size_t, Buffer> cb);
// fs.write(fd, string[, position[, encoding]], cb(err, bytesWritten, string)).
void write(int fd, std::string_view string, Callback<size_t, std::string> cb);
void write(int fd, std::string_view string, int64_t position, Callback<size_t, std::string> cb);
void write(int fd, std::string_view string, int64_t position, std::string_view encoding,
           Callback<size_t, std::string> cb);

// fs.readFile(path, cb(err, data)) and fs.readFile(path, encoding, cb(err, text)).
void readFile(std::string_view path, Callback<Buffer> cb);
void readFile(std::string_view path, std::string_view encoding, Callback<std::string> cb);
// fs.readFile(path, {flag, signal}, cb) and fs.readFile(path, {encoding, flag, signal}, cb).
void readFile(std::string_view path, const ReadFileOptions& options, Callback<Buffer> cb);
void readFile(std::string_view path, std::string_view encoding, const ReadFileOptions& options,
              Callback<std::string> cb);
// fs.writeFile(path, data[, options | encoding], cb(err)).
void writeFile(std::string_view path, std::string_view data, NoResultCallback cb);
void writeFile(std::string_view path, std::string_view data, std::string_view encoding,
               NoResultCallback cb);
void writeFile(std::string_view path, std::string_view data, const WriteFileOptions& options,
               NoResultCallback cb);
void writeFile(std::string_view path, const Buffer& data, NoResultCallback cb);
void writeFile(std::string_view path, const Buffer& data, const WriteFileOptions& options,
               NoResultCallback cb);
// fs.appendFile: writeFile with flag "a".
void appendFile(std::string_view path, std::string_view data, NoResultCallback cb);
void appendFile(std::string_view path, std::string_view data, const WriteFileOptions& options,
                NoResultCallback cb);
void appendFile(std::string_view path, const Buffer& data, NoResultCallback cb);

void stat(std::string_view path, Callback<Stats> cb);
void lstat(std::string_view path, Callback<Stats> cb);
void fstat(int fd, Callback<Stats> cb);
// fs.readdir(path, cb(err, names)): sorted by name (libuv's scandir order).
void readdir(std::string_view path, Callback<std::vector<std::string>> cb);
// fs.readdir(path, {withFileTypes: true}, cb(err, dirents)).
void readdir(std::string_view path, WithFileTypes, Callback<std::vector<Dirent>> cb);
// fs.mkdir(path[, mode], cb(err)); with options, cb(err, path): the first directory a
// recursive mkdir created (nullopt when none, or not recursive).
void mkdir(std::string_view path, NoResultCallback cb);
void mkdir(std::string_view path, int mode, NoResultCallback cb);
void mkdir(std::string_view path, const MkdirOptions& options, NoResultCallback cb);
void mkdir(std::string_view path, const MkdirOptions& options,
           Callback<std::optional<std::string>> cb);
// fs.mkdtemp(prefix, cb(err, path)): prefix + six random characters.
void mkdtemp(std::string_view prefix, Callback<std::string> cb);
void rm(std::string_view path, NoResultCallback cb);
void rm(std::string_view path, const RmOptions& options, NoResultCallback cb);
void rmdir(std::string_view path, NoResultCallback cb);
void unlink(std::string_view path, NoResultCallback cb);
void rename(std::string_view oldPath, std::string_view newPath, NoResultCallback cb);
// fs.copyFile(src, dest[, mode], cb): mode of fs::constants::COPYFILE_*.
void copyFile(std::string_view src, std::string_view dest, NoResultCallback cb);
void copyFile(std::string_view src, std::string_view dest, int mode, NoResultCallback cb);
// fs.access(path[, mode], cb): mode F_OK (default), R_OK, W_OK, X_OK.
void access(std::string_view path, NoResultCallback cb);
void access(std::string_view path, int mode, NoResultCallback cb);
// fs.exists(path, cb(exists)) (deprecated in Node, kept: no error argument).
void exists(std::string_view path, UniqueFunction<void(bool)> cb);
// fs.realpath(path, cb(err, resolved)): Node's JavaScript walk, so failures read
// "lstat '/abs/missing'" as Node's; fs::promises::realpath uses realpath(3) as Node's does.
void realpath(std::string_view path, Callback<std::string> cb);
void truncate(std::string_view path, NoResultCallback cb);
void truncate(std::string_view path, int64_t length, NoResultCallback cb);
void ftruncate(int fd, NoResultCallback cb);
void ftruncate(int fd, int64_t length, NoResultCallback cb);
// fs.symlink(target, path[, type], cb): type ("file", "dir", "junction") matters only on
// Windows and is ignored.
void symlink(std::string_view target, std::string_view path, NoResultCallback cb);
void symlink(std::string_view target, std::string_view path, std::string_view type,
             NoResultCallback cb);
void readlink(std::string_view path, Callback<std::string> cb);
void utimes(std::string_view path, TimeArg atime, TimeArg mtime, NoResultCallback cb);
void futimes(int fd, TimeArg atime, TimeArg mtime, NoResultCallback cb);
void chmod(std::string_view path, int mode, NoResultCallback cb);
void fchmod(int fd, int mode, NoResultCallback cb);
void fsync(int fd, NoResultCallback cb);

// ---- Sync forms: throw Error ----------------------------------------------------------------

int openSync(std::string_view path, OpenFlags flags = "r", int mode = 0666);
void closeSync(int fd);
size_t readSync(int fd, Buffer buffer, size_t offset, size_t length, int64_t position = -1);
size_t readSync(int fd, Buffer buffer);
size_t writeSync(int fd, const Buffer& buffer, size_t offset, size_t length, int64_t position = -1);
size_t writeSync(int fd, const Buffer& buffer);
size_t writeSync(int fd, std::string_view string, int64_t position = -1,
                 std::string_view encoding = "utf8");
Buffer readFileSync(std::string_view path);
std::string readFileSync(std::string_view path, std::string_view encoding);
void writeFileSync(std::string_view path, std::string_view data);
void writeFileSync(std::string_view path, std::string_view data, std::string_view encoding);
void writeFileSync(std::string_view path, std::string_view data, const WriteFileOptions& options);
void writeFileSync(std::string_view path, const Buffer& data);
void writeFileSync(std::string_view path, const Buffer& data, const WriteFileOptions& options);
void appendFileSync(std::string_view path, std::string_view data);
void appendFileSync(std::string_view path, std::string_view data, const WriteFileOptions& options);
void appendFileSync(std::string_view path, const Buffer& data);
Stats statSync(std::string_view path);
Stats lstatSync(std::string_view path);
Stats fstatSync(int fd);
std::vector<std::string> readdirSync(std::string_view path);
std::vector<Dirent> readdirSync(std::string_view path, WithFileTypes);
std::optional<std::string> mkdirSync(std::string_view path, const MkdirOptions& options = {});
std::optional<std::string> mkdirSync(std::string_view path, int mode);
std::string mkdtempSync(std::string_view prefix);
void rmSync(std::string_view path, const RmOptions& options = {});
void rmdirSync(std::string_view path);
void unlinkSync(std::string_view path);
void renameSync(std::string_view oldPath, std::string_view newPath);
void copyFileSync(std::string_view src, std::string_view dest, int mode = 0);
void accessSync(std::string_view path, int mode = F_OK);
bool existsSync(std::string_view path);
std::string realpathSync(std::string_view path);
void truncateSync(std::string_view path, int64_t length = 0);
void ftruncateSync(int fd, int64_t length = 0);
void symlinkSync(std::string_view target, std::string_view path, std::string_view type = {});
std::string readlinkSync(std::string_view path);
void utimesSync(std::string_view path, TimeArg atime, TimeArg mtime);
void futimesSync(int fd, TimeArg atime, TimeArg mtime);
void chmodSync(std::string_view path, int mode);
void fchmodSync(int fd, int mode);
void fsyncSync(int fd);

// ---- Promise forms (fs.promises) -------------------------------------------------------------

struct ReadResult {
  size_t bytesRead = 0;
  Buffer buffer;
};
// (Node's filehandle.write(string) gives the string back; here `buffer` holds its bytes.)
struct WriteResult {
  size_t bytesWritten = 0;
  Buffer buffer;
};

namespace detail {
struct FileHandleState;
}

// fs.promises.FileHandle: an open file. Copies share it (as references to one JavaScript
// object); close() closes it for all, after the operations in flight on it have finished, and
// later operations reject with EBADF "file closed". When the last copy goes away while the
// file is still open, it is closed on the thread pool (Node closes it on garbage collection).
class FileHandle {
 public:
  FileHandle() = default;
  explicit FileHandle(int fd);

  // filehandle.fd: -1 once closed (or for an empty handle).
  int fd() const;

  Promise<ReadResult> read(Buffer buffer, size_t offset, size_t length, int64_t position = -1);
  Promise<ReadResult> read(Buffer buffer);
  // filehandle.read(): into a new 16 KiB buffer.
  Promise<ReadResult> read();
  Promise<WriteResult> write(Buffer buffer, size_t offset, size_t length, int64_t position = -1);
  Promise<WriteResult> write(Buffer buffer);
  Promise<WriteResult> write(std::string_view string, int64_t position = -1,
                             std::string_view encoding = "utf8");
  // From the current position to the end.
  Promise<Buffer> readFile();
  Promise<std::string> readFile(std::string_view encoding);
  // Writes everything at the current position (the start, for a file opened "w").
  Promise<> writeFile(std::string_view data);
  Promise<> writeFile(const Buffer& data);
  Promise<> appendFile(std::string_view data) { return writeFile(data); }
  Promise<> appendFile(const Buffer& data) { return writeFile(data); }
  Promise<Stats> stat();
  Promise<> truncate(int64_t length = 0);
  Promise<> sync();
  Promise<> utimes(TimeArg atime, TimeArg mtime);
  Promise<> chmod(int mode);
  Promise<> close();

 private:
  std::shared_ptr<detail::FileHandleState> state_;
};

namespace promises {
Promise<FileHandle> open(std::string_view path, OpenFlags flags = "r", int mode = 0666);
Promise<Buffer> readFile(std::string_view path);
Promise<std::string> readFile(std::string_view path, std::string_view encoding);
Promise<Buffer> readFile(std::string_view path, const ReadFileOptions& options);
Promise<std::string> readFile(std::string_view path, std::string_view encoding,
                              const ReadFileOptions& options);
Promise<> writeFile(std::string_view path, std::string_view data);
Promise<> writeFile(std::string_view path, std::string_view data, std::string_view encoding);
Promise<> writeFile(std::string_view path, std::string_view data, const WriteFileOptions& options);
Promise<> writeFile(std::string_view path, const Buffer& data);
Promise<> writeFile(std::string_view path, const Buffer& data, const WriteFileOptions& options);
Promise<> appendFile(std::string_view path, std::string_view data);
Promise<> appendFile(std::string_view path, const Buffer& data);
Promise<Stats> stat(std::string_view path);
Promise<Stats> lstat(std::string_view path);
Promise<std::vector<std::string>> readdir(std::string_view path);
Promise<std::vector<Dirent>> readdir(std::string_view path, WithFileTypes);
Promise<std::optional<std::string>> mkdir(std::string_view path, const MkdirOptions& options = {});
Promise<std::string> mkdtemp(std::string_view prefix);
Promise<> rm(std::string_view path, const RmOptions& options = {});
Promise<> rmdir(std::string_view path);
Promise<> unlink(std::string_view path);
Promise<> rename(std::string_view oldPath, std::string_view newPath);
Promise<> copyFile(std::string_view src, std::string_view dest, int mode = 0);
Promise<> access(std::string_view path, int mode = F_OK);
// realpath(3): failures read "realpath 'missing'" as Node's fs.promises.realpath.
Promise<std::string> realpath(std::string_view path);
Promise<> truncate(std::string_view path, int64_t length = 0);
Promise<> symlink(std::string_view target, std::string_view path, std::string_view type = {});
Promise<std::string> readlink(std::string_view path);
Promise<> utimes(std::string_view path, TimeArg atime, TimeArg mtime);
Promise<> chmod(std::string_view path, int mode);
}  // namespace promises

}  // namespace nodecc::fs

#include "nodecc/fs_streams.h"
