#pragma once
// Readable.from (lib/internal/streams/from.js): a runtime-owned object-mode Readable (high-water
// mark 1) over a container, a Generator<T> or an AsyncGenerator<T>, reading one value per push
// until push() says stop. Its _destroy ends the source (the generator's return()) and calls
// back from a microtask and then a nextTick, as Node's does.
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "nodecc/detail/stream_iterate.h"
#include "nodecc/generator.h"

namespace nodecc::stream {

namespace detail {

template <class S>
struct FromTraits {
  using Value = std::decay_t<decltype(*std::begin(std::declval<S&>()))>;
  static constexpr bool kAsync = false;
};
template <class U>
struct FromTraits<Generator<U>> {
  using Value = U;
  static constexpr bool kAsync = false;
};
template <class U>
struct FromTraits<AsyncGenerator<U>> {
  using Value = U;
  static constexpr bool kAsync = true;
};

// A container's values one by one, or a generator's.
template <class S>
class FromSource {
 public:
  explicit FromSource(S s) : s_(std::move(s)), it_(std::begin(s_)) {}
  FromSource(const FromSource&) = delete;
  auto next() -> std::optional<typename FromTraits<S>::Value> {
    if (it_ == std::end(s_)) {
      return std::nullopt;
    }
    return *it_++;
  }
  void close() {}

 private:
  S s_;
  decltype(std::begin(std::declval<S&>())) it_;
};
template <class U>
class FromSource<Generator<U>> {
 public:
  explicit FromSource(Generator<U> g) : g_(std::move(g)) {}
  std::optional<U> next() { return g_.next(); }
  void close() { g_.reset(); }

 private:
  Generator<U> g_;
};

template <class T, class S>
class FromReadable final : public ReadableOf<T> {
 public:
  FromReadable(S source, ReadableOptions<T> options)
      : ReadableOf<T>(std::move(options)), source_(std::move(source)) {}

 protected:
  void _read(size_t) override {
    if (reading_) {
      return;
    }
    reading_ = true;
    if constexpr (FromTraits<S>::kAsync) {
      nextAsync();
    } else {
      nextSync();
    }
  }
  void _destroy(const Error* error, Callback cb) override {
    closeSource();
    std::optional<Error> e;
    if (error != nullptr) {
      e = *error;
    }
    queueMicrotask([this, cb, e]() mutable { this->tick([cb, e] { cb(e ? &*e : nullptr); }); });
  }

 private:
  void nextSync() {
    for (;;) {
      try {
        std::optional<T> v = source_.next();
        if (!v) {
          this->push(nullptr);
          return;
        }
        if (this->push(std::move(*v))) {
          continue;
        }
        reading_ = false;
      } catch (...) {
        this->destroy(toError(std::current_exception()));
      }
      break;
    }
  }
  Promise<> nextAsync() {
    for (;;) {
      try {
        std::optional<T> v = co_await source_.next();
        if (!v) {
          this->push(nullptr);
          co_return;
        }
        if (this->push(std::move(*v))) {
          continue;
        }
        reading_ = false;
      } catch (...) {
        this->destroy(toError(std::current_exception()));
      }
      break;
    }
  }
  void closeSource() {
    if constexpr (FromTraits<S>::kAsync) {
      source_.reset();
    } else {
      source_.close();
    }
  }

  std::conditional_t<FromTraits<S>::kAsync, S, FromSource<S>> source_;
  bool reading_ = false;
};

template <class T>
ReadableOptions<T> fromOptions() {
  ReadableOptions<T> o;
  o.objectMode = true;
  o.highWaterMark = 1;
  return o;
}

}  // namespace detail

// Readable.from(iterable): a Readable (object mode, high-water mark 1) of a container's
// values, a Generator<T>'s or an AsyncGenerator<T>'s; a string or a Buffer is one chunk.
// The stream is owned by the runtime: it deletes itself after 'close'.
template <class T>
template <class S>
auto& ReadableOf<T>::from(S&& source) {
  using D = std::decay_t<S>;
  if constexpr (std::is_same_v<D, Buffer>) {
    auto* r = new detail::FromReadable<Buffer, std::vector<Buffer>>(
        std::vector<Buffer>{std::forward<S>(source)}, detail::fromOptions<Buffer>());
    r->ownSelf();
    return static_cast<ReadableOf<Buffer>&>(*r);
  } else if constexpr (std::is_convertible_v<S, std::string_view>) {
    auto* r = new detail::FromReadable<std::string, std::vector<std::string>>(
        std::vector<std::string>{std::string(std::string_view(source))},
        detail::fromOptions<std::string>());
    r->ownSelf();
    return static_cast<ReadableOf<std::string>&>(*r);
  } else {
    using V = typename detail::FromTraits<D>::Value;
    auto* r = new detail::FromReadable<V, D>(D(std::forward<S>(source)), detail::fromOptions<V>());
    r->ownSelf();
    return static_cast<ReadableOf<V>&>(*r);
  }
}

}  // namespace nodecc::stream
