#pragma once
// nodecc::stream::Stream: what Readable and Writable share (Node's legacy Stream plus
// lib/internal/streams/destroy.js): the destroy/close/error machinery, the flags Node keeps on
// both sides of a stream, and the nextTick anchor. Included by nodecc/stream.h.
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <memory>
#include <string_view>
#include <utility>

#include "nodecc/abort.h"
#include "nodecc/error.h"
#include "nodecc/events.h"
#include "nodecc/function.h"
#include "nodecc/process.h"

namespace nodecc::stream {

class Stream;

namespace detail {

// The bits Node keeps in each side's kState but always sets on both sides together
// (lib/internal/streams/utils.js): here they live once per stream.
enum CommonBits : uint32_t {
  kErrorEmitted = 1u << 0,
  kAutoDestroy = 1u << 1,
  kEmitClose = 1u << 2,
  kDestroyed = 1u << 3,
  kClosed = 1u << 4,
  kCloseEmitted = 1u << 5,
  kErrored = 1u << 6,
  kSelfOwned = 1u << 7,      // made by a factory: deletes itself after 'close'
  kAllowHalfOpen = 1u << 8,  // Duplex's allowHalfOpen
  kDestroyCbCalled = 1u << 9,
  kIsDestroyedMark = 1u << 10,  // destroyer() ran on it (Node's kIsDestroyed)
  kConstructing = 1u << 11,     // _construct has not called back yet (Node's !constructed)
  kDeleteOnRelease = 1u << 12,  // self-owned, closed, and held: deleted on the last release()
};

// What a stream's nextTick callbacks hold instead of the stream: the stream clears `stream`
// when it is destroyed, so a tick queued before a user-owned stream went away does nothing.
// Allocated on the stream's first tick, shared by all of them.
struct Anchor {
  Stream* stream;
  uint32_t refs;
};

class AnchorRef {
 public:
  explicit AnchorRef(Anchor* a) : a_(a) { ++a_->refs; }
  AnchorRef(const AnchorRef& o) : AnchorRef(o.a_) {}
  AnchorRef(AnchorRef&& o) noexcept : a_(std::exchange(o.a_, nullptr)) {}
  AnchorRef& operator=(const AnchorRef&) = delete;
  ~AnchorRef() {
    if (a_ && --a_->refs == 0) {
      delete a_;
    }
  }
  Stream* get() const { return a_->stream; }

 private:
  Anchor* a_;
};

// Node's error codes and messages for streams.
Error errStreamDestroyed(std::string_view method);
Error errWriteAfterEnd();
Error errPushAfterEof();
Error errUnshiftAfterEnd();
Error errMultipleCallback();
Error errPrematureClose();
Error errMethodNotImplemented(std::string_view method);
Error errAlreadyFinished(std::string_view method);
Error errCannotPipe();
Error errNullValues();
Error errMissingArgs(std::string_view name);
Error abortError();

// The two sides' states as Stream sees them (the typed parts live in ReadableOf/WritableOf).
struct ReadableState;
struct WritableState;

}  // namespace detail

// The callback a _destroy, _write, _writev or _final implementation calls once it is done:
// cb() or cb(nullptr) for success, cb(error) for a failure. Cheap to copy; valid while its
// stream is alive. Calling a write callback twice is ERR_MULTIPLE_CALLBACK, as in Node.
class Callback {
 public:
  using Fn = void (*)(void* self, const Error* error);
  Callback(void* self, Fn fn) : self_(self), fn_(fn) {}
  void operator()() const { fn_(self_, nullptr); }
  void operator()(std::nullptr_t) const { fn_(self_, nullptr); }
  void operator()(const Error* error) const { fn_(self_, error); }
  void operator()(const Error& error) const { fn_(self_, &error); }
  // An exception as the error (toError: an Error as it is, a std::exception's message).
  void operator()(const std::exception_ptr& error) const;

 private:
  void* self_;
  Fn fn_;
};

class Stream : public EventEmitter {
 public:
  ~Stream() override;

  // destroy([error]): marks the stream destroyed, calls _destroy, then emits 'error' (when
  // given) and 'close' from a nextTick, as Node's destroy(). A second call does nothing.
  Stream& destroy();
  Stream& destroy(const Error& error);
  bool destroyed() const { return (common_ & detail::kDestroyed) != 0; }
  bool closed() const { return (common_ & detail::kClosed) != 0; }
  // The error that destroyed or errored the stream, or null (Node's stream.errored).
  const Error* errored() const { return error_.get(); }
  bool readableSide() const { return rs_ != nullptr; }
  bool writableSide() const { return ws_ != nullptr; }

