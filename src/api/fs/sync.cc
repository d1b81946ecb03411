// The Sync forms of nodecc/fs.h: the same core::Request the async forms submit, run on the
// calling thread; a failure throws the Error the callback form would have passed.
#include "api/fs/request.h"

namespace nodecc::fs {

using core::Op;
using namespace internal;

namespace {

// A request for `op` on `path` (checked), run now.
core::Request& runOnPath(core::Request& r, std::string_view path, const char* name = "path") {
  checkPath(path, name);
  r.path.assign(path);
  runSync(r);
  return r;
}

void writeFileSyncImpl(std::string_view path, const Buffer& data, const WriteFileOptions& options,
                       std::string_view defaultFlag) {
  checkPath(path);
  core::Request r(Op::kWriteFile);
  r.path.assign(path);
  r.flags = OpenFlags(options.flag.empty() ? defaultFlag : std::string_view(options.flag)).value();
  r.mode = options.mode;
  r.buffer = const_cast<uint8_t*>(data.data());
  r.size = data.size();
  runSync(r);
}

Buffer encode(std::string_view data, std::string_view encoding) {
  return Buffer::from(data, encoding.empty() ? std::string_view("utf8") : encoding);
}

}  // namespace

int openSync(std::string_view path, OpenFlags flags, int mode) {
  core::Request r(Op::kOpen);
  r.flags = flags.value();
  r.mode = mode;
  return int(runOnPath(r, path).result);
}

void closeSync(int fd) {
  core::Request r(Op::kClose);
  r.fd = fd;
  runSync(r);
}

size_t readSync(int fd, Buffer buffer, size_t offset, size_t length, int64_t position) {
  if (length == 0) {
    return 0;
  }
  checkReadRange(buffer.size(), offset, length);
  core::Request r(Op::kRead);
  r.fd = fd;
  r.buffer = buffer.data() + offset;
  r.size = length;
  r.position = position;
  runSync(r);
  return size_t(r.result);
}

size_t readSync(int fd, Buffer buffer) {
  size_t n = buffer.size();
  return readSync(fd, std::move(buffer), 0, n, -1);
}

size_t writeSync(int fd, const Buffer& buffer, size_t offset, size_t length, int64_t position) {
  checkWriteRange(buffer.size(), offset, length);
  core::Request r(Op::kWrite);
  r.fd = fd;
  r.buffer = const_cast<uint8_t*>(buffer.data()) + offset;
  r.size = length;
  r.position = position;
  runSync(r);
  return size_t(r.result);
}

size_t writeSync(int fd, const Buffer& buffer) {
  return writeSync(fd, buffer, 0, buffer.size());
}

size_t writeSync(int fd, std::string_view string, int64_t position, std::string_view encoding) {
  Buffer bytes = encode(string, encoding);
  return writeSync(fd, bytes, 0, bytes.size(), position);
}

Buffer readFileSync(std::string_view path) {
  core::Request r(Op::kReadFile);
  r.flags = O_RDONLY;
  return Buffer::adopt(std::move(runOnPath(r, path).text));
}

std::string readFileSync(std::string_view path, std::string_view encoding) {
  checkEncoding(encoding);  // before any I/O, as Node's
  return readFileSync(path).toString(encoding);
}

void writeFileSync(std::string_view path, std::string_view data) {
  writeFileSyncImpl(path, Buffer::from(data), {}, "w");
}
void writeFileSync(std::string_view path, std::string_view data, std::string_view encoding) {
  writeFileSyncImpl(path, encode(data, encoding), {}, "w");
}
void writeFileSync(std::string_view path, std::string_view data, const WriteFileOptions& options) {
  writeFileSyncImpl(path, encode(data, options.encoding), options, "w");
}
void writeFileSync(std::string_view path, const Buffer& data) {
  writeFileSyncImpl(path, data, {}, "w");
}
void writeFileSync(std::string_view path, const Buffer& data, const WriteFileOptions& options) {
  writeFileSyncImpl(path, data, options, "w");
}
void appendFileSync(std::string_view path, std::string_view data) {
  writeFileSyncImpl(path, Buffer::from(data), {}, "a");
}
void appendFileSync(std::string_view path, std::string_view data, const WriteFileOptions& options) {
  writeFileSyncImpl(path, encode(data, options.encoding), options, "a");
}
void appendFileSync(std::string_view path, const Buffer& data) {
  writeFileSyncImpl(path, data, {}, "a");
}

Stats statSync(std::string_view path) {
  core::Request r(Op::kStat);
  return statsOf(runOnPath(r, path).stat);
}
Stats lstatSync(std::string_view path) {
  core::Request r(Op::kLstat);
  return statsOf(runOnPath(r, path).stat);
}
Stats fstatSync(int fd) {
  core::Request r(Op::kFstat);
  r.fd = fd;
  runSync(r);
  return statsOf(r.stat);
}

std::vector<std::string> readdirSync(std::string_view path) {
  core::Request r(Op::kReaddir);
  return namesOf(std::move(runOnPath(r, path).entries));
}
std::vector<Dirent> readdirSync(std::string_view path, WithFileTypes) {
  core::Request r(Op::kReaddir);
  r.withTypes = true;
  runOnPath(r, path);
  return direntsOf(std::move(r.entries), r.path);
}

std::optional<std::string> mkdirSync(std::string_view path, const MkdirOptions& options) {
  core::Request r(options.recursive ? Op::kMkdirRecursive : Op::kMkdir);
  r.mode = options.mode;
  r.sync = true;
  runOnPath(r, path);
  if (r.text.empty()) {
    return std::nullopt;
  }
  return std::move(r.text);
}
std::optional<std::string> mkdirSync(std::string_view path, int mode) {
  return mkdirSync(path, MkdirOptions{false, mode});
}

std::string mkdtempSync(std::string_view prefix) {
  core::Request r(Op::kMkdtemp);
  return std::move(runOnPath(r, prefix, "prefix").text);
}

void rmSync(std::string_view path, const RmOptions& options) {
  core::Request r(Op::kRm);
  r.rm = core::RmOptions{options.recursive, options.force};
  runOnPath(r, path);
}
void rmdirSync(std::string_view path) {
  core::Request r(Op::kRmdir);
  runOnPath(r, path);
}
void unlinkSync(std::string_view path) {
  core::Request r(Op::kUnlink);
  runOnPath(r, path);
}
void renameSync(std::string_view oldPath, std::string_view newPath) {
  checkPath(newPath, "newPath");
  core::Request r(Op::kRename);
  r.dest.assign(newPath);
  runOnPath(r, oldPath, "oldPath");
}
void copyFileSync(std::string_view src, std::string_view dest, int mode) {
  checkPath(dest, "dest");
  core::Request r(Op::kCopyFile);
  r.dest.assign(dest);
  r.flags = mode;
  runOnPath(r, src, "src");
}
void accessSync(std::string_view path, int mode) {
  core::Request r(Op::kAccess);
  r.flags = mode;
  runOnPath(r, path);
}
bool existsSync(std::string_view path) {
  if (path.find('\0') != std::string_view::npos) {
    return false;
  }
  core::Request r(Op::kAccess);
  r.path.assign(path);
  r.flags = F_OK;
  r.run();
  return !r.failed();
}
std::string realpathSync(std::string_view path) {
  core::Request r(Op::kRealpathWalk);
  return std::move(runOnPath(r, path).text);
}
void truncateSync(std::string_view path, int64_t length) {
  core::Request r(Op::kTruncate);
  r.length = length;
  runOnPath(r, path);
}
void ftruncateSync(int fd, int64_t length) {
  core::Request r(Op::kFtruncate);
  r.fd = fd;
  r.length = length;
  runSync(r);
}
void symlinkSync(std::string_view target, std::string_view path, std::string_view) {
  checkPath(path);
  core::Request r(Op::kSymlink);
  r.dest.assign(path);
  runOnPath(r, target, "target");
}
std::string readlinkSync(std::string_view path) {
  core::Request r(Op::kReadlink);
  return std::move(runOnPath(r, path).text);
}
void utimesSync(std::string_view path, TimeArg atime, TimeArg mtime) {
  core::Request r(Op::kUtimes);
  r.atime = atime.seconds();
  r.mtime = mtime.seconds();
  runOnPath(r, path);
}
void futimesSync(int fd, TimeArg atime, TimeArg mtime) {
  core::Request r(Op::kFutimes);
  r.fd = fd;
  r.atime = atime.seconds();
  r.mtime = mtime.seconds();
  runSync(r);
}
void chmodSync(std::string_view path, int mode) {
  core::Request r(Op::kChmod);
  r.flags = mode;
  runOnPath(r, path);
}
void fchmodSync(int fd, int mode) {
  core::Request r(Op::kFchmod);
  r.fd = fd;
  r.flags = mode;
  runSync(r);
}
void fsyncSync(int fd) {
  core::Request r(Op::kFsync);
  r.fd = fd;
  runSync(r);
}

}  // namespace nodecc::fs
