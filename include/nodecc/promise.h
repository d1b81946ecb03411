#pragma once
// nodecc::Promise<T>: Node's Promise as a C++20 coroutine type. `await` becomes `co_await`:
//
//   Promise<std::string> greet() {              // an "async function": starts at once
//     co_await timers::promises::setTimeout(10);
//     co_return "hello";
//   }
//   Promise<> main2() { auto s = co_await greet(); ... }
//
// Semantics follow JavaScript: a coroutine returning Promise<T> runs eagerly until its first
// co_await; `co_await p` always resumes in a microtask (so ordering against nextTick and other
// promises matches Node); an exception leaving the coroutine rejects its promise, and
// co_await on a rejected promise throws that exception. A rejected promise that nobody
// handles (no co_await, then or catch_ by the time the microtask queue drains) is reported
// like Node's 'unhandledRejection' (see nodecc/process.h). Task<T> is the same type.
//
// Ownership: a Promise is a cheap shared handle (copies refer to the same promise). A
// coroutine suspended on a promise is owned by that promise; if every way of settling a
// pending promise is gone (its resolvers, or the coroutine that would return it, destroyed),
// it can never settle, and the coroutines waiting on it are destroyed (their locals'
#include <array>
#include <concepts>
#include <exception>
#include <initializer_list>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "nodecc/detail/coroutine_params.h"
#include "nodecc/detail/promise_state.h"
#include "nodecc/error.h"
#include "nodecc/function.h"

namespace nodecc {

template <class T = void>
class Promise;
template <class T = void>
using Task = Promise<T>;
namespace detail {
template <class T>
struct CoroutinePromise;
}  // namespace detail

// The resolving half of a promise (Node's `resolve` function). Copyable; while any copy is
// alive the promise may still settle. Calls after the first settlement are ignored; a Promise
// argument is adopted (the promise settles as that one does).
template <class T = void>
class Resolve {
 public:
  explicit Resolve(detail::Ref<detail::PromiseState<T>> s) : s_(std::move(s)) { s_->addSettler(); }
  Resolve(const Resolve& o) : s_(o.s_) { s_->addSettler(); }
  Resolve& operator=(const Resolve&) = delete;
  ~Resolve() {
    if (s_) {
      s_->releaseSettler();
    }
  }
  Resolve(Resolve&& o) noexcept = default;

  template <class... V>
  void operator()(V&&... v) const {
    if constexpr (sizeof...(V) == 1 && (detail::IsPromise<std::decay_t<V>>::value && ...)) {
      adopt(std::forward<V>(v)...);
    } else {
      s_->fulfill(std::forward<V>(v)...);
    }
  }
  void reject(std::exception_ptr e) const { s_->reject(std::move(e)); }

 private:
  template <class U>
  friend class Promise;
  void adopt(const Promise<T>& other) const;
  void subscribe(const Promise<T>& other) const;
  detail::Ref<detail::PromiseState<T>> s_;
};

// The rejecting half (Node's `reject`): takes an exception_ptr or any std::exception.
template <class T = void>
class Reject {
 public:
  explicit Reject(Resolve<T> r) : r_(std::move(r)) {}
  void operator()(std::exception_ptr e) const { r_.reject(std::move(e)); }
  template <class E>
  requires std::derived_from<std::decay_t<E>, std::exception>
  void operator()(E&& e) const { r_.reject(std::make_exception_ptr(std::forward<E>(e))); }

 private:
  Resolve<T> r_;
};

// Promise.allSettled's element.
template <class T>
struct Settled {
  std::string status;  // "fulfilled" or "rejected"
  std::optional<detail::Stored<T>> value;
  std::exception_ptr reason;
};

template <class T>
class Promise {
 public:
  using value_type = T;
  using promise_type = detail::CoroutinePromise<T>;

  // An empty handle (no promise); valid() is false. Assign a real promise before use.
  Promise() = default;
  explicit Promise(detail::Ref<detail::PromiseState<T>> s) : s_(std::move(s)) {}

  // new Promise((resolve, reject) => ...): runs the executor now; an exception it throws
  // rejects the promise.
  template <class Ex>
  requires std::is_invocable_v<Ex&, Resolve<T>, Reject<T>>
  explicit Promise(Ex&& executor) : s_(new detail::PromiseState<T>) {
    Resolve<T> resolve(s_);
    try {
      executor(resolve, Reject<T>(resolve));
    } catch (...) {
      resolve.reject(std::current_exception());
    }
  }

  // Promise.resolve(v) / Promise.reject(e): an already settled promise.
  template <class... V>
  static Promise resolve(V&&... v) {
    Promise p(detail::Ref<detail::PromiseState<T>>(new detail::PromiseState<T>));
    p.s_->fulfill(std::forward<V>(v)...);
    return p;
  }
  static Promise reject(std::exception_ptr e) {
    Promise p(detail::Ref<detail::PromiseState<T>>(new detail::PromiseState<T>));
    p.s_->reject(std::move(e));
    return p;
  }
  template <class E>
  requires std::derived_from<std::decay_t<E>, std::exception>
  static Promise reject(E&& e) { return reject(std::make_exception_ptr(std::forward<E>(e))); }

