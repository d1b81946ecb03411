#pragma once
// stream::WritableOf<T>: Node's Writable (lib/internal/streams/writable.js), with its nextTick
// placement: a synchronous _write's callback defers 'drain' and the write's callback to a
// tick, end() emits 'prefinish' at once and 'finish' from a tick. Included by nodecc/stream.h.
#include <memory>
#include <optional>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "nodecc/buffer.h"
#include "nodecc/detail/stream_base.h"
#include "nodecc/detail/stream_state.h"

namespace nodecc::stream {

template <class T>
class WritableOf;

// A write's callback, cb(err): err is null on success.
using ErrorCallback = UniqueFunction<void(Error*)>;

// One chunk handed to _writev.
template <class T>
struct WriteChunk {
  T chunk;
  std::string_view encoding;  // "buffer" for Buffer chunks, "" in object mode
};

// Writable options, in Node's documented order.
template <class T>
struct WritableOptions {
  std::optional<size_t> highWaterMark{};  // default 16 KiB, or 16 objects
  bool objectMode = !std::is_same_v<T, Buffer>;
  bool emitClose = true;
  UniqueFunction<void(WritableOf<T>&, const T&, std::string_view, Callback)> write{};
  UniqueFunction<void(WritableOf<T>&, std::vector<WriteChunk<T>>&, Callback)> writev{};
  UniqueFunction<void(WritableOf<T>&, const Error*, Callback)> destroy{};
  UniqueFunction<void(WritableOf<T>&, Callback)> final{};
  bool autoDestroy = true;
  // Aborting it destroys the stream with AbortError (see stream::addAbortSignal).
  AbortSignal signal{};
};

template <class T>
class WritableOf : public virtual Stream {
 public:
  using Chunk = T;

  explicit WritableOf(WritableOptions<T> options = {}) {
    initWritable(options);
    detail::addAbortSignal(*this, options.signal);
  }
  WritableOf(const WritableOf&) = delete;
  WritableOf& operator=(const WritableOf&) = delete;
  ~WritableOf() override = default;

  // write(chunk[, cb]): false once writableLength reaches the high-water mark (wait for
  // 'drain'). After end() or destroy() the write fails: cb(err) from a tick and 'error'
  // (ERR_STREAM_WRITE_AFTER_END, ERR_STREAM_DESTROYED).
  bool write(const T& chunk) {
    detail::WritableState& st = ws();
    // Nothing in the way (not ending, nothing being written, not corked, destroyed, errored or
    // constructing): writeOrBuffer's straight path, inline where it is called (a pipe's
    // 'data', a Transform's push), without its frame for the rare paths.
    if ((st.bits & (detail::kEnding | detail::kWriting | detail::kCorked | detail::kWDead |
                    detail::kWConstructing)) == 0) {
      ++st.pendingcb;
      const size_t len = sizeOf(chunk);
      st.length += len;
      st.writelen = len;
      st.bits |= detail::kWriting | detail::kWSync | detail::kExpectWriteCb;
      _write(chunk, encodingOf(), onwriteCallback());
      st.bits &= ~detail::kWSync;
      return afterWriteCall(st);
    }
    if ((st.bits & detail::kEnding) != 0 || destroyed()) {
      ErrorCallback none;
      return writeFailed(none);
    }
    ++st.pendingcb;
    return writeOrBuffer(chunk, nullptr);
  }
  bool write(const T& chunk, ErrorCallback cb) {
    if ((ws().bits & detail::kEnding) != 0 || destroyed()) {
      return writeFailed(cb);
    }
    ++ws().pendingcb;
    return writeOrBuffer(chunk, &cb);
  }
  // Strings written to a Buffer stream are encoded first (utf8 by default).
  template <class U = T>
  requires std::is_same_v<U, Buffer>
  bool write(std::string_view chunk) { return write(Buffer::from(chunk)); }
  template <class U = T>
  requires std::is_same_v<U, Buffer>
  bool write(std::string_view chunk, ErrorCallback cb) {
    return write(Buffer::from(chunk), std::move(cb));
  }
  template <class U = T>
  requires std::is_same_v<U, Buffer>
  bool write(std::string_view chunk, std::string_view encoding, ErrorCallback cb = nullptr) {
    return write(Buffer::from(chunk, encoding), std::move(cb));
  }
  template <class U = T>
  requires std::is_same_v<U, Buffer>
  bool write(const char* chunk) { return write(Buffer::from(chunk)); }
  template <class U = T>
  requires std::is_same_v<U, Buffer>
  bool write(const char* chunk, ErrorCallback cb) {
    return write(Buffer::from(chunk), std::move(cb));
  }

