#pragma once
// util::promisify and util::callbackify (see nodecc/util.h for the contract).
#include <exception>
#include <functional>
#include <memory>
#include <tuple>
#include <type_traits>
#include <utility>

#include "nodecc/error.h"
#include "nodecc/function.h"
#include "nodecc/process.h"
#include "nodecc/promise.h"

namespace nodecc::util {
namespace detail {

// The values an err-first callback type receives after its error.
template <class Cb>
struct CallbackTraits;
template <class E, class... V>
struct CallbackTraits<UniqueFunction<void(E*, V...)>> {
  using Values = std::tuple<std::decay_t<V>...>;
};
template <class E, class... V>
struct CallbackTraits<std::function<void(E*, V...)>> {
  using Values = std::tuple<std::decay_t<V>...>;
};
template <class E, class... V>
struct CallbackTraits<void (*)(E*, V...)> {
  using Values = std::tuple<std::decay_t<V>...>;
};

// What the promise of a callback with values V... resolves to: nothing, the value, or a tuple.
template <class Tuple>
struct PromisedValue;
template <>
struct PromisedValue<std::tuple<>> {
  using type = void;
};
template <class V>
struct PromisedValue<std::tuple<V>> {
  using type = V;
};
template <class V, class W, class... R>
struct PromisedValue<std::tuple<V, W, R...>> {
  using type = std::tuple<V, W, R...>;
};

template <class Sig>
struct Signature;
template <class R, class... A>
struct Signature<R(A...)> {
  using Args = std::tuple<A...>;
};
template <class R, class... A>
struct Signature<R (*)(A...)> : Signature<R(A...)> {};
template <class C, class R, class... A>
struct Signature<R (C::*)(A...)> : Signature<R(A...)> {};
template <class C, class R, class... A>
struct Signature<R (C::*)(A...) const> : Signature<R(A...)> {};

template <class F>
struct CallableSignature : Signature<decltype(&F::operator())> {};
template <class R, class... A>
struct CallableSignature<R (*)(A...)> : Signature<R(A...)> {};

template <class F, class Leading, class Cb>
class Promisified;

template <class F, class... Leading, class Cb>
class Promisified<F, std::tuple<Leading...>, Cb> {
 public:
  using Value = typename PromisedValue<typename CallbackTraits<Cb>::Values>::type;

  explicit Promisified(F f) : f_(std::move(f)) {}

  Promise<Value> operator()(Leading... args) const {
    // Not a structured binding: clang 14 cannot capture one.
    auto resolvers = Promise<Value>::withResolvers();
    Resolve<Value> resolve = resolvers.resolve;
    Reject<Value> reject = resolvers.reject;
    try {
      f_(std::forward<Leading>(args)..., Cb([resolve, reject](auto* err, auto&&... values) {
           if (err != nullptr) {
             reject(std::make_exception_ptr(*err));
           } else if constexpr (sizeof...(values) <= 1) {
             resolve(std::forward<decltype(values)>(values)...);
           } else {
             resolve(Value(std::forward<decltype(values)>(values)...));
           }
         }));
    } catch (...) {
      // As Node: the function runs in the promise's executor, so a throw rejects.
      reject(std::current_exception());
    }
    return resolvers.promise;
  }

 private:
  F f_;
};

template <class Tuple>
struct SplitLast;
template <class Last>
struct SplitLast<std::tuple<Last>> {
  using Leading = std::tuple<>;
  using Type = Last;
};
template <class First, class... Rest>
struct SplitLast<std::tuple<First, Rest...>> {
  using Leading =
      decltype(std::tuple_cat(std::declval<std::tuple<First>>(),
                              std::declval<typename SplitLast<std::tuple<Rest...>>::Leading>()));
  using Type = typename SplitLast<std::tuple<Rest...>>::Type;
};

template <class F, class Args>
auto makePromisified(F f) {
  using Split = SplitLast<Args>;
  using Cb = std::decay_t<typename Split::Type>;
  return Promisified<F, typename Split::Leading, Cb>(std::move(f));
}

}  // namespace detail

// util.promisify(original): a function taking original's arguments but its last (an
// err-first callback, void(Error*, V...)) and returning a Promise: rejected with the Error,
// or fulfilled with the value (nothing for void(Error*), a std::tuple for several values).
// Call it the way Node's is called:
//   auto readFile = util::promisify<void(std::string_view, fs::Callback<Buffer>)>(fs::readFile);
//   Buffer data = co_await readFile("a.txt");
// The signature picks one of an overloaded function's forms; a function pointer or a lambda
// with one operator() needs none: util::promisify(myFunction).
template <class Sig>
requires std::is_function_v<Sig>
auto promisify(Sig* f) {
  using Args = typename detail::Signature<Sig>::Args;
  return detail::makePromisified<Sig*, Args>(f);
}
template <class F>
requires std::is_class_v<F>
auto promisify(F f) {
  using Args = typename detail::CallableSignature<F>::Args;
  return detail::makePromisified<F, Args>(std::move(f));
}

// util.callbackify(original): original returns a Promise; the result takes original's
// arguments plus an err-first callback, called (in a nextTick, as Node) with nullptr and the
// value, or with the Error the promise was rejected with (toError of other exceptions).
template <class F>
auto callbackify(F original) {
  return [original = std::move(original)](auto&&... argsAndCallback) {
    auto all = std::forward_as_tuple(std::forward<decltype(argsAndCallback)>(argsAndCallback)...);
    constexpr size_t n = sizeof...(argsAndCallback);
    static_assert(n >= 1, "callbackify: the last argument is the callback");
    auto cb = std::make_shared<std::decay_t<std::tuple_element_t<n - 1, decltype(all)>>>(
        std::move(std::get<n - 1>(all)));
    auto promise = [&]<size_t... I>(std::index_sequence<I...>) {
      return original(std::get<I>(all)...);
    }
    (std::make_index_sequence<n - 1>());
    using P = decltype(promise);
    using T = typename P::value_type;
    using Cb = typename decltype(cb)::element_type;
    auto onRejected = [cb](std::exception_ptr e) {
      process::nextTick([cb, e] {
        Error err = toError(e);
        if constexpr (std::is_invocable_v<Cb&, Error*> || std::is_void_v<T>) {
          (*cb)(&err);
        } else {
          (*cb)(&err, T{});  // a C++ callback takes its value parameter even on failure
        }
      });
    };
    if constexpr (std::is_void_v<T>) {
      promise.then([cb] { process::nextTick([cb] { (*cb)(nullptr); }); }, onRejected);
    } else {
      promise.then(
          [cb](T& value) {
            process::nextTick(
                [cb, value = std::move(value)]() mutable { (*cb)(nullptr, std::move(value)); });
          },
          onRejected);
    }
  };
}

}  // namespace nodecc::util
