#pragma once
// Promise's coroutine promise type and the out-of-line templates of nodecc/promise.h
// (then/catch_/finally, all/race/allSettled, adoption). Included at the end of promise.h.
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "nodecc/promise.h"

namespace nodecc {

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
template <class... U>
requires(sizeof...(U) > 0) Promise<detail::AllOf<U...>> Promise<T>::all(Promise<U>... promises) {
  using R = detail::AllOf<U...>;
  auto next = Promise<R>::withResolvers();
  struct Ctx {
    explicit Ctx(Resolve<R> r) : resolve(std::move(r)) {}
    Resolve<R> resolve;
    std::tuple<std::optional<detail::Stored<U>>...> slots;
    size_t left = sizeof...(U);
  };
  auto ctx = std::make_shared<Ctx>(next.resolve);
  auto each = [&ctx]<size_t I, class V>(Promise<V>& p) {
    detail::onSettled(p.state(), [ctx](detail::PromiseBase& src) {
      auto& st = static_cast<detail::PromiseState<V>&>(src);
      if (st.state == detail::PromiseBase::State::kRejected) {
        ctx->resolve.reject(st.error);
        return;
      }
      std::get<I>(ctx->slots) = *st.value;
      if (--ctx->left == 0) {
        ctx->resolve(std::apply([](auto&... slot) { return R{std::move(*slot)...}; }, ctx->slots));
      }
    });
  };
  [&]<size_t... I>(std::index_sequence<I...>) {
    (each.template operator()<I>(promises), ...);
  }
  (std::index_sequence_for<U...>{});
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