  // end([chunk][, cb]): no more writes; 'prefinish' and then 'finish' once everything was
  // written. cb(err) runs at 'finish' (err null) or with the error that prevented it.
  WritableOf& end(ErrorCallback cb = nullptr) { return endImpl(nullptr, std::move(cb)); }
  WritableOf& end(T chunk, ErrorCallback cb = nullptr) { return endImpl(&chunk, std::move(cb)); }
  template <class U = T>
  requires std::is_same_v<U, Buffer> WritableOf& end(std::string_view chunk,
                                                     ErrorCallback cb = nullptr) {
    return end(Buffer::from(chunk), std::move(cb));
  }
  template <class U = T>
  requires std::is_same_v<U, Buffer> WritableOf& end(const char* chunk,
                                                     ErrorCallback cb = nullptr) {
    return end(Buffer::from(chunk), std::move(cb));
  }

  // cork(): buffer writes until uncork() (as often as cork was called) or end(); the
  // buffered chunks then go to _writev together when the stream has one.
  void cork() {
    ws().bits |= detail::kCorked;
    ++ws().corked;
  }
  void uncork();

  bool writable() const {
    return !ws().has(detail::kWritableOff) &&
           (ws().bits & (detail::kEnding | detail::kWEnded)) == 0 && !destroyed() &&
           (common_ & detail::kErrored) == 0;
  }
  bool writableEnded() const { return ws().has(detail::kEnding); }
  bool writableFinished() const { return ws().has(detail::kFinished); }
  bool writableNeedDrain() const {
    return !destroyed() &&
           (ws().bits & (detail::kEnding | detail::kNeedDrain)) == detail::kNeedDrain;
  }
  size_t writableLength() const { return ws().length; }
  size_t writableHighWaterMark() const { return ws().highWaterMark; }
  uint32_t writableCorked() const { return ws().corked; }
  bool writableObjectMode() const { return ws().has(detail::kWObjectMode); }
  bool writableAborted() const {
    return !ws().has(detail::kWritableOff) && (destroyed() || error_ != nullptr) &&
           !ws().has(detail::kFinished);
  }

  // Machinery; not Node API.
  detail::WritableState& ws() { return wstate_; }
  const detail::WritableState& ws() const { return wstate_; }

 protected:
  // _write(chunk, encoding, cb): write one chunk, then cb() or cb(err). The default calls the
  // `write` option, else _writev with the one chunk (as Node), else fails.
  virtual void _write(const T& chunk, std::string_view encoding, Callback cb) {
    if (hooks_ && hooks_->write) {
      hooks_->write(*this, chunk, encoding, cb);
      return;
    }
    if (ws().has(kHasWritevBit)) {
      std::vector<WriteChunk<T>> one;
      one.push_back({chunk, encoding});
      _writev(one, cb);
      return;
    }
    throw detail::errMethodNotImplemented("_write()");
  }
  // _writev(chunks, cb): write several buffered chunks at once. Only called when the stream
  // has one: the `writev` option, or a subclass that overrides it and calls useWritev().
  virtual void _writev(std::vector<WriteChunk<T>>& chunks, Callback cb) {
    if (hooks_ && hooks_->writev) {
      hooks_->writev(*this, chunks, cb);
      return;
    }
    throw detail::errMethodNotImplemented("_writev()");
  }
  // _final(cb): called after end() once every write completed, before 'finish'. The default
  // calls the `final` option, or behaves as a Writable without one.
  virtual void _final(Callback cb) {
    if (hooks_ && hooks_->final) {
      hooks_->final(*this, cb);
      return;
    }
    ws().bits |= kNoFinalBit;
    cb();
  }
  void useWritev() { ws().bits |= kHasWritevBit; }
  // Writable's kConstruct listener: the writes buffered while constructing go out now.
  void writableConstructed() override {
    if (!ws().has(detail::kWriting)) {
      clearBuffer();
    }
    finishMaybe(false);
  }
  void writableOnDestroy() override {
    if ((!buffered_.empty() || ws().has(detail::kOnFinished)) && !destroyed()) {
      tick([this] { errorBuffer(); });
    }
  }

