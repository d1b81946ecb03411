#pragma once
// readable.iterate(): Node's createAsyncIterator (readable.js) as an object whose next()
// returns a promise and whose destructor is the generator's `finally`: leaving a loop early
// destroys the stream (AbortError when it had not ended), as a `break` out of
// `for await (const chunk of readable)` does.
#include <memory>
#include <optional>

#include "nodecc/detail/stream_pipeline.h"
#include "nodecc/promise.h"

namespace nodecc::stream {

namespace detail {

template <class T>
struct IterState : std::enable_shared_from_this<IterState<T>> {
  enum class Outcome { kPending, kDone, kError };  // Node's `error`: undefined, null, an Error
  ReadableOf<T>* stream;
  std::optional<Resolve<std::optional<T>>> waiting;
  Outcome outcome = Outcome::kPending;
  std::unique_ptr<Error> error;
  bool finished = false;  // the loop returned or threw: `finally` ran
  bool closed = false;    // the stream emitted 'close' (one the runtime owns is gone)
  bool wakeQueued = false;
  bool destroyOnReturn = true;
  UniqueFunction<void()> eosCleanup;

  // 'readable', or finished(): the awaiting loop goes round again (in a microtask, where the
  // `await new Promise(next)` of Node's generator resumes).
  void wake(const std::shared_ptr<IterState>& self) {
    if (waiting && !wakeQueued) {
      wakeQueued = true;
      queueMicrotask([self] {
        self->wakeQueued = false;
        self->step();
      });
    }
  }
  void step() {
    if (!waiting) {
      return;
    }
    std::optional<T> chunk;
    if (!closed && !stream->destroyed()) {
      chunk = stream->read();
    }
    if (chunk) {
      settle(std::move(chunk));
    } else if (outcome == Outcome::kError) {
      finallyBlock();
      auto w = std::move(*waiting);
      waiting.reset();
      w.reject(std::make_exception_ptr(*error));
    } else if (outcome == Outcome::kDone) {
      finallyBlock();
      settle(std::nullopt);
    }
  }
  void settle(std::optional<T> v) {
    auto w = std::move(*waiting);
    waiting.reset();
    w(std::move(v));
  }
  void finallyBlock();
};

template <class T, int Kind>
struct IterListener {
  std::shared_ptr<IterState<T>> s;
  bool operator==(const IterListener& o) const { return s == o.s; }
};
template <class T>
struct IterOnReadable : IterListener<T, 0> {
  void operator()() const { this->s->wake(this->s); }
};
template <class T>
struct IterOnClose : IterListener<T, 1> {
  void operator()() const { this->s->closed = true; }
};

template <class T>
void IterState<T>::finallyBlock() {
  if (finished) {
    return;
  }
  finished = true;
  if (closed) {
    return;
  }
  bool autoDestroy = (stream->commonBits() & kAutoDestroy) != 0;
  if ((outcome == Outcome::kError || destroyOnReturn) &&
      (outcome == Outcome::kPending || autoDestroy)) {
    stream->destroyer(nullptr);
  } else {
    // Held here: the listeners removed may hold the last other reference.
    std::shared_ptr<IterState> self = this->shared_from_this();
    stream->off("readable", IterOnReadable<T>{{self}});
    stream->off("close", IterOnClose<T>{{self}});
    if (eosCleanup) {
      auto c = std::move(eosCleanup);
      c();
    }
  }
}

}  // namespace detail

// The async iterator of a Readable: next() resolves with the next chunk, or std::nullopt at
// the end, and rejects with the stream's error. Keep the stream alive while iterating.
template <class T>
class ReadableIterator {
 public:
  ReadableIterator(ReadableOf<T>& stream, bool destroyOnReturn)
      : s_(std::make_shared<detail::IterState<T>>()) {
    s_->stream = &stream;
    s_->destroyOnReturn = destroyOnReturn;
    stream.on("close", detail::IterOnClose<T>{{s_}});
    stream.on("readable", detail::IterOnReadable<T>{{s_}});
    std::shared_ptr<detail::IterState<T>> s = s_;
    s_->eosCleanup = finished(stream, FinishedOptions(std::nullopt, false), [s](Error* err) {
      if (err != nullptr) {
        s->outcome = detail::IterState<T>::Outcome::kError;
        if (!s->error) {
          s->error = std::make_unique<Error>(*err);
        }
      } else if (s->outcome != detail::IterState<T>::Outcome::kError) {
        s->outcome = detail::IterState<T>::Outcome::kDone;
      }
      s->wake(s);
    });
  }
  ReadableIterator(ReadableIterator&&) noexcept = default;
  ReadableIterator& operator=(ReadableIterator&&) = delete;
  // Leaving the loop: the stream is destroyed unless it ended (destroyOnReturn false: left
  // as it is, the iterator's listeners removed).
  ~ReadableIterator() {
    if (s_ && !s_->finished) {
      s_->finallyBlock();
    }
  }

  Promise<std::optional<T>> next() {
    if (s_->finished) {
      return Promise<std::optional<T>>::resolve(std::optional<T>());
    }
    auto r = Promise<std::optional<T>>::withResolvers();
    s_->waiting.emplace(r.resolve);
    s_->step();
    return r.promise;
  }

 private:
  std::shared_ptr<detail::IterState<T>> s_;
};

template <class T>
ReadableIterator<T> ReadableOf<T>::iterate(bool destroyOnReturn) {
  return ReadableIterator<T>(*this, destroyOnReturn);
}

}  // namespace nodecc::stream
