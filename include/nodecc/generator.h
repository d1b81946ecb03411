#pragma once
// Generator<T> and AsyncGenerator<T>: JavaScript's function* and async function* as C++20
// coroutines.
//
//   Generator<int> count(int n) { for (int i = 0; i < n; i++) co_yield i; }
//   for (int i : count(3)) { ... }                        // for (const i of count(3))
//
//   AsyncGenerator<std::string> lines() {                  // async function* lines()
//     co_await timers::promises::setTimeout(10);
//     co_yield "a";
//   }
//   auto g = lines();
//   while (auto v = co_await g.next()) { use(*v); }       // for await (const v of lines())
//
// Both start suspended and run up to the next co_yield on each next(). Generator::next()
// returns std::optional<T> (std::nullopt once the body returned) and rethrows what the body
// threw. AsyncGenerator::next() returns a Promise<std::optional<T>> that settles (from a
// microtask, as every promise) when the body yields, returns or throws; the body may co_await
// promises in between. One next() at a time. Destroying a generator ends its body where it
// stands, running its destructors (as JavaScript's return()); an async generator destroyed
// while its body awaits something ends at its next co_yield or co_return. Loop thread only.
#include <coroutine>
#include <exception>
#include <optional>
#include <utility>

#include "nodecc/promise.h"

namespace nodecc {

template <class T>
class Generator {
 public:
  struct promise_type {
    std::optional<T> value;
    std::exception_ptr error;
    Generator get_return_object() {
      return Generator(std::coroutine_handle<promise_type>::from_promise(*this));
    }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    template <class U>
    std::suspend_always yield_value(U&& v) {
      value.emplace(std::forward<U>(v));
      return {};
    }
    void return_void() {}
    void unhandled_exception() { error = std::current_exception(); }
  };

  Generator(Generator&& o) noexcept : h_(std::exchange(o.h_, nullptr)) {}
  Generator& operator=(Generator&& o) noexcept {
    std::swap(h_, o.h_);
    return *this;
  }
  ~Generator() { reset(); }
  // Ends the body where it stands (its destructors run), as JavaScript's return().
  void reset() {
    if (h_) {
      std::exchange(h_, nullptr).destroy();
    }
  }

  // The next value, or std::nullopt once the body has returned.
  std::optional<T> next() {
    if (!h_ || h_.done()) {
      return std::nullopt;
    }
    h_.promise().value.reset();
    h_.resume();
    if (h_.promise().error) {
      std::rethrow_exception(std::exchange(h_.promise().error, nullptr));
    }
    if (h_.done()) {
      return std::nullopt;
    }
    return std::move(h_.promise().value);
  }

  // Range-for support: for (auto& v : gen) { ... }.
  class iterator {
   public:
    explicit iterator(Generator* g) : g_(g) { advance(); }
    iterator() = default;
    T& operator*() { return *v_; }
    iterator& operator++() {
      advance();
      return *this;
    }
    bool operator==(std::default_sentinel_t) const { return !v_; }

   private:
    void advance() { v_ = g_->next(); }
    Generator* g_ = nullptr;
    std::optional<T> v_;
  };
  iterator begin() { return iterator(this); }
  std::default_sentinel_t end() { return {}; }

 private:
  explicit Generator(std::coroutine_handle<promise_type> h) : h_(h) {}
  std::coroutine_handle<promise_type> h_;
};

template <class T>
class AsyncGenerator {
 public:
  struct promise_type {
    std::optional<Resolve<std::optional<T>>> waiting;
    AsyncGenerator* owner = nullptr;
    bool suspended = true;  // at the start, a co_yield or the end: safe to destroy
    bool abandoned = false;
    bool done = false;

    ~promise_type() {
      if (owner != nullptr) {
        owner->h_ = nullptr;
      }
    }
    AsyncGenerator get_return_object() {
      return AsyncGenerator(std::coroutine_handle<promise_type>::from_promise(*this));
    }
    std::suspend_always initial_suspend() noexcept { return {}; }
    struct FinalAwaiter {
      bool await_ready() noexcept { return false; }
      void await_suspend(std::coroutine_handle<promise_type> h) noexcept {
        promise_type& p = h.promise();
        p.done = true;
        p.suspended = true;
        if (p.waiting) {
          auto w = std::move(*p.waiting);
          p.waiting.reset();
          w(std::optional<T>());
        }
        if (p.abandoned) {
          h.destroy();
        }
      }
      void await_resume() noexcept {}
    };
    FinalAwaiter final_suspend() noexcept { return {}; }
    struct YieldAwaiter {
      std::optional<T> value;
      bool await_ready() noexcept { return false; }
      void await_suspend(std::coroutine_handle<promise_type> h) {
        promise_type& p = h.promise();
        p.suspended = true;
        if (p.abandoned) {
          h.destroy();
          return;
        }
        auto w = std::move(*p.waiting);
        p.waiting.reset();
        w(std::move(value));
      }
      void await_resume() noexcept {}
    };
    template <class U>
    YieldAwaiter yield_value(U&& v) {
      return YieldAwaiter{std::optional<T>(std::forward<U>(v))};
    }
    void return_void() {}
    void unhandled_exception() {
      if (waiting) {
        auto w = std::move(*waiting);
        waiting.reset();
        w.reject(std::current_exception());
      }
    }
  };

  AsyncGenerator(AsyncGenerator&& o) noexcept : h_(std::exchange(o.h_, nullptr)) {
    if (h_) {
      h_.promise().owner = this;
    }
  }
  AsyncGenerator& operator=(AsyncGenerator&&) = delete;
  ~AsyncGenerator() { reset(); }

  // Resumes the body until it yields (the value), returns (std::nullopt) or throws (the
  // promise rejects).
  Promise<std::optional<T>> next() {
    if (!h_ || h_.promise().done) {
      return Promise<std::optional<T>>::resolve(std::optional<T>());
    }
    auto r = Promise<std::optional<T>>::withResolvers();
    h_.promise().waiting.emplace(r.resolve);
    h_.promise().suspended = false;
    h_.resume();
    return r.promise;
  }

  // Ends the body now (or at its next suspension if it is awaiting something).
  void reset() {
    if (!h_) {
      return;
    }
    auto h = std::exchange(h_, nullptr);
    h.promise().owner = nullptr;
    if (h.promise().suspended) {
      h.destroy();
    } else {
      h.promise().abandoned = true;
    }
  }

 private:
  explicit AsyncGenerator(std::coroutine_handle<promise_type> h) : h_(h) {
    h_.promise().owner = this;
  }
  std::coroutine_handle<promise_type> h_;
};

}  // namespace nodecc

// Generators start suspended, so a reference parameter dangles even sooner than a Promise
// coroutine's: the same check (detail/coroutine_params.h).
template <class T, class... Params>
struct std::coroutine_traits<nodecc::Generator<T>, Params...> {
  static_assert(nodecc::detail::kCoroutineParametersOk<Params...>);
  using promise_type = typename nodecc::Generator<T>::promise_type;
};
template <class T, class... Params>
struct std::coroutine_traits<nodecc::AsyncGenerator<T>, Params...> {
  static_assert(nodecc::detail::kCoroutineParametersOk<Params...>);
  using promise_type = typename nodecc::AsyncGenerator<T>::promise_type;
};
