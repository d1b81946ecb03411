#pragma once
// The end of a file stream's life, the same for ReadStream and WriteStream (Node's
// destroy -> _destroy -> close(fd) -> 'error' -> 'close'): close the fd on the pool when the
// stream owns it, then emit the destroy error (if any) and 'close', and delete the stream.
#include <memory>

#include "api/fs/request.h"
#include "nodecc/error.h"
#include "nodecc/function.h"
#include "nodecc/process.h"

namespace nodecc::fs::detail {

template <class Stream>
struct FileStreamClose {
  explicit FileStreamClose(Stream& stream) : s(stream) {}

  Stream& s;
  bool autoClose = true;
  bool emitClose = true;
  bool ioInFlight = false;  // an open, read, write or close request holds this stream
  // Why the stream was destroyed (an error to emit before 'close'), when hasError.
  bool hasError = false;
  Error destroyError;
  UniqueFunction<void(Error*)> closeCallback;

  // No request in flight: close the fd (when ours to close), then 'error' and 'close'.
  void finishDestroy() {
    if (s.fd >= 0 && autoClose) {
      ioInFlight = true;
      auto r = internal::newRequest(core::Op::kClose, [this](core::Request& r) {
        ioInFlight = false;
        s.fd = -1;
        if (r.failed() && !hasError) {
          hasError = true;
          destroyError = internal::errorOf(r);
        }
        process::nextTick([this] { emitErrorAndClose(); });
      });
      r->fd = s.fd;
      internal::start(*r.release());
      return;
    }
    process::nextTick([this] { emitErrorAndClose(); });
  }

  void emitErrorAndClose() {
    std::unique_ptr<Stream> self(&s);  // deleted when done, even if a listener throws
    if (closeCallback) {
      Error* err = hasError ? &destroyError : nullptr;
      closeCallback(err);
    }
    s.closed = true;
    if (hasError) {
      Error e = destroyError;
      try {
        s.emit("error", e);
      } catch (...) {
        // Unhandled 'error': it propagates as in Node, but 'close' still goes out first, so
        // that a pipe holding this stream lets go of it before it is deleted.
        if (emitClose) {
          s.emit("close");
        }
        throw;
      }
    }
    if (emitClose) {
      s.emit("close");
    }
  }
};

}  // namespace nodecc::fs::detail
