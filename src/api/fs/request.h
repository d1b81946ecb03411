#pragma once
// The glue between nodecc/fs.h and the fs layer: every form of every operation fills one
// fs::core::Request. Async forms allocate it once (AsyncRequest: the request, its
// completion and whatever bytes it must keep alive, in one allocation) and submit it to the
// default thread pool; Sync forms run it on the stack; promise forms wrap the callback form.
// Errors become nodecc::Error in one place: errorOf.
#include <exception>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "api/promisify.h"
#include "fs/request.h"
#include "nodecc/fs.h"

namespace nodecc::fs::internal {

// Node's Error for a failed request: code, errnum, syscall, path/dest and message, or the
// SystemError ERR_FS_EISDIR of rm on a directory without recursive.
Error errorOf(const core::Request& r);

// Node's argument checks; each throws the TypeError/RangeError Node throws.
void checkPath(std::string_view path, const char* name = "path");
void checkCallback(bool present);
// Node's assertEncoding: TypeError ERR_INVALID_ARG_VALUE "... is invalid encoding".
void checkEncoding(std::string_view encoding);
// fs.read's offset/length against the buffer (validateOffsetLengthRead).
void checkReadRange(size_t bufferSize, size_t offset, size_t length);
// fs.write's (validateOffsetLengthWrite).
void checkWriteRange(size_t bufferSize, size_t offset, size_t length);
RangeError outOfRange(std::string_view name, std::string_view range, std::string_view received);

Stats statsOf(const os::core::FileStat& s);
std::vector<Dirent> direntsOf(std::vector<os::core::DirEntry>&& entries, std::string_view parent);
std::vector<std::string> namesOf(std::vector<os::core::DirEntry>&& entries);

// An async request with its completion (a lambda taking core::Request&) stored inline.
template <class Complete>
struct AsyncRequest final : core::Request {
  AsyncRequest(core::Op op, Complete c)
      : core::Request(op, &AsyncRequest::onDone), complete(std::move(c)) {}

  static void onDone(threadpool::core::WorkRequest* w, int status) {
    std::unique_ptr<AsyncRequest> self(static_cast<AsyncRequest*>(w));
    if (status < 0) {
      self->result = status;  // cancelled before a worker took it
    }
    self->complete(static_cast<core::Request&>(*self));
  }

  // Runs on the loop thread. It also owns the bytes behind `buffer`/`iov` (a Buffer it
  // captured), which the worker only reads or fills.
  Complete complete;
};

// Owned by the caller until start(*r.release()); freed if setting it up throws.
template <class Complete>
std::unique_ptr<AsyncRequest<Complete>> newRequest(core::Op op, Complete complete) {
  return std::make_unique<AsyncRequest<Complete>>(op, std::move(complete));
}

// Submits to the default pool; done follows on this thread's loop.
void start(core::Request& r);
// Runs on this thread; throws errorOf(r) on failure.
void runSync(core::Request& r);

// Calls cb(err, default) or cb(nullptr, value(r)).
template <class V, class F>
void deliver(core::Request& r, Callback<V>& cb, F value) {
  if (r.failed()) {
    Error e = errorOf(r);
    cb(&e, V{});
  } else {
    cb(nullptr, value(r));
  }
}
inline void deliver(core::Request& r, NoResultCallback& cb) {
  if (r.failed()) {
    Error e = errorOf(r);
    cb(&e);
  } else {
    cb(nullptr);
  }
}

// Starts a request whose callback gets nothing but the error.
template <class Setup>
void startNoResult(core::Op op, NoResultCallback cb, Setup setup) {
  checkCallback(bool(cb));
  auto r = newRequest(op, [cb = std::move(cb)](core::Request& r) mutable { deliver(r, cb); });
  setup(*r);
  start(*r.release());
}

// Starts a request whose callback gets value(r).
template <class V, class Setup, class Value>
void startValue(core::Op op, Callback<V> cb, Setup setup, Value value) {
  checkCallback(bool(cb));
  auto r = newRequest(
      op, [cb = std::move(cb), value](core::Request& r) mutable { deliver(r, cb, value); });
  setup(*r);
  start(*r.release());
}

// The promise forms: util.promisify's (src/api/promisify.h).
using nodecc::detail::promisify;

}  // namespace nodecc::fs::internal