  struct DuplexTag {};
  WritableOf(DuplexTag, WritableOptions<T> options) { initWritable(options); }

 private:
  static constexpr uint32_t kHasWritevBit = 1u << 20;
  static constexpr uint32_t kNoFinalBit = 1u << 21;
  struct Request {
    T chunk;
    ErrorCallback cb;
  };
  struct Hooks {
    UniqueFunction<void(WritableOf<T>&, const T&, std::string_view, Callback)> write;
    UniqueFunction<void(WritableOf<T>&, std::vector<WriteChunk<T>>&, Callback)> writev;
    UniqueFunction<void(WritableOf<T>&, Callback)> final;
  };

  void initWritable(WritableOptions<T>& options);
  size_t sizeOf(const T& chunk) const {
    if constexpr (std::is_same_v<T, Buffer>) {
      return ws().has(detail::kWObjectMode) ? 1 : chunk.size();
    } else {
      return 1;
    }
  }
  static constexpr std::string_view encodingOf() {
    return std::is_same_v<T, Buffer> ? std::string_view("buffer") : std::string_view();
  }
  Callback onwriteCallback() {
    return Callback(this,
                    [](void* self, const Error* e) { static_cast<WritableOf*>(self)->onwrite(e); });
  }
  bool writeFailed(ErrorCallback& cb, bool* failed = nullptr);
  bool writeOrBuffer(const T& chunk, ErrorCallback* cb);
  // write()'s answer: below the high-water mark (else 'drain' is owed) and still usable.
  bool afterWriteCall(detail::WritableState& st) {
    const bool below = st.length < st.highWaterMark || st.length == 0;
    if (!below) {
      st.bits |= detail::kNeedDrain;
    }
    return below && (st.bits & detail::kWDead) == 0;
  }
  void doWrite(bool writev, size_t len, T* chunk, ErrorCallback cb);
  void onwrite(const Error* er) {
    // A write done before _write returned, nothing buffered behind it, no callback to call and
    // no 'drain' owed: all Node's onwrite does then is `state.pendingcb--`.
    detail::WritableState& st = ws();
    constexpr uint32_t kTested =
        detail::kExpectWriteCb | detail::kWSync | detail::kEnding | detail::kNeedDrain;
    if (er == nullptr && (st.bits & kTested) == (detail::kExpectWriteCb | detail::kWSync) &&
        (!st.has(detail::kWObjectMode) || st.has(detail::kAfterWritePending)) && !writecb_ &&
        bufferedCount() == 0) {
      st.bits &= ~(detail::kWriting | detail::kExpectWriteCb);
      st.length -= st.writelen;
      st.writelen = 0;
      --st.pendingcb;
      return;
    }
    onwriteSlow(er);
  }
  void onwriteSlow(const Error* er);
  void onwriteError(const Error& er, ErrorCallback cb);
  void afterWrite(ErrorCallback cb);
  void errorBuffer();
  void clearBuffer();
  void resetBuffer() {
    buffered_.clear();
    bufferedIndex_ = 0;
  }
  size_t bufferedCount() const { return buffered_.size() - bufferedIndex_; }
  WritableOf& endImpl(T* chunk, ErrorCallback cb);
  bool needFinish() const {
    return (ws().bits & (detail::kEnding | detail::kFinished | detail::kWriting)) ==
               detail::kEnding &&
           (common_ & (detail::kDestroyed | detail::kErrorEmitted | detail::kCloseEmitted |
                       detail::kErrored | detail::kConstructing)) == 0 &&
           bufferedCount() == 0 && ws().length == 0;
  }
  void onFinish(const Error* err);
  void prefinish();
  void finishMaybe(bool sync);
  void finish();
  void callFinishedCallbacks(const Error* err);

