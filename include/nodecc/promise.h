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
// destructors run) instead of leaking. Loop thread only.
#include <coroutine>
#include <cstddef>
#include <exception>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "nodecc/error.h"
#include "nodecc/function.h"

namespace nodecc {

template <class T = void>
class Promise;
template <class T = void>
using Task = Promise<T>;

namespace detail {

void enqueueMicrotask(UniqueFunction<void()> task);

template <class T>
using Stored = std::conditional_t<std::is_void_v<T>, std::monostate, T>;

struct PromiseBase;

// Something waiting for a promise: a suspended coroutine or a then/all/race callback.
struct Reaction {
  virtual ~Reaction() = default;
  // The source settled; called from a microtask. Frees or resumes itself.
  virtual void run(PromiseBase& source) = 0;
  // The source can never settle. Frees itself (a coroutine is destroyed).
  virtual void abandon() = 0;
  Reaction* next = nullptr;
};

struct PromiseBase {
  enum class State : unsigned char { kPending, kFulfilled, kRejected };
  PromiseBase() = default;
  PromiseBase(const PromiseBase&) = delete;
  PromiseBase& operator=(const PromiseBase&) = delete;
  virtual ~PromiseBase() = default;

  void addRef() { ++refs; }
  void release() {
    if (--refs == 0) {
      delete this;
    }
  }
  void addSettler() { ++settlers; }
  void releaseSettler();
  void addReaction(Reaction* r);
  void reject(std::exception_ptr e);
  void markSettled();  // schedules the reactions; called once state is set

  State state = State::kPending;
  bool handled = false;  // a reaction was ever attached
  bool tracked = false;  // in the unhandled-rejection list
  int refs = 0;
  int settlers = 0;
  std::exception_ptr error;
  Reaction* head = nullptr;
  Reaction* tail = nullptr;
};

template <class S>
class Ref {
 public:
  Ref() = default;
  explicit Ref(S* p) : p_(p) {
    if (p_) {
      p_->addRef();
    }
  }
  Ref(const Ref& o) : Ref(o.p_) {}
  Ref(Ref&& o) noexcept : p_(std::exchange(o.p_, nullptr)) {}
  Ref& operator=(Ref o) noexcept {
    std::swap(p_, o.p_);
    return *this;
  }
  ~Ref() {
    if (p_) {
      p_->release();
    }
  }
  S* get() const { return p_; }
  S* operator->() const { return p_; }
  S& operator*() const { return *p_; }
  explicit operator bool() const { return p_ != nullptr; }

 private:
  S* p_ = nullptr;
};

template <class T>
struct PromiseState final : PromiseBase {
  template <class... V>
  void fulfill(V&&... v) {
    if (state != State::kPending) {
      return;
    }
    value.emplace(std::forward<V>(v)...);
    state = State::kFulfilled;
    markSettled();
  }
  std::optional<Stored<T>> value;
};

template <class F>
struct CallbackReaction final : Reaction {
  explicit CallbackReaction(F f) : fn(std::move(f)) {}
  void run(PromiseBase& source) override {
    std::unique_ptr<CallbackReaction> self(this);
    fn(source);
  }
  void abandon() override { delete this; }
  F fn;
};

// Calls fn(PromiseBase&) in a microtask once `s` settles.
template <class F>
void onSettled(PromiseBase& s, F&& fn) {
  s.addReaction(new CallbackReaction<std::decay_t<F>>(std::forward<F>(fn)));
}

template <class T>
struct IsPromise : std::false_type {};
template <class T>
struct IsPromise<Promise<T>> : std::true_type {
  using Value = T;
};

}  // namespace detail

// The resolving half of a promise (Node's `resolve` function). Copyable; while any copy is
// alive the promise may still settle. Calls after the first settlement are ignored.
template <class T>
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

// The rejecting half (Node's `reject`).
template <class T>
class Reject {
 public:
  explicit Reject(Resolve<T> r) : r_(std::move(r)) {}
  void operator()(std::exception_ptr e) const { r_.reject(std::move(e)); }
  template <class E, class = std::enable_if_t<std::is_base_of_v<std::exception, std::decay_t<E>>>>
  void operator()(E&& e) const {
    r_.reject(std::make_exception_ptr(std::forward<E>(e)));
  }

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

namespace detail {
template <class T>
struct CoroutinePromise;
}

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
  template <class Ex, class = std::enable_if_t<std::is_invocable_v<Ex&, Resolve<T>, Reject<T>>>>
  explicit Promise(Ex&& executor) : s_(new detail::PromiseState<T>) {
    Resolve<T> resolve(s_);
    try {
      executor(resolve, Reject<T>(resolve));
    } catch (...) {
      resolve.reject(std::current_exception());
    }
  }

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
  template <class E, class = std::enable_if_t<std::is_base_of_v<std::exception, std::decay_t<E>>>>
  static Promise reject(E&& e) {
    return reject(std::make_exception_ptr(std::forward<E>(e)));
  }

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

