#pragma once
// What fs.ReadStream and fs.WriteStream share (lib/internal/fs/streams.js): _construct's
// open, Node's kIsPerformingIO / kIoDone (a _destroy during a read or write waits for it:
// the pool may still be using the fd), and close(stream, err, cb): fsync when `flush`, then
// close the fd, then cb(close's error, else err).
//
// Every request's completion captures the bytes its worker touches (the read's Buffer, the
// write's chunks), never the stream's members: a stream deleted at thread end with a request
// in flight leaves the worker nothing dangling, and the runtime drops that completion.
#include <optional>
#include <string>
#include <utility>

#include "api/fs/request.h"
#include "nodecc/error.h"
#include "nodecc/stream.h"

namespace nodecc::fs::detail {

struct FileIo {
  int flags = 0;
  int mode = 0666;
  bool flush = false;
  bool performingIo = false;  // a read or write request is in flight
  // _destroy waiting for that request (Node's once(kIoDone)): its error and callback.
  std::optional<stream::Callback> closeWhenIoDone;
  std::optional<Error> destroyError;

  // _construct: open the path unless the stream was given an fd; 'open' and 'ready' right
  // after the callback, which resumes the stream from the next tick.
  template <class S>
  void open(S& s, stream::Callback cb) {
    if (s.fd >= 0) {
      cb();
      return;
    }
    auto r = internal::newRequest(core::Op::kOpen, [&s, cb](core::Request& r) {
      if (r.failed()) {
        cb(internal::errorOf(r));
        return;
      }
      s.fd = int(r.result);
      s.pending = false;
      cb();
      s.emit("open", s.fd);
      s.emit("ready");
    });
    r->path = s.path;
    r->flags = flags;
    r->mode = mode;
    internal::start(*r.release());
  }

  // _destroy.
  template <class S>
  void destroy(S& s, const Error* err, stream::Callback cb) {
    if (performingIo) {
      closeWhenIoDone = cb;
      if (err != nullptr) {
        destroyError = *err;
      }
      return;
    }
    close(s, err, cb);
  }

  // A read or write completed on a destroyed stream (Node's emit(kIoDone, er)).
  template <class S>
  void ioDone(S& s, const Error* er) {
    if (!closeWhenIoDone) {
      return;
    }
    stream::Callback cb = *closeWhenIoDone;
    closeWhenIoDone.reset();
    std::optional<Error> err = std::move(destroyError);
    destroyError.reset();
    close(s, err ? &*err : er, cb);
  }

  template <class S>
  void close(S& s, const Error* err, stream::Callback cb) {
    // Node's close() skips a falsy fd: fd 0 (stdin given as {fd: 0}) is never closed.
    if (s.fd <= 0) {
      cb(err);
      return;
    }
    std::optional<Error> e;
    if (err != nullptr) {
      e = *err;
    }
    if (!flush) {
      closeFd(s, std::move(e), cb);
      return;
    }
    auto r = internal::newRequest(core::Op::kFsync, [this, &s, e, cb](core::Request& r) mutable {
      if (!e && r.failed()) {
        e = internal::errorOf(r);
      }
      closeFd(s, std::move(e), cb);
    });
    r->fd = s.fd;
    internal::start(*r.release());
  }

  template <class S>
  void closeFd(S& s, std::optional<Error> err, stream::Callback cb) {
    auto r = internal::newRequest(core::Op::kClose, [err, cb](core::Request& r) {
      if (r.failed()) {
        cb(internal::errorOf(r));
      } else {
        cb(err ? &*err : nullptr);
      }
    });
    r->fd = s.fd;
    s.fd = -1;
    s.pending = true;
    internal::start(*r.release());
  }
};

}  // namespace nodecc::fs::detail
