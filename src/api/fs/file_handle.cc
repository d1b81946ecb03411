// fs.promises.FileHandle: operations on one fd, each a thread-pool request settling a promise.
// The shared state counts the operations in flight so that close() can wait for them, as
// Node's FileHandle does.
#include <optional>

#include "api/fs/request.h"

namespace nodecc::fs {

using core::Op;
using namespace internal;

namespace detail {

struct FileHandleState {
  explicit FileHandleState(int fd) : fd(fd) {}
  FileHandleState(const FileHandleState&) = delete;
  FileHandleState& operator=(const FileHandleState&) = delete;
  // The last handle went away with the file open: close it now, synchronously, as Node's
  // FileHandle does when it is garbage-collected (close(2) of a file does not wait on I/O).
  ~FileHandleState() {
    if (fd >= 0 && !closing) {
      (void)core::close(fd);
    }
  }

  int fd;
  int inflight = 0;
  bool closing = false;
  Promise<> closed;
  std::optional<Resolve<void>> resolveClosed;
};

}  // namespace detail

namespace {

using State = std::shared_ptr<detail::FileHandleState>;

// Node's error for an operation on a closed (or closing) FileHandle: no errno, no path.
Error fileClosed(const char* syscall) {
  Error e("EBADF", "file closed");
  e.syscall = syscall;
  return e;
}

void startClose(const State& s) {
  auto r = newRequest(Op::kClose, [s](core::Request& r) {
    s->fd = -1;
    Resolve<void> resolve = std::move(*s->resolveClosed);
    s->resolveClosed.reset();
    if (r.failed()) {
      resolve.reject(std::make_exception_ptr(errorOf(r)));
    } else {
      resolve();
    }
  });
  r->fd = s->fd;
  start(*r.release());
}

// One operation on the handle's fd: `setup` fills the request, `value` reads the result. The
// completion keeps `keep` (the bytes the worker uses) alive. `name` is what Node's "file
// closed" error gives as syscall: the name of its internal function (fstat, readFile...).
template <class T, class Setup, class Value>
Promise<T> run(const State& s, const char* name, Op op, Setup setup, Value value,
               Buffer keep = {}) {
  if (!s || s->fd < 0 || s->closing) {
    return Promise<T>::reject(fileClosed(name));
  }
  auto p = Promise<T>::withResolvers();
  auto r = newRequest(op, [s, resolve = p.resolve, value, keep](core::Request& r) mutable {
    if (--s->inflight == 0 && s->closing && s->fd >= 0) {
      startClose(s);
    }
    if (r.failed()) {
      resolve.reject(std::make_exception_ptr(errorOf(r)));
    } else if constexpr (std::is_void_v<T>) {
      resolve();
    } else {
      resolve(value(r, keep));
    }
  });
  r->fd = s->fd;
  setup(*r);
  ++s->inflight;
  start(*r.release());
  return p.promise;
}

constexpr auto kNoSetup = [](core::Request&) {};
constexpr auto kNoValue = [](core::Request&, Buffer&) {};

}  // namespace

FileHandle::FileHandle(int fd) : state_(std::make_shared<detail::FileHandleState>(fd)) {}

int FileHandle::fd() const {
  return state_ ? state_->fd : -1;
}

Promise<ReadResult> FileHandle::read(Buffer buffer, size_t offset, size_t length,
                                     int64_t position) {
  try {
    if (length == 0) {
      return Promise<ReadResult>::resolve(ReadResult{0, buffer});
    }
    checkReadRange(buffer.size(), offset, length);
  } catch (...) {
    return Promise<ReadResult>::reject(std::current_exception());
  }
  uint8_t* at = buffer.data() + offset;
  return run<ReadResult>(
      state_, "read", Op::kRead,
      [at, length, position](core::Request& r) {
        r.buffer = at;
        r.size = length;
        r.position = position;
      },
      [](core::Request& r, Buffer& b) {
        return ReadResult{size_t(r.result), b};
      },
      buffer);
}

Promise<ReadResult> FileHandle::read(Buffer buffer) {
  size_t n = buffer.size();
  return read(std::move(buffer), 0, n, -1);
}

Promise<ReadResult> FileHandle::read() {
  return read(Buffer::alloc(16384));
}

Promise<WriteResult> FileHandle::write(Buffer buffer, size_t offset, size_t length,
                                       int64_t position) {
  try {
    checkWriteRange(buffer.size(), offset, length);
  } catch (...) {
    return Promise<WriteResult>::reject(std::current_exception());
  }
  uint8_t* at = buffer.data() + offset;
  return run<WriteResult>(
      state_, "write", Op::kWrite,
      [at, length, position](core::Request& r) {
        r.buffer = at;
        r.size = length;
        r.position = position;
      },
      [](core::Request& r, Buffer& b) {
        return WriteResult{size_t(r.result), b};
      },
      buffer);
}

Promise<WriteResult> FileHandle::write(Buffer buffer) {
  size_t n = buffer.size();
  return write(std::move(buffer), 0, n, -1);
}

Promise<WriteResult> FileHandle::write(std::string_view string, int64_t position,
                                       std::string_view encoding) {
  Buffer bytes;
  try {
    bytes = Buffer::from(string, encoding);
  } catch (...) {
    return Promise<WriteResult>::reject(std::current_exception());
  }
  return write(bytes, 0, bytes.size(), position);
}

Promise<Buffer> FileHandle::readFile() {
  return run<Buffer>(state_, "readFile", Op::kReadFd, kNoSetup,
                     [](core::Request& r, Buffer&) { return Buffer::adopt(std::move(r.text)); });
}

Promise<std::string> FileHandle::readFile(std::string_view encoding) {
  try {
    checkEncoding(encoding);  // before any I/O, as Node's
  } catch (...) {
    return Promise<std::string>::reject(std::current_exception());
  }
  return run<std::string>(state_, "readFile", Op::kReadFd, kNoSetup,
                          [enc = std::string(encoding)](core::Request& r, Buffer&) {
                            return Buffer::adopt(std::move(r.text)).toString(enc);
                          });
}

Promise<> FileHandle::writeFile(std::string_view data) {
  return writeFile(Buffer::from(data));
}

Promise<> FileHandle::writeFile(const Buffer& data) {
  uint8_t* at = const_cast<uint8_t*>(data.data());
  size_t n = data.size();
  return run<void>(
      state_, "writeFile", Op::kWriteAll,
      [at, n](core::Request& r) {
        r.buffer = at;
        r.size = n;
      },
      kNoValue, data);
}

Promise<Stats> FileHandle::stat() {
  return run<Stats>(state_, "fstat", Op::kFstat, kNoSetup,
                    [](core::Request& r, Buffer&) { return statsOf(r.stat); });
}

Promise<> FileHandle::truncate(int64_t length) {
  return run<void>(
      state_, "ftruncate", Op::kFtruncate, [length](core::Request& r) { r.length = length; },
      kNoValue);
}

Promise<> FileHandle::sync() {
  return run<void>(state_, "fsync", Op::kFsync, kNoSetup, kNoValue);
}

Promise<> FileHandle::utimes(TimeArg atime, TimeArg mtime) {
  return run<void>(
      state_, "futimes", Op::kFutimes,
      [atime, mtime](core::Request& r) {
        r.atime = atime.seconds();
        r.mtime = mtime.seconds();
      },
      kNoValue);
}

Promise<> FileHandle::chmod(int mode) {
  return run<void>(
      state_, "fchmod", Op::kFchmod, [mode](core::Request& r) { r.flags = mode; }, kNoValue);
}

Promise<> FileHandle::close() {
  if (!state_ || state_->fd < 0) {
    return Promise<>::resolve();  // closing twice resolves, as Node's
  }
  if (state_->closing) {
    return state_->closed;
  }
  state_->closing = true;
  auto p = Promise<>::withResolvers();
  state_->closed = p.promise;
  state_->resolveClosed.emplace(p.resolve);
  if (state_->inflight == 0) {
    startClose(state_);
  }
  return p.promise;
}

}  // namespace nodecc::fs