  struct WithResolvers {
    Promise promise;
    Resolve<T> resolve;
    Reject<T> reject;
  };
  // Promise.withResolvers().
  static WithResolvers withResolvers() {
    Promise p(detail::Ref<detail::PromiseState<T>>(new detail::PromiseState<T>));
    Resolve<T> r(p.s_);
    return WithResolvers{p, r, Reject<T>(r)};
  }

  // then(onFulfilled): onFulfilled receives T& (nothing for Promise<void>) and may return a
  // value, nothing, or a Promise (adopted). Rejections pass through to the result.
  template <class F>
  auto then(F&& onFulfilled) const {
    return thenImpl(std::forward<F>(onFulfilled), nullptr);
  }
  // then(onFulfilled, onRejected): onRejected receives std::exception_ptr and returns what
  // onFulfilled returns.
  template <class F, class G>
  auto then(F&& onFulfilled, G&& onRejected) const {
    return thenImpl(std::forward<F>(onFulfilled), std::forward<G>(onRejected));
  }
  // .catch(onRejected) (`catch` is a C++ keyword): onRejected(std::exception_ptr) returns T
  // (nothing for void) or Promise<T>.
  template <class G>
  Promise<T> catch_(G&& onRejected) const;
  // .finally(fn): fn() runs either way; the result settles as this promise did.
  template <class F>
  Promise<T> finally(F&& fn) const;

  bool valid() const { return bool(s_); }
  bool isPending() const { return s_->state == detail::PromiseBase::State::kPending; }
  bool isFulfilled() const { return s_->state == detail::PromiseBase::State::kFulfilled; }
  bool isRejected() const { return s_->state == detail::PromiseBase::State::kRejected; }

  // Promise.all / race / allSettled over promises of one type U, given as a vector, as
  // arguments (`all(a, b, c)`) or as a braced list (`all({a, b})`). The result does not
  // depend on T: write Promise<>::all(...). Inside a co_await operand GCC 12 cannot compile a
  // braced list (nor a vector built from one): write `co_await Promise<>::all(a, b)` there.
  // all() of arguments resolves to a fixed-size value, so that JavaScript's
  // `const [a, b] = await Promise.all([pa, pb])` is `auto [a, b] = co_await all(pa, pb)`: a
  // std::array when the promises have one type, a std::tuple when their types differ.
  template <class U>
  static Promise<std::vector<detail::Stored<U>>> all(std::vector<Promise<U>> promises);
  template <class U>
  static Promise<U> race(std::vector<Promise<U>> promises);
  template <class U>
  static Promise<std::vector<Settled<U>>> allSettled(std::vector<Promise<U>> promises);

  template <class... U>
  requires(sizeof...(U) > 0) static Promise<detail::AllOf<U...>> all(Promise<U>... promises);
  template <class U, class... Rest>
  requires(std::same_as<std::decay_t<Rest>, Promise<U>>&&...) static Promise<U> race(
      Promise<U> first, Rest&&... rest) {
    return race(detail::promiseList(std::move(first), std::forward<Rest>(rest)...));
  }
  template <class U, class... Rest>
  requires(std::same_as<std::decay_t<Rest>, Promise<U>>&&...) static Promise<
      std::vector<Settled<U>>> allSettled(Promise<U> first, Rest&&... rest) {
    return allSettled(detail::promiseList(std::move(first), std::forward<Rest>(rest)...));
  }

  template <class U>
  static Promise<std::vector<detail::Stored<U>>> all(std::initializer_list<Promise<U>> list) {
    return all(std::vector<Promise<U>>(list));
  }
  template <class U>
  static Promise<U> race(std::initializer_list<Promise<U>> list) {
    return race(std::vector<Promise<U>>(list));
  }
  template <class U>
  static Promise<std::vector<Settled<U>>> allSettled(std::initializer_list<Promise<U>> list) {
    return allSettled(std::vector<Promise<U>>(list));
  }

  // co_await: always resumes in a microtask. On an rvalue (co_await f()) the value is moved
  // out; on an lvalue it is copied when T is copyable.
  detail::PromiseAwaiter<T> operator co_await() const& { return {s_, false}; }
  detail::PromiseAwaiter<T> operator co_await() && { return {std::move(s_), true}; }

  // The shared state (for nodecc's own combinators).
  detail::PromiseState<T>& state() const { return *s_; }

 private:
  template <class F, class G>
  auto thenImpl(F&& onFulfilled, G&& onRejected) const;

  detail::Ref<detail::PromiseState<T>> s_;
};

}  // namespace nodecc

// A coroutine returning a Promise has its parameters checked (detail/coroutine_params.h).
template <class T, class... Params>
struct std::coroutine_traits<nodecc::Promise<T>, Params...> {
  static_assert(nodecc::detail::kCoroutineParametersOk<Params...>);
  using promise_type = nodecc::detail::CoroutinePromise<T>;
};

#include "nodecc/detail/promise_impl.h"  // IWYU pragma: export
