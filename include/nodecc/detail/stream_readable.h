#pragma once
// stream::ReadableOf<T>: Node's Readable (lib/internal/streams/readable.js), line for line where
// the order of events depends on it: which calls emit at once and which from a nextTick.
// Included by nodecc/stream.h; the contract is there.
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "nodecc/buffer.h"
#include "nodecc/detail/stream_base.h"
#include "nodecc/detail/stream_state.h"
#include "nodecc/string_decoder.h"

namespace nodecc::stream {

template <class T>
class ReadableOf;
template <class T>
class WritableOf;
template <class T>
class ReadableIterator;

template <class T>
inline constexpr bool kIsBytes = std::is_same_v<T, Buffer>;

// Readable options, in Node's documented order (designated initializers follow it).
template <class T>
struct ReadableOptions {
  std::optional<size_t> highWaterMark{};  // default 16 KiB, or 16 objects
  std::string encoding{};                 // as setEncoding(); Buffer streams only
  bool objectMode = !kIsBytes<T>;         // always true for chunks other than Buffer
  bool emitClose = true;
  UniqueFunction<void(ReadableOf<T>&, size_t)> read{};
  UniqueFunction<void(ReadableOf<T>&, const Error*, Callback)> destroy{};
  bool autoDestroy = true;
  // Aborting it destroys the stream with AbortError, its cause the signal's reason (see
  // stream::addAbortSignal); already aborted, the constructor destroys it.
  AbortSignal signal{};
};

struct PipeOptions {
  bool end = true;  // end the destination when the source ends
};

// What 'unpipe' carries besides the source (Node's unpipeInfo).
struct UnpipeInfo {
  bool hasUnpiped = false;
};

namespace detail {
template <class T>
struct PipeLink;
template <class T>
struct PipeList {
  std::vector<std::shared_ptr<PipeLink<T>>> links;
  std::vector<const void*> awaitDrain;  // destinations whose write() returned false
  bool multi = false;                   // Node's kMultiAwaitDrain: a second pipe was made
};
// The stored text of a decoded chunk, as 'data' hands it out.
inline std::string textOf(const Buffer& b) {
  return std::string(b.view());
}
}  // namespace detail

template <class T>
class ReadableOf : public virtual Stream {
 public:
  using Chunk = T;

  explicit ReadableOf(ReadableOptions<T> options = {}) {
    initReadable(options, false);
    detail::addAbortSignal(*this, options.signal);
  }
  ReadableOf(const ReadableOf&) = delete;
  ReadableOf& operator=(const ReadableOf&) = delete;
  // Tells the pipes still attached that their source is gone (stream_pipe.h).
  ~ReadableOf() override;

  // push(chunk): queues a chunk (or emits it as 'data' at once when flowing with nothing
  // queued); false once the high-water mark is reached. push(nullptr): the end (Node's
  // push(null)). A push after the end is ERR_STREAM_PUSH_AFTER_EOF.
  bool push(T chunk) {
    // The common case, a flowing stream with nothing queued whose 'data' goes straight out:
    // addChunk's tests at once, here (addChunk's frame is sized for its rare paths).
    detail::ReadableState& st = rs();
    constexpr uint32_t kTested = detail::kFlowing | detail::kRSync | detail::kDataListening |
                                 detail::kEnded | detail::kDecoder | detail::kRDead;
    if ((st.bits & kTested) == (detail::kFlowing | detail::kDataListening) && st.length == 0 &&
        !emptyBytes(chunk)) {
      st.bits = (st.bits & ~detail::kReading) | detail::kDataEmitted;
      clearAwaitDrain();
      emitData(chunk);
      maybeReadMore();
      return canPushMore();
    }
    return addChunk(std::move(chunk), false);
  }
  bool push(std::nullptr_t) {
    rs().bits &= ~detail::kReading;
    onEofChunk();
    return false;
  }
  // A string pushed into a Buffer stream is encoded first (utf8, latin1, hex, base64...).
  template <class U = T>
  requires kIsBytes<U>
  bool push(std::string_view chunk, std::string_view encoding = "utf8") {
    return push(Buffer::from(chunk, encoding));
  }
  // unshift(chunk): puts a chunk back at the front of the queue.
  bool unshift(T chunk) { return addChunk(std::move(chunk), true); }
  bool unshift(std::nullptr_t) { return push(nullptr); }