  detail::WritableState wstate_;
  std::vector<Request> buffered_;
  size_t bufferedIndex_ = 0;
  ErrorCallback writecb_;
  std::vector<ErrorCallback> onFinished_;
  std::unique_ptr<Hooks> hooks_;
};

template <class T>
void WritableOf<T>::initWritable(WritableOptions<T>& options) {
  ws_ = &wstate_;
  mirrorCommon();
  if (options.objectMode) {
    wstate_.bits |= detail::kWObjectMode;
  }
  wstate_.highWaterMark =
      options.highWaterMark.value_or(options.objectMode ? detail::kDefaultHighWaterMarkObjects
                                                        : detail::kDefaultHighWaterMarkBytes);
  if (!options.emitClose) {
    common_ &= ~detail::kEmitClose;
  }
  if (!options.autoDestroy) {
    common_ &= ~detail::kAutoDestroy;
  }
  if (options.write || options.writev || options.final) {
    hooks_ = std::make_unique<Hooks>(
        Hooks{std::move(options.write), std::move(options.writev), std::move(options.final)});
    if (hooks_->writev) {
      useWritev();
    }
  }
  if (options.destroy) {
    setDestroyHook([self = this, f = std::move(options.destroy)](
                       const Error* e, Callback cb) mutable { f(*self, e, cb); });
  }
}

template <class T>
bool WritableOf<T>::writeFailed(ErrorCallback& cb, bool* failed) {
  Error err =
      ws().has(detail::kEnding) ? detail::errWriteAfterEnd() : detail::errStreamDestroyed("write");
  if (cb) {
    tick([cb = std::move(cb), e = err]() mutable { cb(&e); });
  }
  errorOrDestroy(err, true);
  if (failed != nullptr) {
    *failed = true;
  }
  return false;
}

template <class T>
bool WritableOf<T>::writeOrBuffer(const T& chunk, ErrorCallback* cb) {
  detail::WritableState& st = ws();
  size_t len = sizeOf(chunk);
  st.length += len;
  if (st.has(detail::kWriting | detail::kCorked) ||
      (common_ & (detail::kErrored | detail::kConstructing)) != 0) {
    buffered_.push_back(Request{chunk, cb != nullptr ? std::move(*cb) : ErrorCallback()});
  } else {
    st.writelen = len;
    if (cb != nullptr && *cb) {
      writecb_ = std::move(*cb);
    }
    st.bits |= detail::kWriting | detail::kWSync | detail::kExpectWriteCb;
    _write(chunk, encodingOf(), onwriteCallback());
    st.bits &= ~detail::kWSync;
  }
  return afterWriteCall(st);
}

template <class T>
void WritableOf<T>::doWrite(bool writev, size_t len, T* chunk, ErrorCallback cb) {
  detail::WritableState& st = ws();
  st.writelen = len;
  if (cb) {
    writecb_ = std::move(cb);
  }
  st.bits |= detail::kWriting | detail::kWSync | detail::kExpectWriteCb;
  if (destroyed()) {
    Error e = detail::errStreamDestroyed("write");
    onwrite(&e);
  } else if (writev) {
    std::vector<WriteChunk<T>> chunks;
    chunks.reserve(bufferedCount());
    for (size_t i = bufferedIndex_; i < buffered_.size(); ++i) {
      chunks.push_back({std::move(buffered_[i].chunk), encodingOf()});
    }
    resetBuffer();
    _writev(chunks, onwriteCallback());
  } else {
    _write(*chunk, encodingOf(), onwriteCallback());
  }
  st.bits &= ~detail::kWSync;
}

template <class T>
void WritableOf<T>::onwriteSlow(const Error* er) {
  detail::WritableState& st = ws();
  if (!st.has(detail::kExpectWriteCb)) {
    errorOrDestroy(detail::errMultipleCallback());
    return;
  }
  bool sync = st.has(detail::kWSync);
  ErrorCallback cb;
  if (writecb_) {
    cb = std::move(writecb_);
  }
  st.bits &= ~(detail::kWriting | detail::kExpectWriteCb);
  st.length -= st.writelen;
  st.writelen = 0;
  if (er != nullptr) {
    setErrored(*er);
    if (sync) {
      tick([this, e = *er, cb = std::move(cb)]() mutable { onwriteError(e, std::move(cb)); });
    } else {
      onwriteError(*er, std::move(cb));
    }
    return;
  }
  if (bufferedCount() != 0) {
    clearBuffer();
  }
  if (sync) {
    bool needDrain = st.has(detail::kNeedDrain) && st.length == 0;
    // Node tests `state[kState] & kDestroyed !== 0`, which reads as `state & 1`: the object
    // mode bit. Object-mode streams therefore always defer, and so do these.
    bool needTick = needDrain || st.has(detail::kWObjectMode) || bool(cb);
    if (!cb) {
      if (!st.has(detail::kAfterWritePending) && needTick) {
        tick([this] { afterWrite(nullptr); });
        st.bits |= detail::kAfterWritePending;
      } else {
        --st.pendingcb;
        if (st.has(detail::kEnding)) {
          finishMaybe(true);
        }
      }
    } else {
      tick([this, cb = std::move(cb)]() mutable { afterWrite(std::move(cb)); });
      st.bits |= detail::kAfterWritePending;
    }
  } else {
    afterWrite(std::move(cb));
  }
}

template <class T>
void WritableOf<T>::onwriteError(const Error& er, ErrorCallback cb) {
  --ws().pendingcb;
  if (cb) {
    Error e = er;
    cb(&e);
  }
  errorBuffer();
  errorOrDestroy(er);
}

template <class T>
void WritableOf<T>::afterWrite(ErrorCallback cb) {
  detail::WritableState& st = ws();
  st.bits &= ~detail::kAfterWritePending;
  bool needDrain = (st.bits & (detail::kEnding | detail::kNeedDrain)) == detail::kNeedDrain &&
                   !destroyed() && st.length == 0;
  if (needDrain) {
    st.bits &= ~detail::kNeedDrain;
    emit("drain");
  }
  --st.pendingcb;
  if (cb) {
    cb(nullptr);
  }
  if (destroyed()) {
    errorBuffer();
  }
  if (st.has(detail::kEnding)) {
    finishMaybe(true);
  }
}

template <class T>
void WritableOf<T>::errorBuffer() {
  detail::WritableState& st = ws();
  if (st.has(detail::kWriting)) {
    return;
  }
  for (size_t i = bufferedIndex_; i < buffered_.size(); ++i) {
    st.length -= sizeOf(buffered_[i].chunk);
    if (buffered_[i].cb) {
      Error e = error_ ? *error_ : detail::errStreamDestroyed("write");
      buffered_[i].cb(&e);
    }
  }
  Error e = error_ ? *error_ : detail::errStreamDestroyed("end");
  callFinishedCallbacks(&e);
  resetBuffer();
}

template <class T>
void WritableOf<T>::clearBuffer() {
  detail::WritableState& st = ws();
  if (destroyed() || st.has(detail::kBufferProcessing | detail::kCorked) || bufferedCount() == 0 ||
      (common_ & detail::kConstructing) != 0) {
    return;
  }
  st.bits |= detail::kBufferProcessing;
  size_t count = bufferedCount();
  if (count > 1 && st.has(kHasWritevBit)) {
    st.pendingcb -= count - 1;
    std::vector<ErrorCallback> cbs;
    for (size_t i = bufferedIndex_; i < buffered_.size(); ++i) {
      if (buffered_[i].cb) {
        cbs.push_back(std::move(buffered_[i].cb));
      }
    }
    ErrorCallback all;
    if (!cbs.empty()) {
      all = [cbs = std::move(cbs)](Error* err) mutable {
        for (auto& c : cbs) {
          c(err);
        }
      };
    }
    doWrite(true, st.length, nullptr, std::move(all));
  } else {
    size_t i = bufferedIndex_;
    do {
      Request r = std::move(buffered_[i++]);
      size_t len = sizeOf(r.chunk);
      doWrite(false, len, &r.chunk, std::move(r.cb));
    } while (i < buffered_.size() && !st.has(detail::kWriting));
    if (i == buffered_.size()) {
      resetBuffer();
    } else if (i > 256) {
      buffered_.erase(buffered_.begin(), buffered_.begin() + ptrdiff_t(i));
      bufferedIndex_ = 0;
    } else {
      bufferedIndex_ = i;
    }
  }
  st.bits &= ~detail::kBufferProcessing;
}

template <class T>
void WritableOf<T>::uncork() {
  detail::WritableState& st = ws();
  if (st.corked != 0) {
    --st.corked;
    if (st.corked == 0) {
      st.bits &= ~detail::kCorked;
    }
    if (!st.has(detail::kWriting)) {
      clearBuffer();
    }
  }
}

template <class T>
WritableOf<T>& WritableOf<T>::endImpl(T* chunk, ErrorCallback cb) {
  detail::WritableState& st = ws();
  std::optional<Error> err;
  if (chunk != nullptr) {
    if ((st.bits & detail::kEnding) != 0 || destroyed()) {
      err = st.has(detail::kEnding) ? detail::errWriteAfterEnd()
                                    : detail::errStreamDestroyed("write");
      ErrorCallback none;
      writeFailed(none);
    } else {
      ++st.pendingcb;
      writeOrBuffer(*chunk, nullptr);
    }
  }
  if (st.has(detail::kCorked)) {
    st.corked = 1;
    uncork();
  }
  if (err) {
  } else if (!st.has(detail::kEnding) && (common_ & detail::kErrored) == 0) {
    st.bits |= detail::kEnding;
    finishMaybe(true);
    st.bits |= detail::kWEnded;
  } else if (st.has(detail::kFinished)) {
    err = detail::errAlreadyFinished("end");
  } else if (destroyed()) {
    err = detail::errStreamDestroyed("end");
  }
  if (cb) {
    if (err) {
      tick([cb = std::move(cb), e = *err]() mutable { cb(&e); });
    } else if ((common_ & detail::kErrored) != 0) {
      tick([cb = std::move(cb), e = *error_]() mutable { cb(&e); });
    } else if (st.has(detail::kFinished)) {
      tick([cb = std::move(cb)]() mutable { cb(nullptr); });
    } else {
      st.bits |= detail::kOnFinished;
      onFinished_.push_back(std::move(cb));
    }
  }
  return *this;
}

template <class T>
void WritableOf<T>::onFinish(const Error* err) {
  detail::WritableState& st = ws();
  if (st.has(detail::kPrefinished)) {
    errorOrDestroy(err != nullptr ? *err : detail::errMultipleCallback());
    return;
  }
  --st.pendingcb;
  if (err != nullptr) {
    callFinishedCallbacks(err);
    errorOrDestroy(*err, st.has(detail::kWSync));
  } else if (st.has(kNoFinalBit)) {
    // No _final: 'prefinish' at once and 'finish' from finishMaybe's tick, as Node's path
    // for a Writable without _final.
    st.bits |= detail::kPrefinished;
    emit("prefinish");
  } else if (needFinish()) {
    st.bits |= detail::kPrefinished;
    emit("prefinish");
    ++st.pendingcb;
    tick([this] { finish(); });
  }
}

template <class T>
void WritableOf<T>::prefinish() {
  detail::WritableState& st = ws();
  if (st.has(detail::kPrefinished | detail::kFinalCalled)) {
    return;
  }
  if (!destroyed()) {
    st.bits |= detail::kFinalCalled | detail::kWSync;
    ++st.pendingcb;
    try {
      _final(Callback(
          this, [](void* self, const Error* e) { static_cast<WritableOf*>(self)->onFinish(e); }));
    } catch (...) {
      Error e = toError(std::current_exception());
      onFinish(&e);
    }
    st.bits &= ~detail::kWSync;
  } else {
    st.bits |= detail::kFinalCalled | detail::kPrefinished;
    emit("prefinish");
  }
}

template <class T>
void WritableOf<T>::finishMaybe(bool sync) {
  detail::WritableState& st = ws();
  if (!needFinish()) {
    return;
  }
  prefinish();
  if (st.pendingcb != 0) {
    return;
  }
  if (sync) {
    ++st.pendingcb;
    tick([this] {
      if (needFinish()) {
        finish();
      } else {
        --ws().pendingcb;
      }
    });
  } else if (needFinish()) {
    ++st.pendingcb;
    finish();
  }
}

template <class T>
void WritableOf<T>::finish() {
  detail::WritableState& st = ws();
  --st.pendingcb;
  st.bits |= detail::kFinished;
  callFinishedCallbacks(nullptr);
  emit("finish");
  if ((common_ & detail::kAutoDestroy) != 0) {
    const detail::ReadableState* r = rs_;
    bool autoDestroy = r == nullptr || r->has(detail::kEndEmitted) || r->has(detail::kReadableOff);
    if (autoDestroy) {
      destroy();
    }
  }
}

template <class T>
void WritableOf<T>::callFinishedCallbacks(const Error* err) {
  if (!ws().has(detail::kOnFinished)) {
    return;
  }
  std::vector<ErrorCallback> cbs = std::move(onFinished_);
  onFinished_.clear();
  ws().bits &= ~detail::kOnFinished;
  for (auto& cb : cbs) {
    if (err != nullptr) {
      Error e = *err;
      cb(&e);
    } else {
      cb(nullptr);
    }
  }
}

}  // namespace nodecc::stream