  // Promise.all / race / allSettled over promises of one type (a vector or a braced list).
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
  template <class U>
  static Promise<std::vector<detail::Stored<U>>> all(std::vector<Promise<U>> promises);
  template <class U>
  static Promise<U> race(std::vector<Promise<U>> promises);
  template <class U>
  static Promise<std::vector<Settled<U>>> allSettled(std::vector<Promise<U>> promises);

  // co_await: always resumes in a microtask. On an rvalue (co_await f()) the value is moved
  // out; on an lvalue it is copied when T is copyable.
  struct Awaiter final : detail::Reaction {
    Awaiter(detail::Ref<detail::PromiseState<T>> s, bool consume)
        : s(std::move(s)), consume(consume) {}
    bool await_ready() const noexcept { return false; }
    void await_suspend(std::coroutine_handle<> h) {
      handle = h;
      s->addReaction(this);
    }
    T await_resume() {
      if (s->state == detail::PromiseBase::State::kRejected) {
        std::rethrow_exception(s->error);
      }
      if constexpr (!std::is_void_v<T>) {
        if constexpr (!std::is_copy_constructible_v<T>) {
          return std::move(*s->value);  // move-only values can only be taken
        } else if (consume) {
          return std::move(*s->value);
        } else {
          return *s->value;
        }
      }
    }
    void run(detail::PromiseBase&) override { handle.resume(); }
    void abandon() override { handle.destroy(); }

    detail::Ref<detail::PromiseState<T>> s;
    bool consume;
    std::coroutine_handle<> handle;
  };
  Awaiter operator co_await() const& { return Awaiter(s_, false); }
  Awaiter operator co_await() && { return Awaiter(std::move(s_), true); }

  detail::PromiseState<T>& state() const { return *s_; }

 private:
  template <class F, class G>
  auto thenImpl(F&& onFulfilled, G&& onRejected) const;