  // read([n]): takes up to... exactly n bytes (or everything buffered, or one object), or
  // nothing (std::nullopt) when not enough is buffered yet; emits it as 'data' too.
  std::optional<T> read() { return readImpl(std::nullopt); }
  std::optional<T> read(size_t n) { return readImpl(n); }

  // setEncoding(enc): from now on 'data' carries const std::string& (decoded text, never a
  // split character) instead of const Buffer&. Buffer streams only.
  ReadableOf& setEncoding(std::string_view encoding);

  ReadableOf& pause();
  ReadableOf& resume();
  bool isPaused() const {
    return rs().has(detail::kPaused) ||
           (rs().bits & (detail::kHasFlowing | detail::kFlowing)) == detail::kHasFlowing;
  }

  // pipe(destination[, {end}]): every chunk is written to `destination` (any WritableOf<T>:
  // a Writable, Duplex, Transform, PassThrough; or a byte destination that is not a stream
  // class, such as an http::ServerResponse, through its asStream()), the source pausing while
  // a write() returned false until 'drain'; destination.end() after the source's 'end'.
  // Returns destination.
  template <class W>
  W& pipe(W& destination, PipeOptions options = {});
  // unpipe([destination]): stops piping to one destination or to all.
  ReadableOf& unpipe();
  ReadableOf& unpipe(Stream& destination);

  // Async iteration (Node's for await (const chunk of readable)):
  //   for (auto it = r.iterate(); auto chunk = co_await it.next();) { ... }
  // Leaving the loop early destroys the stream, as a break does in Node (see stream.h).
  ReadableIterator<T> iterate(bool destroyOnReturn = true);

  // Readable.from(iterable): see nodecc/stream.h. Returns a ReadableOf<value type>&.
  template <class S>
  static auto& from(S&& source);

  bool readable() const {
    return !rs().has(detail::kReadableOff) && !destroyed() &&
           (common_ & detail::kErrorEmitted) == 0 && !rs().has(detail::kEndEmitted);
  }
  bool readableEnded() const { return rs().has(detail::kEndEmitted); }
  bool readableDidRead() const { return rs().has(detail::kDataEmitted); }
  bool readableAborted() const {
    return !rs().has(detail::kReadableOff) && (destroyed() || error_ != nullptr) &&
           !rs().has(detail::kEndEmitted);
  }
  // null (std::nullopt) until something started or paused the flow, as Node.
  std::optional<bool> readableFlowing() const {
    if (!rs().has(detail::kHasFlowing)) {
      return std::nullopt;
    }
    return rs().has(detail::kFlowing);
  }
  size_t readableLength() const { return rs().length; }
  size_t readableHighWaterMark() const { return rs().highWaterMark; }
  bool readableObjectMode() const { return rs().has(detail::kRObjectMode); }
  // "" when no encoding was set (Node: null).
  std::string_view readableEncoding() const {
    return decoder_ ? decoder_->encoding() : std::string_view();
  }

  // Machinery (used by pipe links, iterators, pipeline); not Node API.
  detail::ReadableState& rs() { return rstate_; }
  const detail::ReadableState& rs() const { return rstate_; }
  detail::PipeList<T>* pipeList() { return pipes_.get(); }
  // What a pipe does with a chunk: write it, pause the source when write() says so.
  static void pipeData(detail::PipeLink<T>& link, const T& chunk);
  void endReadable();

 protected:
  // ReadableOf constructed as part of a Duplex (isDuplex in Node's ReadableState).
  struct DuplexTag {};
  ReadableOf(DuplexTag, ReadableOptions<T> options) { initReadable(options, true); }

  // _read(size): produce data with push(); called again only after a push. The default calls
  // the `read` option, or fails with ERR_METHOD_NOT_IMPLEMENTED.
  virtual void _read(size_t size) {
    if (!readHook_) {
      throw detail::errMethodNotImplemented("_read()");
    }
    readHook_(*this, size);
  }

  void listenerCountChanged(std::string_view event, size_t count) override {
    readableListenerCountChanged(event, count);
  }
  void readableListenerCountChanged(std::string_view event, size_t count);
  // Readable's kConstruct listener: the reads asked for while constructing start now.
  void readableConstructed() override {
    if (rs().has(detail::kNeedReadable)) {
      maybeReadMore();
    }
  }

