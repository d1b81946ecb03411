// The callback forms of nodecc/fs.h: each fills a core::Request, submits it to the thread pool
// and calls back err-first on the loop thread (see api/fs/request.h).
#include "api/fs/request.h"
#include "nodecc/process.h"

namespace nodecc::fs {

using core::Op;
using namespace internal;

namespace {

constexpr auto kStatsValue = [](core::Request& r) { return statsOf(r.stat); };
constexpr auto kTextValue = [](core::Request& r) { return std::move(r.text); };

auto pathSetup(std::string_view path) {
  checkPath(path);
  return [path](core::Request& r) { r.path.assign(path); };
}

auto twoPathSetup(std::string_view path, const char* pathName, std::string_view dest,
                  const char* destName) {
  checkPath(path, pathName);
  checkPath(dest, destName);
  return [path, dest](core::Request& r) {
    r.path.assign(path);
    r.dest.assign(dest);
  };
}

Buffer encode(std::string_view data, std::string_view encoding) {
  return Buffer::from(data, encoding.empty() ? std::string_view("utf8") : encoding);
}

// fs.write of bytes: cb(err, bytesWritten, value) where value is what the caller passed in
// (the Buffer, or the string).
template <class V>
void startWrite(int fd, Buffer bytes, int64_t position, V value, Callback<size_t, V> cb) {
  checkCallback(bool(cb));
  auto r = newRequest(
      Op::kWrite, [cb = std::move(cb), bytes, value = std::move(value)](core::Request& r) mutable {
        if (r.failed()) {
          Error e = errorOf(r);
          cb(&e, 0, std::move(value));
        } else {
          cb(nullptr, size_t(r.result), std::move(value));
        }
      });
  r->fd = fd;
  r->buffer = bytes.data();
  r->size = bytes.size();
  r->position = position;
  start(*r.release());
}

void startWriteFile(std::string_view path, Buffer data, const WriteFileOptions& options,
                    std::string_view defaultFlag, NoResultCallback cb) {
  checkPath(path);
  checkCallback(bool(cb));
  int flags =
      OpenFlags(options.flag.empty() ? defaultFlag : std::string_view(options.flag)).value();
  auto r = newRequest(Op::kWriteFile,
                      [cb = std::move(cb), data](core::Request& r) mutable { deliver(r, cb); });
  r->path.assign(path);
  r->flags = flags;
  r->mode = options.mode;
  r->buffer = data.data();
  r->size = data.size();
  start(*r.release());
}

}  // namespace

void open(std::string_view path, Callback<int> cb) {
  open(path, "r", 0666, std::move(cb));
}
void open(std::string_view path, OpenFlags flags, Callback<int> cb) {
  open(path, flags, 0666, std::move(cb));
}
void open(std::string_view path, OpenFlags flags, int mode, Callback<int> cb) {
  checkPath(path);
  int f = flags.value();
  startValue<int>(
      Op::kOpen, std::move(cb),
      [&](core::Request& r) {
        r.path.assign(path);
        r.flags = f;
        r.mode = mode;
      },
      [](core::Request& r) { return int(r.result); });
}

void close(int fd, NoResultCallback cb) {
  if (!cb) {
    cb = [](Error*) {};  // Node's fs.close makes the callback optional
  }
  startNoResult(Op::kClose, std::move(cb), [fd](core::Request& r) { r.fd = fd; });
}

void read(int fd, Buffer buffer, size_t offset, size_t length, int64_t position,
          Callback<size_t, Buffer> cb) {
  checkCallback(bool(cb));
  if (length == 0) {
    // Node answers a zero-length read without a syscall, from a nextTick.
    process::nextTick([cb = std::move(cb), buffer]() mutable { cb(nullptr, 0, buffer); });
    return;
  }
  checkReadRange(buffer.size(), offset, length);
  auto r = newRequest(Op::kRead, [cb = std::move(cb), buffer](core::Request& r) mutable {
    if (r.failed()) {
      Error e = errorOf(r);
      cb(&e, 0, buffer);
    } else {
      cb(nullptr, size_t(r.result), buffer);
    }
  });
  r->fd = fd;
  r->buffer = buffer.data() + offset;
  r->size = length;
  r->position = position;
  start(*r.release());
}

void read(int fd, Buffer buffer, Callback<size_t, Buffer> cb) {
  size_t n = buffer.size();
  read(fd, std::move(buffer), 0, n, -1, std::move(cb));
}

void write(int fd, Buffer buffer, size_t offset, size_t length, int64_t position,
           Callback<size_t, Buffer> cb) {
  checkWriteRange(buffer.size(), offset, length);
  Buffer bytes = buffer.subarray(offset, offset + length);
  startWrite<Buffer>(fd, std::move(bytes), position, std::move(buffer), std::move(cb));
}

void write(int fd, Buffer buffer, Callback<size_t, Buffer> cb) {
  size_t n = buffer.size();
  write(fd, std::move(buffer), 0, n, -1, std::move(cb));
}

void write(int fd, std::string_view string, Callback<size_t, std::string> cb) {
  write(fd, string, -1, "utf8", std::move(cb));
}
void write(int fd, std::string_view string, int64_t position, Callback<size_t, std::string> cb) {
  write(fd, string, position, "utf8", std::move(cb));
}
void write(int fd, std::string_view string, int64_t position, std::string_view encoding,
           Callback<size_t, std::string> cb) {
  startWrite<std::string>(fd, encode(string, encoding), position, std::string(string),
                          std::move(cb));
}

void readFile(std::string_view path, Callback<Buffer> cb) {
  startValue<Buffer>(
      Op::kReadFile, std::move(cb),
      [&](core::Request& r) {
        checkPath(path);
        r.path.assign(path);
        r.flags = O_RDONLY;
      },
      [](core::Request& r) { return Buffer::adopt(std::move(r.text)); });
}

void readFile(std::string_view path, std::string_view encoding, Callback<std::string> cb) {
  checkEncoding(encoding);  // before any I/O, as Node's
  startValue<std::string>(
      Op::kReadFile, std::move(cb),
      [&](core::Request& r) {
        checkPath(path);
        r.path.assign(path);
        r.flags = O_RDONLY;
      },
      [enc = std::string(encoding)](core::Request& r) {
        return Buffer::adopt(std::move(r.text)).toString(enc);
      });
}

void writeFile(std::string_view path, std::string_view data, NoResultCallback cb) {
  startWriteFile(path, Buffer::from(data), {}, "w", std::move(cb));
}
void writeFile(std::string_view path, std::string_view data, std::string_view encoding,
               NoResultCallback cb) {
  startWriteFile(path, encode(data, encoding), {}, "w", std::move(cb));
}
void writeFile(std::string_view path, std::string_view data, const WriteFileOptions& options,
               NoResultCallback cb) {
  startWriteFile(path, encode(data, options.encoding), options, "w", std::move(cb));
}
void writeFile(std::string_view path, const Buffer& data, NoResultCallback cb) {
  startWriteFile(path, data, {}, "w", std::move(cb));
}
void writeFile(std::string_view path, const Buffer& data, const WriteFileOptions& options,
               NoResultCallback cb) {
  startWriteFile(path, data, options, "w", std::move(cb));
}
void appendFile(std::string_view path, std::string_view data, NoResultCallback cb) {
  startWriteFile(path, Buffer::from(data), {}, "a", std::move(cb));
}
void appendFile(std::string_view path, std::string_view data, const WriteFileOptions& options,
                NoResultCallback cb) {
  startWriteFile(path, encode(data, options.encoding), options, "a", std::move(cb));
}
void appendFile(std::string_view path, const Buffer& data, NoResultCallback cb) {
  startWriteFile(path, data, {}, "a", std::move(cb));
}

void stat(std::string_view path, Callback<Stats> cb) {
  startValue<Stats>(Op::kStat, std::move(cb), pathSetup(path), kStatsValue);
}
void lstat(std::string_view path, Callback<Stats> cb) {
  startValue<Stats>(Op::kLstat, std::move(cb), pathSetup(path), kStatsValue);
}
void fstat(int fd, Callback<Stats> cb) {
  startValue<Stats>(
      Op::kFstat, std::move(cb), [fd](core::Request& r) { r.fd = fd; }, kStatsValue);
}

void readdir(std::string_view path, Callback<std::vector<std::string>> cb) {
  startValue<std::vector<std::string>>(
      Op::kReaddir, std::move(cb), pathSetup(path),
      [](core::Request& r) { return namesOf(std::move(r.entries)); });
}
void readdir(std::string_view path, WithFileTypes, Callback<std::vector<Dirent>> cb) {
  checkPath(path);
  startValue<std::vector<Dirent>>(
      Op::kReaddir, std::move(cb),
      [path](core::Request& r) {
        r.path.assign(path);
        r.withTypes = true;
      },
      [](core::Request& r) { return direntsOf(std::move(r.entries), r.path); });
}

void mkdir(std::string_view path, NoResultCallback cb) {
  mkdir(path, MkdirOptions{}, std::move(cb));
}
void mkdir(std::string_view path, int mode, NoResultCallback cb) {
  mkdir(path, MkdirOptions{false, mode}, std::move(cb));
}
void mkdir(std::string_view path, const MkdirOptions& options, NoResultCallback cb) {
  checkCallback(bool(cb));
  mkdir(path, options,
        Callback<std::optional<std::string>>(
            [cb = std::move(cb)](Error* err, std::optional<std::string>) mutable { cb(err); }));
}
void mkdir(std::string_view path, const MkdirOptions& options,
           Callback<std::optional<std::string>> cb) {
  checkPath(path);
  startValue<std::optional<std::string>>(
      options.recursive ? Op::kMkdirRecursive : Op::kMkdir, std::move(cb),
      [path, mode = options.mode](core::Request& r) {
        r.path.assign(path);
        r.mode = mode;
      },
      [](core::Request& r) -> std::optional<std::string> {
        if (r.text.empty()) {
          return std::nullopt;
        }
        return std::move(r.text);
      });
}

void mkdtemp(std::string_view prefix, Callback<std::string> cb) {
  checkPath(prefix, "prefix");
  startValue<std::string>(
      Op::kMkdtemp, std::move(cb), [prefix](core::Request& r) { r.path.assign(prefix); },
      kTextValue);
}

void rm(std::string_view path, NoResultCallback cb) {
  rm(path, RmOptions{}, std::move(cb));
}
void rm(std::string_view path, const RmOptions& options, NoResultCallback cb) {
  checkPath(path);
  startNoResult(Op::kRm, std::move(cb), [path, options](core::Request& r) {
    r.path.assign(path);
    r.rm = core::RmOptions{options.recursive, options.force};
  });
}
void rmdir(std::string_view path, NoResultCallback cb) {
  startNoResult(Op::kRmdir, std::move(cb), pathSetup(path));
}
void unlink(std::string_view path, NoResultCallback cb) {
  startNoResult(Op::kUnlink, std::move(cb), pathSetup(path));
}
void rename(std::string_view oldPath, std::string_view newPath, NoResultCallback cb) {
  startNoResult(Op::kRename, std::move(cb), twoPathSetup(oldPath, "oldPath", newPath, "newPath"));
}
void copyFile(std::string_view src, std::string_view dest, NoResultCallback cb) {
  copyFile(src, dest, 0, std::move(cb));
}
void copyFile(std::string_view src, std::string_view dest, int mode, NoResultCallback cb) {
  auto setup = twoPathSetup(src, "src", dest, "dest");
  startNoResult(Op::kCopyFile, std::move(cb), [setup, mode](core::Request& r) {
    setup(r);
    r.flags = mode;
  });
}
void access(std::string_view path, NoResultCallback cb) {
  access(path, F_OK, std::move(cb));
}
void access(std::string_view path, int mode, NoResultCallback cb) {
  checkPath(path);
  startNoResult(Op::kAccess, std::move(cb), [path, mode](core::Request& r) {
    r.path.assign(path);
    r.flags = mode;
  });
}

void exists(std::string_view path, UniqueFunction<void(bool)> cb) {
  checkCallback(bool(cb));
  if (path.find('\0') != std::string_view::npos) {
    // Node's fs.exists answers false for any invalid path instead of throwing.
    process::nextTick([cb = std::move(cb)]() mutable { cb(false); });
    return;
  }
  auto r =
      newRequest(Op::kAccess, [cb = std::move(cb)](core::Request& r) mutable { cb(!r.failed()); });
  r->path.assign(path);
  r->flags = F_OK;
  start(*r.release());
}

void realpath(std::string_view path, Callback<std::string> cb) {
  startValue<std::string>(Op::kRealpathWalk, std::move(cb), pathSetup(path), kTextValue);
}
void truncate(std::string_view path, NoResultCallback cb) {
  truncate(path, 0, std::move(cb));
}
void truncate(std::string_view path, int64_t length, NoResultCallback cb) {
  checkPath(path);
  startNoResult(Op::kTruncate, std::move(cb), [path, length](core::Request& r) {
    r.path.assign(path);
    r.length = length;
  });
}
void ftruncate(int fd, NoResultCallback cb) {
  ftruncate(fd, 0, std::move(cb));
}
void ftruncate(int fd, int64_t length, NoResultCallback cb) {
  startNoResult(Op::kFtruncate, std::move(cb), [fd, length](core::Request& r) {
    r.fd = fd;
    r.length = length;
  });
}
void symlink(std::string_view target, std::string_view path, NoResultCallback cb) {
  startNoResult(Op::kSymlink, std::move(cb), twoPathSetup(target, "target", path, "path"));
}
void symlink(std::string_view target, std::string_view path, std::string_view,
             NoResultCallback cb) {
  symlink(target, path, std::move(cb));
}
void readlink(std::string_view path, Callback<std::string> cb) {
  startValue<std::string>(Op::kReadlink, std::move(cb), pathSetup(path), kTextValue);
}
void utimes(std::string_view path, TimeArg atime, TimeArg mtime, NoResultCallback cb) {
  checkPath(path);
  startNoResult(Op::kUtimes, std::move(cb), [path, atime, mtime](core::Request& r) {
    r.path.assign(path);
    r.atime = atime.seconds();
    r.mtime = mtime.seconds();
  });
}
void futimes(int fd, TimeArg atime, TimeArg mtime, NoResultCallback cb) {
  startNoResult(Op::kFutimes, std::move(cb), [fd, atime, mtime](core::Request& r) {
    r.fd = fd;
    r.atime = atime.seconds();
    r.mtime = mtime.seconds();
  });
}
void chmod(std::string_view path, int mode, NoResultCallback cb) {
  checkPath(path);
  startNoResult(Op::kChmod, std::move(cb), [path, mode](core::Request& r) {
    r.path.assign(path);
    r.flags = mode;
  });
}
void fchmod(int fd, int mode, NoResultCallback cb) {
  startNoResult(Op::kFchmod, std::move(cb), [fd, mode](core::Request& r) {
    r.fd = fd;
    r.flags = mode;
  });
}
void fsync(int fd, NoResultCallback cb) {
  startNoResult(Op::kFsync, std::move(cb), [fd](core::Request& r) { r.fd = fd; });
}

}  // namespace nodecc::fs