  detail::Ref<detail::PromiseState<T>> s_;
};

namespace detail {

template <class T>
struct CoroutinePromiseBase {
  CoroutinePromiseBase() : s(new PromiseState<T>) { s->addSettler(); }
  ~CoroutinePromiseBase() { s->releaseSettler(); }
  Promise<T> get_return_object() { return Promise<T>(s); }
  std::suspend_never initial_suspend() noexcept { return {}; }
  // The frame goes away at once; the result lives in the shared state.
  std::suspend_never final_suspend() noexcept { return {}; }
  void unhandled_exception() { s->reject(std::current_exception()); }
  Ref<PromiseState<T>> s;
};

template <class T>
struct CoroutinePromise : CoroutinePromiseBase<T> {
  template <class V>
  void return_value(V&& v) {
    if constexpr (IsPromise<std::decay_t<V>>::value) {
      Resolve<T>(this->s)(std::forward<V>(v));  // co_return of a promise adopts it
    } else {
      this->s->fulfill(std::forward<V>(v));
    }
  }
};

template <>
struct CoroutinePromise<void> : CoroutinePromiseBase<void> {
  void return_void() { this->s->fulfill(); }
};

// Settles `r` from a finished callback result of type R (a value, void, or a Promise).
template <class U, class Fn>
void settleWith(const Resolve<U>& r, Fn&& fn) {
  using R = std::invoke_result_t<Fn&>;
  try {
    if constexpr (std::is_void_v<R>) {
      fn();
      r();
    } else {
      r(fn());
    }
  } catch (...) {
    r.reject(std::current_exception());
  }
}

template <class T, class F>
struct ThenResult {
  using type = std::invoke_result_t<F&, Stored<T>&>;
};
template <class F>
struct ThenResult<void, F> {
  using type = std::invoke_result_t<F&>;
};
template <class R>
struct ThenValueOf {
  using type = R;
};
template <class R>
struct ThenValueOf<Promise<R>> {
  using type = R;
};

}  // namespace detail

template <class T>
void Resolve<T>::adopt(const Promise<T>& other) const {
  // As NewPromiseResolveThenableJob: a job first, which then subscribes to `other` (one
  // microtask more than subscribing now), so adoption takes as many steps as in JavaScript.
  detail::enqueueMicrotask([self = *this, other]() { self.subscribe(other); });
}

template <class T>
void Resolve<T>::subscribe(const Promise<T>& other) const {
  Resolve<T> self = *this;
  detail::onSettled(other.state(), [self](detail::PromiseBase& src) {
    auto& st = static_cast<detail::PromiseState<T>&>(src);
    if (st.state == detail::PromiseBase::State::kRejected) {
      self.reject(st.error);
    } else if constexpr (std::is_void_v<T>) {
      self();
    } else {
      self(*st.value);
    }
  });
}

template <class T>
template <class F, class G>
auto Promise<T>::thenImpl(F&& onFulfilled, G&& onRejected) const {
  using R = typename detail::ThenResult<T, std::decay_t<F>>::type;
  using U = typename detail::ThenValueOf<R>::type;
  auto next = Promise<U>::withResolvers();
  detail::onSettled(*s_, [f = std::forward<F>(onFulfilled), g = std::forward<G>(onRejected),
                          r = next.resolve](detail::PromiseBase& src) mutable {
    auto& st = static_cast<detail::PromiseState<T>&>(src);
    if (st.state == detail::PromiseBase::State::kRejected) {
      if constexpr (std::is_null_pointer_v<std::decay_t<G>>) {
        r.reject(st.error);
      } else {
        detail::settleWith(r, [&] { return g(st.error); });
      }
      return;
    }
    if constexpr (std::is_void_v<T>) {
      detail::settleWith(r, [&] { return f(); });
    } else {
      detail::settleWith(r, [&] { return f(*st.value); });
    }
  });
  return next.promise;
}

template <class T>
template <class G>
Promise<T> Promise<T>::catch_(G&& onRejected) const {
  auto next = Promise<T>::withResolvers();
  detail::onSettled(
      *s_, [g = std::forward<G>(onRejected), r = next.resolve](detail::PromiseBase& src) mutable {
        auto& st = static_cast<detail::PromiseState<T>&>(src);
        if (st.state == detail::PromiseBase::State::kRejected) {
          detail::settleWith(r, [&] { return g(st.error); });
        } else if constexpr (std::is_void_v<T>) {
          r();
        } else {
          r(*st.value);
        }
      });
  return next.promise;
}

template <class T>
template <class F>
Promise<T> Promise<T>::finally(F&& fn) const {
  // As the specification: then(v => Promise.resolve(f()).then(() => v),
  //                            e => Promise.resolve(f()).then(() => { throw e; })),
  // which fixes how many microtasks a finally takes.
  auto f = std::make_shared<std::decay_t<F>>(std::forward<F>(fn));
  if constexpr (std::is_void_v<T>) {
    return then([f]() { return Promise<void>::resolve().then([f] { (*f)(); }); },
                [f](std::exception_ptr e) {
                  return Promise<void>::resolve().then([f, e] {
                    (*f)();
                    std::rethrow_exception(e);
                  });
                });
  } else {
    return then(
        [f](T& v) {
          (*f)();
          return Promise<void>::resolve().then([v]() -> T { return v; });
        },
        [f](std::exception_ptr e) {
          (*f)();
          return Promise<void>::resolve().then([e]() -> T { std::rethrow_exception(e); });
        });
  }
}

template <class T>
template <class U>
Promise<std::vector<detail::Stored<U>>> Promise<T>::all(std::vector<Promise<U>> promises) {
  using V = detail::Stored<U>;
  auto next = Promise<std::vector<V>>::withResolvers();
  if (promises.empty()) {
    next.resolve(std::vector<V>{});
    return next.promise;
  }
  struct Ctx {
    explicit Ctx(Resolve<std::vector<V>> r, size_t n) : resolve(std::move(r)), slots(n), left(n) {}
    Resolve<std::vector<V>> resolve;
    std::vector<std::optional<V>> slots;
    size_t left;
  };
  auto ctx = std::make_shared<Ctx>(next.resolve, promises.size());
  for (size_t i = 0; i < promises.size(); ++i) {
    detail::onSettled(promises[i].state(), [ctx, i](detail::PromiseBase& src) {
      auto& st = static_cast<detail::PromiseState<U>&>(src);
      if (st.state == detail::PromiseBase::State::kRejected) {
        ctx->resolve.reject(st.error);
        return;
      }
      ctx->slots[i] = *st.value;
      if (--ctx->left == 0) {
        std::vector<V> out;
        out.reserve(ctx->slots.size());
        for (auto& s : ctx->slots) {
          out.push_back(std::move(*s));
        }
        ctx->resolve(std::move(out));
      }
    });
  }
  return next.promise;
}

template <class T>
template <class U>
Promise<U> Promise<T>::race(std::vector<Promise<U>> promises) {
  auto next = Promise<U>::withResolvers();
  for (auto& p : promises) {
    // p.then(resolve, reject): the first to settle wins; later settlements are ignored.
    next.resolve.subscribe(p);
  }
  return next.promise;
}

template <class T>
template <class U>
Promise<std::vector<Settled<U>>> Promise<T>::allSettled(std::vector<Promise<U>> promises) {
  auto next = Promise<std::vector<Settled<U>>>::withResolvers();
  if (promises.empty()) {
    next.resolve(std::vector<Settled<U>>{});
    return next.promise;
  }
  struct Ctx {
    explicit Ctx(Resolve<std::vector<Settled<U>>> r, size_t n)
        : resolve(std::move(r)), out(n), left(n) {}
    Resolve<std::vector<Settled<U>>> resolve;
    std::vector<Settled<U>> out;
    size_t left;
  };
  auto ctx = std::make_shared<Ctx>(next.resolve, promises.size());
  for (size_t i = 0; i < promises.size(); ++i) {
    detail::onSettled(promises[i].state(), [ctx, i](detail::PromiseBase& src) {
      auto& st = static_cast<detail::PromiseState<U>&>(src);
      Settled<U>& slot = ctx->out[i];
      if (st.state == detail::PromiseBase::State::kRejected) {
        slot.status = "rejected";
        slot.reason = st.error;
      } else {
        slot.status = "fulfilled";
        slot.value = *st.value;
      }
      if (--ctx->left == 0) {
        ctx->resolve(std::move(ctx->out));
      }
    });
  }
  return next.promise;
}

}  // namespace nodecc
