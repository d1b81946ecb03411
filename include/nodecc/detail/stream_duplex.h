#pragma once
// stream::DuplexOf, TransformOf, PassThroughOf: Node's duplex.js, transform.js and
// passthrough.js. Included by nodecc/stream.h; the contract is there.
#include <concepts>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "nodecc/detail/stream_readable.h"
#include "nodecc/detail/stream_writable.h"

namespace nodecc::stream {

template <class R, class W>
class DuplexOf;
template <class In, class Out>
class TransformOf;

// Duplex options: Node's Duplex options (allowHalfOpen, readable, writable, the per-side object
// modes and high-water marks) followed by the Readable and Writable ones.
template <class R, class W = R>
struct DuplexOptions {
  std::optional<size_t> highWaterMark{};  // both sides, unless given per side
  bool allowHalfOpen = true;              // false: end the writable side after 'end'
  bool readable = true;
  bool writable = true;
  bool objectMode = false;  // both sides (always on for a side whose chunks are not Buffer)
  bool readableObjectMode = false;
  bool writableObjectMode = false;
  std::optional<size_t> readableHighWaterMark{};
  std::optional<size_t> writableHighWaterMark{};
  std::string encoding{};
  bool emitClose = true;
  bool autoDestroy = true;
  UniqueFunction<void(DuplexOf<R, W>&, size_t)> read{};
  UniqueFunction<void(DuplexOf<R, W>&, const W&, std::string_view, Callback)> write{};
  UniqueFunction<void(DuplexOf<R, W>&, std::vector<WriteChunk<W>>&, Callback)> writev{};
  UniqueFunction<void(DuplexOf<R, W>&, Callback)> final{};
  UniqueFunction<void(DuplexOf<R, W>&, const Error*, Callback)> destroy{};
  // Aborting it destroys the stream with AbortError (see stream::addAbortSignal).
  AbortSignal signal{};
};

// Reads R and is written W.
template <class R, class W = R>
class DuplexOf : public ReadableOf<R>, public WritableOf<W> {
 public:
  explicit DuplexOf(DuplexOptions<R, W> options = {})
      : ReadableOf<R>(typename ReadableOf<R>::DuplexTag{}, readableOptions(this, options)),
        WritableOf<W>(typename WritableOf<W>::DuplexTag{}, writableOptions(this, options)) {
    initDuplex(options);
    detail::addAbortSignal(*this, options.signal);
  }

  bool allowHalfOpen() const { return (this->common_ & detail::kAllowHalfOpen) != 0; }

 protected:
  void endWritableSide() override {
    if (this->writable() && !this->writableEnded() && !this->destroyed()) {
      this->end();
    }
  }

 private:
  static ReadableOptions<R> readableOptions(DuplexOf* self, DuplexOptions<R, W>& o) {
    ReadableOptions<R> r;
    r.highWaterMark = o.highWaterMark ? o.highWaterMark : o.readableHighWaterMark;
    r.encoding = o.encoding;
    r.objectMode = !kIsBytes<R> || o.objectMode || o.readableObjectMode;
    r.emitClose = o.emitClose;
    r.autoDestroy = o.autoDestroy;
    if (o.read) {
      r.read = [self, f = std::move(o.read)](ReadableOf<R>&, size_t n) mutable { f(*self, n); };
    }
    return r;
  }
  static WritableOptions<W> writableOptions(DuplexOf* self, DuplexOptions<R, W>& o) {
    WritableOptions<W> w;
    w.highWaterMark = o.highWaterMark ? o.highWaterMark : o.writableHighWaterMark;
    w.objectMode = !kIsBytes<W> || o.objectMode || o.writableObjectMode;
    w.emitClose = o.emitClose;
    w.autoDestroy = o.autoDestroy;
    if (o.write) {
      w.write = [self, f = std::move(o.write)](WritableOf<W>&, const W& c, std::string_view e,
                                               Callback cb) mutable { f(*self, c, e, cb); };
    }
    if (o.writev) {
      w.writev = [self, f = std::move(o.writev)](WritableOf<W>&, std::vector<WriteChunk<W>>& c,
                                                 Callback cb) mutable { f(*self, c, cb); };
    }
    if (o.final) {
      w.final = [self, f = std::move(o.final)](WritableOf<W>&, Callback cb) mutable {
        f(*self, cb);
      };
    }
    return w;
  }
  void initDuplex(DuplexOptions<R, W>& o) {
    if (!o.allowHalfOpen) {
      this->common_ &= ~detail::kAllowHalfOpen;
    }
    if (!o.readable) {
      this->rs().bits |= detail::kReadableOff | detail::kEnded | detail::kEndEmitted;
    }
    if (!o.writable) {
      this->ws().bits |=
          detail::kWritableOff | detail::kEnding | detail::kWEnded | detail::kFinished;
    }
    if (o.destroy) {
      this->setDestroyHook([self = this, f = std::move(o.destroy)](
                               const Error* e, Callback cb) mutable { f(*self, e, cb); });
    }
  }
};

// What a _transform implementation calls when done with a chunk: cb(), cb(error), or
// cb(nullptr, output) to push `output` first (Node's callback(null, data)). Once per chunk.
// Two words, so it travels in registers: the write's own callback waits in the Transform (one
// write is in flight at a time), where a copy in here made every call pass 32 bytes through
// the stack.
template <class In, class Out>
class TransformCallback {
 public:
  TransformCallback(TransformOf<In, Out>* self, size_t length) : self_(self), length_(length) {}
  void operator()() const { self_->afterTransform(length_, nullptr, nullptr); }
  void operator()(std::nullptr_t) const { (*this)(); }
  void operator()(const Error& e) const { self_->afterTransform(length_, &e, nullptr); }
  void operator()(const Error* e) const { self_->afterTransform(length_, e, nullptr); }
  void operator()(const std::exception_ptr& e) const {
    Error err = toError(e);
    (*this)(err);
  }
  void operator()(std::nullptr_t, Out value) const {
    self_->afterTransform(length_, nullptr, &value);
  }
  template <class U = Out>
  requires kIsBytes<U>
  void operator()(std::nullptr_t, std::string_view text) const {
    (*this)(nullptr, Buffer::from(text));
  }
  template <class U = Out>
  requires kIsBytes<U>
  void operator()(std::nullptr_t, const char* text) const { (*this)(nullptr, Buffer::from(text)); }