  // Machinery shared by the stream templates; not part of Node's API.
  // Queues fn() as a process.nextTick; it does not run if the stream is gone by then. The
  // callables capture the stream as its own type (a virtual base cannot be cast down).
  template <class F>
  void tick(F fn) {
    process::nextTick([a = detail::AnchorRef(anchor()), fn = std::move(fn)]() mutable {
      if (a.get() != nullptr) {
        fn();
      }
    });
  }
  // Node's errorOrDestroy(stream, err, sync).
  void errorOrDestroy(const Error& error, bool sync = false);
  // Node's destroyImpl.destroyer(stream, err): destroy with AbortError when not finished.
  void destroyer(const Error* error);
  // isFinished(stream) of lib/internal/streams/utils.js.
  bool isFinished() const;
  detail::ReadableState* readableState() const { return rs_; }
  detail::WritableState* writableState() const { return ws_; }
  uint32_t commonBits() const { return common_; }
  // Makes the stream delete itself once it has emitted 'close' (or when the thread ends).
  void ownSelf();
  // hold()/release(): a self-owned stream is not deleted while held (a pipeline holds its
  // self-owned streams until its callback has returned, so the callback may still read them,
  // as Node's garbage collector allows). Only for self-owned streams.
  void hold() { ++holds_; }
  void release();

 protected:
  Stream() = default;
  // _destroy(error, cb): release what the stream holds, then cb(error) (or cb(other error)).
  // The default calls the `destroy` option, if one was given.
  virtual void _destroy(const Error* error, Callback cb) {
    if (destroyHook_) {
      (*destroyHook_)(error, cb);
    } else {
      cb(error);
    }
  }
  // construct(): Node's destroyImpl.construct, for a subclass with a _construct (an fs
  // stream opening its file). Call it at the end of the subclass's constructor: _construct
  // runs from a nextTick; until it calls back no _read, _write or _final runs (writes are
  // buffered), and a destroy() waits for it before calling _destroy.
  void construct();
  // _construct(cb): acquire what the stream needs, then cb() or cb(err) (err destroys it).
  virtual void _construct(Callback cb) { cb(); }
  void setDestroyHook(UniqueFunction<void(const Error*, Callback)> hook) {
    destroyHook_ = std::make_unique<UniqueFunction<void(const Error*, Callback)>>(std::move(hook));
  }
  // Hooks for the other side of a Duplex.
  virtual void writableOnDestroy() {}  // Writable.prototype.destroy: fail the buffered writes
  virtual void endWritableSide() {}    // Readable's endWritableNT: end() when not half-open
  // Each side's part of Node's kConstruct listeners, once _construct called back.
  virtual void readableConstructed() {}
  virtual void writableConstructed() {}

  // Records the error the stream failed with (the first one), and marks it errored.
  void setErrored(const Error& error);
  // Copies kDestroyed, kErrored and kConstructing into each side's state bits (kRDead,
  // kWDead, kWConstructing).
  void mirrorCommon();

  // Changed only where mirrorCommon() follows (kDestroyed, kErrored, kConstructing).
  uint32_t common_ = detail::kAutoDestroy | detail::kEmitClose | detail::kAllowHalfOpen;
  uint32_t holds_ = 0;
  std::unique_ptr<Error> error_;
  detail::ReadableState* rs_ = nullptr;
  detail::WritableState* ws_ = nullptr;

 private:
  detail::Anchor* anchor() {
    if (anchor_ == nullptr) {
      anchor_ = new detail::Anchor{this, 1};
    }
    return anchor_;
  }
  void destroyImpl(const Error* error);
  void callDestroy(const Error* error);
  void onConstructed(const Error* error);
  void onDestroyed(const Error* error);
  void emitErrorNT(const Error& error);
  void emitCloseNT();
  void deleteSoon();
  static void destroyCallback(void* self, const Error* error);

  detail::Anchor* anchor_ = nullptr;
  std::unique_ptr<UniqueFunction<void(const Error*, Callback)>> destroyHook_;
};

namespace detail {
// addAbortSignal's untyped half (src/api/stream/add_abort_signal.cc), called only with a
// signal: constructing a stream without one costs a test.
void watchAbortSignal(Stream& stream, const AbortSignal& signal);
inline void addAbortSignal(Stream& stream, const AbortSignal& signal) {
  if (signal.valid()) {
    watchAbortSignal(stream, signal);
  }
}
}  // namespace detail

// stream.addAbortSignal(signal, stream): aborting `signal` destroys `stream` with AbortError
// (code ABORT_ERR, its cause the signal's reason); already aborted, at once (before this
// returns). The signal's listener is removed once the stream is finished (ended, finished,
// errored or closed: stream::finished), and holds the stream weakly: a stream deleted first is
// left alone. A default-constructed signal (Node's undefined) does nothing. Returns `stream`.
// The `signal` option of Readable, Writable, Duplex and Transform does the same.
template <class S>
requires std::derived_from<S, Stream> S& addAbortSignal(const AbortSignal& signal, S& stream) {
  detail::addAbortSignal(stream, signal);
  return stream;
}

}  // namespace nodecc::stream