 private:
  void initReadable(ReadableOptions<T>& options, bool isDuplex);
  bool addChunk(T chunk, bool front);
  // An empty chunk in a byte stream: push() reads it as "nothing to add".
  bool emptyBytes(const T& chunk) const {
    if constexpr (kIsBytes<T>) {
      return !rs().has(detail::kRObjectMode) && chunk.empty();
    } else {
      return false;
    }
  }
  bool canPushMore() const {
    return !rs().has(detail::kEnded) && (rs().length < rs().highWaterMark || rs().length == 0);
  }
  size_t sizeOf(const T& chunk) const {
    if constexpr (kIsBytes<T>) {
      return rs().has(detail::kRObjectMode) ? 1 : chunk.size();
    } else {
      return 1;
    }
  }
  void emitData(T& chunk) {
    if constexpr (kIsBytes<T>) {
      if (rs().has(detail::kDecoder)) {
        emit("data", detail::textOf(chunk));
        return;
      }
    }
    // The only 'data' listener is one pipe's: call it without the emitter's lookup (a third
    // of a PassThrough chain's time went there). What it does is what its listener does.
    if (rs().dataListeners == 1 && pipes_ && pipes_->links.size() == 1 &&
        pipes_->links[0]->dataListener) {
      pipeData(*pipes_->links[0], chunk);
      return;
    }
    emit("data", chunk);
  }
  size_t howMuchToRead(std::optional<size_t> n) const;
  std::optional<T> readImpl(std::optional<size_t> n);
  std::optional<T> fromList(size_t n);
  void onEofChunk();
  void emitReadable();
  void emitReadableNT();
  void maybeReadMore() {
    if (!rs().has(detail::kReadingMore)) {
      scheduleReadMore();
    }
  }
  void scheduleReadMore();
  void maybeReadMoreNT();
  void flow() {
    while (rs().has(detail::kFlowing) && read().has_value()) {
    }
  }
  void resumeNT();
  void endReadableNT();
  void updateReadableListening();
  void clearAwaitDrain() {
    if (pipes_) {
      pipes_->awaitDrain.clear();
    }
  }

  detail::ReadableState rstate_;
  detail::ChunkQueue<T> buffer_;
  std::unique_ptr<StringDecoder> decoder_;
  std::unique_ptr<detail::PipeList<T>> pipes_;
  UniqueFunction<void(ReadableOf<T>&, size_t)> readHook_;