 private:
  TransformOf<In, Out>* self_;
  size_t length_;
};

// What a _flush implementation calls: cb(), cb(error), or cb(nullptr, last) to push `last`
// before the end.
template <class In, class Out>
class FlushCallback {
 public:
  FlushCallback(TransformOf<In, Out>* self, Callback cb) : self_(self), cb_(cb) {}
  void operator()() const { self_->afterFlush(cb_, nullptr, nullptr); }
  void operator()(std::nullptr_t) const { (*this)(); }
  void operator()(const Error& e) const { self_->afterFlush(cb_, &e, nullptr); }
  void operator()(const Error* e) const { self_->afterFlush(cb_, e, nullptr); }
  void operator()(std::nullptr_t, Out value) const { self_->afterFlush(cb_, nullptr, &value); }
  template <class U = Out>
  requires kIsBytes<U>
  void operator()(std::nullptr_t, std::string_view text) const {
    (*this)(nullptr, Buffer::from(text));
  }

 private:
  TransformOf<In, Out>* self_;
  Callback cb_;
};

// Transform options: the Duplex ones, then transform and flush.
template <class In, class Out = In>
struct TransformOptions {
  std::optional<size_t> highWaterMark{};
  bool allowHalfOpen = true;
  bool objectMode = false;
  bool readableObjectMode = false;
  bool writableObjectMode = false;
  std::optional<size_t> readableHighWaterMark{};
  std::optional<size_t> writableHighWaterMark{};
  std::string encoding{};
  bool emitClose = true;
  bool autoDestroy = true;
  UniqueFunction<void(TransformOf<In, Out>&, const In&, std::string_view,
                      TransformCallback<In, Out>)>
      transform{};
  UniqueFunction<void(TransformOf<In, Out>&, FlushCallback<In, Out>)> flush{};
  UniqueFunction<void(TransformOf<In, Out>&, const Error*, Callback)> destroy{};
  // Aborting it destroys the stream with AbortError (see stream::addAbortSignal).
  AbortSignal signal{};
};

// Written In, read Out (Node's Transform; readable side Out, writable side In).
template <class In, class Out = In>
class TransformOf : public DuplexOf<Out, In> {
 public:
  explicit TransformOf(TransformOptions<In, Out> options = {})
      : DuplexOf<Out, In>(duplexOptions(options)) {
    // Node: this._readableState.sync = false.
    this->rs().bits &= ~detail::kRSync;
    transformHook_ = std::move(options.transform);
    flushHook_ = std::move(options.flush);
    if (options.destroy) {
      this->setDestroyHook([self = this, f = std::move(options.destroy)](
                               const Error* e, Callback cb) mutable { f(*self, e, cb); });
    }
    // Here rather than in DuplexOf's constructor (duplexOptions() leaves the signal out): an
    // already aborted signal destroys the stream at once, and the `destroy` option set just
    // above must see that.
    detail::addAbortSignal(*this, options.signal);
  }

