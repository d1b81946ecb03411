// Stream: Node's destroy machinery (lib/internal/streams/destroy.js). destroy() marks both
// sides destroyed and calls _destroy; its callback records the error and queues 'error' and
// 'close' on a nextTick, in that order, each emitted at most once.
#include "nodecc/stream.h"

#include <memory>
#include <optional>
#include <string>

#include "api/stream/owned.h"
#include "nodecc/timers.h"

namespace nodecc::stream {

using namespace detail;

namespace detail {

namespace {
Error codeError(const char* code, std::string message) {
  return Error(code, std::move(message));
}
}  // namespace

Error errStreamDestroyed(std::string_view method) {
  return codeError("ERR_STREAM_DESTROYED",
                   "Cannot call " + std::string(method) + " after a stream was destroyed");
}
Error errWriteAfterEnd() {
  return codeError("ERR_STREAM_WRITE_AFTER_END", "write after end");
}
Error errPushAfterEof() {
  return codeError("ERR_STREAM_PUSH_AFTER_EOF", "stream.push() after EOF");
}
Error errUnshiftAfterEnd() {
  return codeError("ERR_STREAM_UNSHIFT_AFTER_END_EVENT", "stream.unshift() after end event");
}
Error errMultipleCallback() {
  return codeError("ERR_MULTIPLE_CALLBACK", "Callback called multiple times");
}
Error errPrematureClose() {
  return codeError("ERR_STREAM_PREMATURE_CLOSE", "Premature close");
}
Error errMethodNotImplemented(std::string_view method) {
  return codeError("ERR_METHOD_NOT_IMPLEMENTED",
                   "The " + std::string(method) + " method is not implemented");
}
Error errAlreadyFinished(std::string_view method) {
  return codeError("ERR_STREAM_ALREADY_FINISHED",
                   "Cannot call " + std::string(method) + " after a stream was finished");
}
Error errCannotPipe() {
  return codeError("ERR_STREAM_CANNOT_PIPE", "Cannot pipe, not readable");
}
Error errNullValues() {
  TypeError e("ERR_STREAM_NULL_VALUES", "May not write null values to stream");
  return e;
}
Error errMissingArgs(std::string_view name) {
  TypeError e("ERR_MISSING_ARGS", "The \"" + std::string(name) + "\" argument must be specified");
  return e;
}
Error abortError() {
  Error e("ABORT_ERR", "The operation was aborted");
  e.name = "AbortError";
  return e;
}

}  // namespace detail

void Callback::operator()(const std::exception_ptr& error) const {
  Error e = toError(error);
  fn_(self_, &e);
}

Stream::~Stream() {
  if (anchor_ != nullptr) {
    anchor_->stream = nullptr;
    if (--anchor_->refs == 0) {
      delete anchor_;
    }
  }
  if ((common_ & kSelfOwned) != 0) {
    OwnedStreams::remove(this);
  }
}

Stream& Stream::destroy() {
  destroyImpl(nullptr);
  return *this;
}

Stream& Stream::destroy(const Error& error) {
  destroyImpl(&error);
  return *this;
}

void Stream::setErrored(const Error& error) {
  if ((common_ & kErrored) == 0) {
    error_ = std::make_unique<Error>(error);
    common_ |= kErrored;
    mirrorCommon();
  }
}

void Stream::mirrorCommon() {
  const bool dead = (common_ & (kDestroyed | kErrored)) != 0;
  if (rs_ != nullptr) {
    rs_->bits = dead ? rs_->bits | kRDead : rs_->bits & ~kRDead;
  }
  if (ws_ != nullptr) {
    ws_->bits = dead ? ws_->bits | kWDead : ws_->bits & ~kWDead;
    ws_->bits =
        (common_ & kConstructing) != 0 ? ws_->bits | kWConstructing : ws_->bits & ~kWConstructing;
  }
}

void Stream::destroyImpl(const Error* error) {
  if (destroyed()) {
    return;
  }
  if (ws_ != nullptr) {
    writableOnDestroy();
  }
  if (error != nullptr) {
    setErrored(*error);
  }
  common_ |= kDestroyed;
  common_ &= ~kDestroyCbCalled;
  mirrorCommon();
  if ((common_ & kConstructing) != 0) {
    return;  // _destroy runs once _construct has called back (onConstructed)
  }
  callDestroy(error);
}

void Stream::callDestroy(const Error* error) {
  // A copy: `error` may be the stream's own error_ or live in a caller's frame.
  std::unique_ptr<Error> own = error != nullptr ? std::make_unique<Error>(*error) : nullptr;
  try {
    _destroy(own.get(), Callback(this, &Stream::destroyCallback));
  } catch (...) {
    Error e = toError(std::current_exception());
    onDestroyed(&e);
  }
}

void Stream::construct() {
  common_ |= kConstructing;
  mirrorCommon();
  tick([this] {
    try {
      _construct(Callback(this, [](void* self, const Error* error) {
        auto* s = static_cast<Stream*>(self);
        std::optional<Error> e;
        if (error != nullptr) {
          e = *error;
        }
        s->tick([s, e] { s->onConstructed(e ? &*e : nullptr); });
      }));
    } catch (...) {
      tick([this, e = toError(std::current_exception())] { onConstructed(&e); });
    }
  });
}

// Node's onConstruct (destroy.js), from the nextTick after _construct's callback.
void Stream::onConstructed(const Error* error) {
  common_ &= ~kConstructing;
  mirrorCommon();
  if (destroyed()) {
    // destroy() came first and waited: Node's aggregateTwoErrors(er, err), less the
    // AggregateError when both are set.
    callDestroy(error_ != nullptr ? error_.get() : error);
  } else if (error != nullptr) {
    errorOrDestroy(*error, true);
  } else {
    if (rs_ != nullptr) {
      readableConstructed();
    }
    if (ws_ != nullptr) {
      writableConstructed();
    }
  }
}

void Stream::destroyCallback(void* self, const Error* error) {
  static_cast<Stream*>(self)->onDestroyed(error);
}

void Stream::onDestroyed(const Error* error) {
  if ((common_ & kDestroyCbCalled) != 0) {
    return;
  }
  common_ |= kDestroyCbCalled;
  if (error != nullptr) {
    setErrored(*error);
  }
  common_ |= kClosed;
  if (error != nullptr) {
    tick([this, e = *error] {
      emitErrorNT(e);
      emitCloseNT();
    });
  } else {
    tick([this] { emitCloseNT(); });
  }
}

void Stream::emitErrorNT(const Error& error) {
  if ((common_ & kErrorEmitted) != 0) {
    return;
  }
  common_ |= kErrorEmitted;
  emit("error", error);
}

void Stream::emitCloseNT() {
  common_ |= kCloseEmitted;
  if ((common_ & kEmitClose) != 0) {
    emit("close");
  }
  if ((common_ & kSelfOwned) != 0) {
    deleteSoon();
  }
}

// Not at once: what runs in this turn after 'close' (the code after
// `co_await stream::promises::pipeline(...)`) may still read the stream, as Node's garbage
// collector lets it. Gone in the check phase, or on the last release() when held then (a
// pipeline whose callback comes turns later), or when the thread ends.
void Stream::deleteSoon() {
  setImmediate([a = detail::AnchorRef(anchor())] {
    Stream* s = a.get();
    if (s == nullptr) {
      return;
    }
    if (s->holds_ != 0) {
      s->common_ |= kDeleteOnRelease;
    } else {
      delete s;
    }
  });
}

void Stream::release() {
  if (--holds_ == 0 && (common_ & kDeleteOnRelease) != 0) {
    common_ &= ~kDeleteOnRelease;
    deleteSoon();
  }
}

void Stream::errorOrDestroy(const Error& error, bool sync) {
  if (destroyed()) {
    return;
  }
  if ((common_ & kAutoDestroy) != 0) {
    destroy(error);
    return;
  }
  setErrored(error);
  if (sync) {
    tick([this, e = error] { emitErrorNT(e); });
  } else {
    emitErrorNT(error);
  }
}

bool Stream::isFinished() const {
  if (destroyed() || (common_ & kIsDestroyedMark) != 0) {
    return true;
  }
  if (rs_ != nullptr && !rs_->has(kReadableOff) && (common_ & kErrorEmitted) == 0 &&
      !rs_->has(kEndEmitted)) {
    return false;  // still readable
  }
  if (ws_ != nullptr && !ws_->has(kWritableOff) && (ws_->bits & (kEnding | kWEnded)) == 0 &&
      (common_ & kErrored) == 0) {
    return false;  // still writable
  }
  return true;
}

void Stream::destroyer(const Error* error) {
  if (destroyed() || (common_ & kIsDestroyedMark) != 0) {
    return;
  }
  bool finished = isFinished();
  common_ |= kIsDestroyedMark;
  if (error == nullptr && !finished) {
    destroy(abortError());
  } else if (error != nullptr) {
    destroy(*error);
  } else {
    destroy();
  }
}

void Stream::ownSelf() {
  common_ |= kSelfOwned;
  OwnedStreams::add(this);
}

}  // namespace nodecc::stream