  template <class U>
  friend struct detail::PipeLink;
};

template <class T>
void ReadableOf<T>::initReadable(ReadableOptions<T>& options, bool isDuplex) {
  (void)isDuplex;
  rs_ = &rstate_;
  mirrorCommon();
  if (options.objectMode) {
    rstate_.bits |= detail::kRObjectMode;
  }
  rstate_.highWaterMark =
      options.highWaterMark.value_or(options.objectMode ? detail::kDefaultHighWaterMarkObjects
                                                        : detail::kDefaultHighWaterMarkBytes);
  if (!options.emitClose) {
    common_ &= ~detail::kEmitClose;
  }
  if (!options.autoDestroy) {
    common_ &= ~detail::kAutoDestroy;
  }
  if (!options.encoding.empty()) {
    if constexpr (kIsBytes<T>) {
      setEncoding(options.encoding);
    }
  }
  readHook_ = std::move(options.read);
  if (options.destroy) {
    setDestroyHook([self = this, f = std::move(options.destroy)](
                       const Error* e, Callback cb) mutable { f(*self, e, cb); });
  }
}

template <class T>
bool ReadableOf<T>::addChunk(T chunk, bool front) {
  detail::ReadableState& st = rs();
  if (front) {
    if (st.has(detail::kEndEmitted)) {
      errorOrDestroy(detail::errUnshiftAfterEnd());
      return canPushMore();
    }
    if (destroyed() || (common_ & detail::kErrored) != 0) {
      return false;
    }
  } else {
    if constexpr (kIsBytes<T>) {
      if (!st.has(detail::kRObjectMode) && chunk.empty()) {
        st.bits &= ~detail::kReading;
        maybeReadMore();
        return canPushMore();
      }
    }
    if (st.has(detail::kEnded)) {
      errorOrDestroy(detail::errPushAfterEof());
      return false;
    }
    if (destroyed() || (common_ & detail::kErrored) != 0) {
      return false;
    }
    st.bits &= ~detail::kReading;
    if constexpr (kIsBytes<T>) {
      if (st.has(detail::kDecoder)) {
        std::string text;
        decoder_->writeTo(chunk.data(), chunk.size(), text);
        if (text.empty() && !st.has(detail::kRObjectMode)) {
          maybeReadMore();
          return canPushMore();
        }
        chunk = Buffer::adopt(std::move(text));
      }
    }
  }
  if ((st.bits & (detail::kFlowing | detail::kRSync | detail::kDataListening)) ==
          (detail::kFlowing | detail::kDataListening) &&
      st.length == 0) {
    clearAwaitDrain();
    st.bits |= detail::kDataEmitted;
    emitData(chunk);
  } else {
    st.length += sizeOf(chunk);
    if (front) {
      buffer_.pushFront(std::move(chunk));
    } else {
      buffer_.push(std::move(chunk));
    }
    if (st.has(detail::kNeedReadable)) {
      emitReadable();
    }
  }
  maybeReadMore();
  return canPushMore();
}

template <class T>
ReadableOf<T>& ReadableOf<T>::setEncoding(std::string_view encoding) {
  static_assert(kIsBytes<T>, "setEncoding applies to Buffer streams");
  decoder_ = std::make_unique<StringDecoder>(encoding.empty() ? "utf8" : encoding);
  rs().bits |= detail::kDecoder;
  // Already buffered bytes are decoded now.
  std::string content;
  while (!buffer_.empty()) {
    Buffer b = buffer_.popFront();
    decoder_->writeTo(b.data(), b.size(), content);
  }
  rs().length = content.size();
  if (!content.empty()) {
    buffer_.push(Buffer::adopt(std::move(content)));
  }
  return *this;
}

template <class T>
size_t ReadableOf<T>::howMuchToRead(std::optional<size_t> n) const {
  const detail::ReadableState& st = rs();
  if ((n && *n == 0) || (st.length == 0 && st.has(detail::kEnded))) {
    return 0;
  }
  if (st.has(detail::kRObjectMode)) {
    return 1;
  }
  if (!n) {
    if constexpr (kIsBytes<T>) {
      if (st.has(detail::kFlowing) && st.length != 0) {
        return const_cast<ReadableOf*>(this)->buffer_.front().size();
      }
    }
    return st.length;
  }
  if (*n <= st.length) {
    return *n;
  }
  return st.has(detail::kEnded) ? st.length : 0;
}

template <class T>
std::optional<T> ReadableOf<T>::readImpl(std::optional<size_t> nArg) {
  detail::ReadableState& st = rs();
  if (nArg && *nArg > st.highWaterMark) {
    if (*nArg > detail::kMaxHighWaterMark) {
      throw RangeError("ERR_OUT_OF_RANGE",
                       "The value of \"size\" is out of range. It must be <= 1GiB. Received " +
                           std::to_string(*nArg));
    }
    size_t h = 1;
    while (h < *nArg) {
      h <<= 1;
    }
    st.highWaterMark = h;
  }
  if (!nArg || *nArg != 0) {
    st.bits &= ~detail::kEmittedReadable;
  }
  if (nArg && *nArg == 0 && st.has(detail::kNeedReadable) &&
      ((st.highWaterMark != 0 ? st.length >= st.highWaterMark : st.length > 0) ||
       st.has(detail::kEnded))) {
    if (st.length == 0 && st.has(detail::kEnded)) {
      endReadable();
    } else {
      emitReadable();
    }
    return std::nullopt;
  }
  size_t n = howMuchToRead(nArg);
  if (n == 0 && st.has(detail::kEnded)) {
    if (st.length == 0) {
      endReadable();
    }
    return std::nullopt;
  }
  bool doRead = st.has(detail::kNeedReadable);
  if (st.length == 0 || st.length - n < st.highWaterMark) {
    doRead = true;
  }
  if (st.has(detail::kReading | detail::kEnded) || destroyed() ||
      (common_ & (detail::kErrored | detail::kConstructing)) != 0) {
    doRead = false;
  } else if (doRead) {
    st.bits |= detail::kReading | detail::kRSync;
    if (st.length == 0) {
      st.bits |= detail::kNeedReadable;
    }
    try {
      _read(st.highWaterMark);
    } catch (...) {
      errorOrDestroy(toError(std::current_exception()));
    }
    st.bits &= ~detail::kRSync;
    if (!st.has(detail::kReading)) {
      n = howMuchToRead(nArg);
    }
  }
  std::optional<T> ret;
  if (n > 0) {
    ret = fromList(n);
  }
  if (!ret) {
    if (st.length <= st.highWaterMark) {
      st.bits |= detail::kNeedReadable;
    }
    n = 0;
  } else {
    st.length -= n;
    clearAwaitDrain();
  }
  if (st.length == 0) {
    if (!st.has(detail::kEnded)) {
      st.bits |= detail::kNeedReadable;
    }
    // read() past the end: 'end' on the next tick.
    if ((!nArg || *nArg != n) && st.has(detail::kEnded)) {
      endReadable();
    }
  }
  if (ret && (common_ & (detail::kErrorEmitted | detail::kCloseEmitted)) == 0) {
    st.bits |= detail::kDataEmitted;
    emitData(*ret);
  }
  return ret;
}

template <class T>
std::optional<T> ReadableOf<T>::fromList(size_t n) {
  if (rs().length == 0 || buffer_.empty()) {
    return std::nullopt;
  }
  if (rs().has(detail::kRObjectMode)) {
    return buffer_.popFront();
  }
  if constexpr (kIsBytes<T>) {
    Buffer& first = buffer_.front();
    if (n >= rs().length && buffer_.size() == 1) {
      return buffer_.popFront();
    }
    if (n < first.size()) {
      Buffer ret = first.subarray(0, n);
      first = first.subarray(n);
      return ret;
    }
    if (n == first.size()) {
      return buffer_.popFront();
    }
    Buffer ret = Buffer::allocUnsafe(n);
    size_t at = 0;
    while (at < n && !buffer_.empty()) {
      Buffer& b = buffer_.front();
      size_t take = std::min(b.size(), n - at);
      std::memcpy(ret.data() + at, b.data(), take);
      at += take;
      if (take == b.size()) {
        buffer_.popFront();
      } else {
        b = b.subarray(take);
      }
    }
    return ret;
  } else {
    return buffer_.popFront();
  }
}

template <class T>
void ReadableOf<T>::onEofChunk() {
  detail::ReadableState& st = rs();
  if (st.has(detail::kEnded)) {
    return;
  }
  if constexpr (kIsBytes<T>) {
    if (st.has(detail::kDecoder)) {
      std::string rest = decoder_->end();
      if (!rest.empty()) {
        st.length += st.has(detail::kRObjectMode) ? 1 : rest.size();
        buffer_.push(Buffer::adopt(std::move(rest)));
      }
    }
  }
  st.bits |= detail::kEnded;
  if (st.has(detail::kRSync)) {
    emitReadable();
  } else {
    st.bits &= ~detail::kNeedReadable;
    st.bits |= detail::kEmittedReadable;
    emitReadableNT();
  }
}

template <class T>
void ReadableOf<T>::emitReadable() {
  detail::ReadableState& st = rs();
  st.bits &= ~detail::kNeedReadable;
  if (!st.has(detail::kEmittedReadable)) {
    st.bits |= detail::kEmittedReadable;
    tick([this] { emitReadableNT(); });
  }
}

template <class T>
void ReadableOf<T>::emitReadableNT() {
  detail::ReadableState& st = rs();
  if (!destroyed() && (common_ & detail::kErrored) == 0 &&
      (st.length != 0 || st.has(detail::kEnded))) {
    emit("readable");
    st.bits &= ~detail::kEmittedReadable;
  }
  if ((st.bits & (detail::kFlowing | detail::kEnded)) == 0 && st.length <= st.highWaterMark) {
    st.bits |= detail::kNeedReadable;
  }
  flow();
}

template <class T>
void ReadableOf<T>::scheduleReadMore() {
  rs().bits |= detail::kReadingMore;
  tick([this] { maybeReadMoreNT(); });
}

template <class T>
void ReadableOf<T>::maybeReadMoreNT() {
  detail::ReadableState& st = rs();
  while (!st.has(detail::kReading | detail::kEnded) &&
         (st.length < st.highWaterMark || (st.has(detail::kFlowing) && st.length == 0))) {
    size_t len = st.length;
    read(0);
    if (len == st.length) {
      break;
    }
  }
  st.bits &= ~detail::kReadingMore;
}

template <class T>
ReadableOf<T>& ReadableOf<T>::resume() {
  detail::ReadableState& st = rs();
  if (!st.has(detail::kFlowing)) {
    st.bits |= detail::kHasFlowing;
    if (!st.has(detail::kReadableListening)) {
      st.bits |= detail::kFlowing;
    } else {
      st.bits &= ~detail::kFlowing;
    }
    if (!st.has(detail::kResumeScheduled)) {
      st.bits |= detail::kResumeScheduled;
      tick([this] { resumeNT(); });
    }
  }
  st.bits |= detail::kHasPaused;
  st.bits &= ~detail::kPaused;
  return *this;
}

template <class T>
void ReadableOf<T>::resumeNT() {
  detail::ReadableState& st = rs();
  if (!st.has(detail::kReading)) {
    read(0);
  }
  st.bits &= ~detail::kResumeScheduled;
  emit("resume");
  flow();
  if ((st.bits & (detail::kFlowing | detail::kReading)) == detail::kFlowing) {
    read(0);
  }
}

template <class T>
ReadableOf<T>& ReadableOf<T>::pause() {
  detail::ReadableState& st = rs();
  if ((st.bits & (detail::kHasFlowing | detail::kFlowing)) != detail::kHasFlowing) {
    st.bits |= detail::kHasFlowing;
    st.bits &= ~detail::kFlowing;
    emit("pause");
  }
  st.bits |= detail::kHasPaused | detail::kPaused;
  return *this;
}

template <class T>
void ReadableOf<T>::endReadable() {
  if (!rs().has(detail::kEndEmitted)) {
    rs().bits |= detail::kEnded;
    tick([this] { endReadableNT(); });
  }
}

template <class T>
void ReadableOf<T>::endReadableNT() {
  detail::ReadableState& st = rs();
  if ((common_ & (detail::kErrored | detail::kCloseEmitted)) != 0 || st.has(detail::kEndEmitted) ||
      st.length != 0) {
    return;
  }
  st.bits |= detail::kEndEmitted;
  emit("end");
  const detail::WritableState* w = ws_;
  bool writable = w != nullptr && !w->has(detail::kWritableOff) &&
                  (w->bits & (detail::kEnding | detail::kWEnded)) == 0 && !destroyed() &&
                  (common_ & detail::kErrored) == 0;
  if (writable && (common_ & detail::kAllowHalfOpen) == 0) {
    tick([this] { endWritableSide(); });
  } else if ((common_ & detail::kAutoDestroy) != 0) {
    bool autoDestroy = w == nullptr || w->has(detail::kFinished) || w->has(detail::kWritableOff);
    if (autoDestroy) {
      destroy();
    }
  }
}

template <class T>
void ReadableOf<T>::readableListenerCountChanged(std::string_view event, size_t count) {
  detail::ReadableState& st = rs();
  if (event == "data") {
    bool added = count > st.dataListeners;
    st.dataListeners = uint32_t(count);
    if (!added) {
      if (count == 0) {
        st.bits &= ~detail::kDataListening;
        if (pipes_) {
          for (auto& l : pipes_->links) {
            l->dataListener = false;  // removeAllListeners('data') took the pipes' too
          }
        }
      }
      return;
    }
    st.bits |= detail::kDataListening;
    if (st.readableListeners > 0) {
      st.bits |= detail::kReadableListening;
    }
    if ((st.bits & (detail::kHasFlowing | detail::kFlowing)) != detail::kHasFlowing) {
      resume();
    }
  } else if (event == "readable") {
    bool added = count > st.readableListeners;
    st.readableListeners = uint32_t(count);
    if (!added) {
      tick([this] { updateReadableListening(); });
      return;
    }
    if ((st.bits & (detail::kEndEmitted | detail::kReadableListening)) == 0) {
      st.bits |= detail::kReadableListening | detail::kNeedReadable | detail::kHasFlowing;
      st.bits &= ~(detail::kFlowing | detail::kEmittedReadable);
      if (st.length != 0) {
        emitReadable();
      } else if (!st.has(detail::kReading)) {
        tick([this] { read(0); });
      }
    }
  }
}

template <class T>
void ReadableOf<T>::updateReadableListening() {
  detail::ReadableState& st = rs();
  if (st.readableListeners > 0) {
    st.bits |= detail::kReadableListening;
  } else {
    st.bits &= ~detail::kReadableListening;
  }
  if ((st.bits & (detail::kHasPaused | detail::kPaused | detail::kResumeScheduled)) ==
      (detail::kHasPaused | detail::kResumeScheduled)) {
    st.bits |= detail::kHasFlowing | detail::kFlowing;
  } else if (st.has(detail::kDataListening)) {
    resume();
  } else if (!st.has(detail::kReadableListening)) {
    st.bits &= ~(detail::kHasFlowing | detail::kFlowing);
  }
}

}  // namespace nodecc::stream