 protected:
  // _transform(chunk, encoding, cb): turn one written chunk into pushed output. The default
  // calls the `transform` option, or fails with ERR_METHOD_NOT_IMPLEMENTED.
  virtual void _transform(const In& chunk, std::string_view encoding,
                          TransformCallback<In, Out> cb) {
    if (!transformHook_) {
      throw detail::errMethodNotImplemented("_transform()");
    }
    transformHook_(*this, chunk, encoding, cb);
  }
  // _flush(cb): push what is left after the last chunk. The default calls the `flush`
  // option, or nothing.
  virtual void _flush(FlushCallback<In, Out> cb) {
    if (flushHook_) {
      flushHook_(*this, cb);
    } else {
      cb();
    }
  }

  void _write(const In& chunk, std::string_view encoding, Callback cb) override {
    writeCb_ = cb;
    _transform(chunk, encoding, TransformCallback<In, Out>(this, this->rs().length));
  }
  // PassThrough's _write: what _write -> _transform -> cb(nullptr, chunk) does, in one call
  // (a virtual call, a callback object and a chunk copy fewer per chunk).
  void passOn(const In& chunk, Callback cb) requires std::same_as<In, Out> {
    if (transformHook_) {  // Node: new PassThrough({transform}) uses the option
      TransformOf::_write(chunk, std::string_view(), cb);
      return;
    }
    writeCb_ = cb;
    const size_t length = this->rs().length;
    this->push(chunk);
    afterPush(length);
  }
  void _read(size_t) override {
    if (pending_) {
      pending_ = false;
      writeCb_();
    }
  }
  void _final(Callback cb) override {
    if (!this->destroyed()) {
      _flush(FlushCallback<In, Out>(this, cb));
    } else {
      this->push(nullptr);
      cb();
    }
  }

 private:
  friend class TransformCallback<In, Out>;
  friend class FlushCallback<In, Out>;

  static DuplexOptions<Out, In> duplexOptions(TransformOptions<In, Out>& o) {
    DuplexOptions<Out, In> d;
    d.highWaterMark = o.highWaterMark;
    d.allowHalfOpen = o.allowHalfOpen;
    d.objectMode = o.objectMode;
    d.readableObjectMode = o.readableObjectMode;
    d.writableObjectMode = o.writableObjectMode;
    d.readableHighWaterMark = o.readableHighWaterMark;
    d.writableHighWaterMark = o.writableHighWaterMark;
    d.encoding = o.encoding;
    d.emitClose = o.emitClose;
    d.autoDestroy = o.autoDestroy;
    return d;
  }

  void afterTransform(size_t length, const Error* err, Out* value) {
    if (err != nullptr) {
      writeCb_(err);
      return;
    }
    if (value != nullptr) {
      this->push(std::move(*value));
    }
    afterPush(length);
  }
  // The end of Node's Transform callback once its output is pushed: the write's callback now,
  // or when the readable side asks for more.
  void afterPush(size_t length) {
    const Callback cb = writeCb_;
    const detail::ReadableState& r = this->rs();
    if (r.has(detail::kEnded)) {
      this->tick([cb] { cb(); });
    } else if (this->ws().has(detail::kWEnded) || length == r.length ||
               r.length < r.highWaterMark) {
      cb();
    } else {
      pending_ = true;
    }
  }
  void afterFlush(Callback cb, const Error* err, Out* value) {
    if (err != nullptr) {
      cb(err);
      return;
    }
    if (value != nullptr) {
      this->push(std::move(*value));
    }
    this->push(nullptr);
    cb();
  }

  // The callback of the write being transformed; pending_: it waits for a _read (Node's
  // kCallback).
  Callback writeCb_{nullptr, nullptr};
  bool pending_ = false;
  UniqueFunction<void(TransformOf<In, Out>&, const In&, std::string_view,
                      TransformCallback<In, Out>)>
      transformHook_;
  UniqueFunction<void(TransformOf<In, Out>&, FlushCallback<In, Out>)> flushHook_;
};

// PassThrough: a Transform that passes every chunk on unchanged. Its _transform is final:
// writes skip it (a custom transform is a TransformOf, or PassThrough's `transform` option).
template <class T>
class PassThroughOf : public TransformOf<T, T> {
 public:
  explicit PassThroughOf(TransformOptions<T, T> options = {})
      : TransformOf<T, T>(std::move(options)) {}

 protected:
  void _transform(const T& chunk, std::string_view, TransformCallback<T, T> cb) final {
    cb(nullptr, chunk);
  }
  void _write(const T& chunk, std::string_view encoding, Callback cb) override {
    (void)encoding;
    this->passOn(chunk, cb);
  }
};

}  // namespace nodecc::stream
