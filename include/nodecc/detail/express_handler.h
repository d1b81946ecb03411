#pragma once
// Machinery of nodecc/express.h (included from it): the type erasure that turns a user's
// callable into a router layer's handler. Not part of the contract.
//
// A sync handler is called and its exception goes to next(err) (the router's try/catch); an
// async one (returning Promise<>) has its rejection sent to next(err) from a microtask, as
// the router's `ret.then(noop, next)`.
#include <exception>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>

namespace nodecc::express::detail {

class Handler {
 public:
  enum class Kind : uint8_t { kRequest, kError, kRouter, kApp };
  using RequestFn = UniqueFunction<void(Request&, Response&, Next&)>;
  using ErrorFn = UniqueFunction<void(const std::exception_ptr&, Request&, Response&, Next&)>;

  Handler(Kind kind, RequestFn request, ErrorFn error) noexcept
      : kind(kind), request(std::move(request)), error(std::move(error)) {}
  explicit Handler(std::shared_ptr<RouterImpl> router) noexcept
      : kind(Kind::kRouter), router(std::move(router)) {}
  explicit Handler(std::shared_ptr<AppImpl> app) noexcept : kind(Kind::kApp), app(std::move(app)) {}

  Kind kind;
  RequestFn request;
  ErrorFn error;
  std::shared_ptr<RouterImpl> router;
  std::shared_ptr<AppImpl> app;
};

// The reason of a rejected handler promise, as the router forwards it (a missing reason
// becomes Error("Rejected promise")).
void forwardRejection(const Next& next, const std::exception_ptr& reason);
// Calls `fn(error, ...)` with the error as a nodecc::Error (an Error is passed as the object
// thrown, so a handler may dynamic_cast it to HttpError).

// Runs call(); a Promise<> it returns has its rejection forwarded to next.
template <class Call>
void invokeHandler(Call&& call, Next& next) {
  using R = decltype(call());
  if constexpr (std::is_same_v<std::decay_t<R>, Promise<>>) {
    call().then([] {}, [next](std::exception_ptr e) { forwardRejection(next, e); });
  } else {
    call();
  }
}

template <class F>
Handler makeHandler(F&& f) {
  using D = std::decay_t<F>;
  if constexpr (std::is_same_v<D, Handler>) {
    return std::forward<F>(f);
  } else if constexpr (std::is_base_of_v<Application, D>) {
    return Handler(f.appImpl());
  } else if constexpr (std::is_base_of_v<Router, D>) {
    return Handler(f.impl());
  } else if constexpr (std::is_invocable_v<D&, Request&, Response&, Next&>) {
    return Handler(
        Handler::Kind::kRequest,
        [fn = D(std::forward<F>(f))](Request& req, Response& res, Next& next) mutable {
          invokeHandler([&] { return fn(req, res, next); }, next);
        },
        nullptr);
  } else if constexpr (std::is_invocable_v<D&, Request&, Response&>) {
    return Handler(
        Handler::Kind::kRequest,
        [fn = D(std::forward<F>(f))](Request& req, Response& res, Next& next) mutable {
          invokeHandler([&] { return fn(req, res); }, next);
        },
        nullptr);
  } else if constexpr (std::is_invocable_v<D&, std::exception_ptr, Request&, Response&, Next&>) {
    return Handler(Handler::Kind::kError, nullptr,
                   [fn = D(std::forward<F>(f))](const std::exception_ptr& err, Request& req,
                                                Response& res, Next& next) mutable {
                     invokeHandler([&] { return fn(err, req, res, next); }, next);
                   });
  } else {
    static_assert(std::is_invocable_v<D&, const Error&, Request&, Response&, Next&>,
                  "a handler takes (Request&, Response&[, Next]) or (const Error&, Request&, "
                  "Response&, Next)");
    return Handler(Handler::Kind::kError, nullptr,
                   [fn = std::make_shared<D>(std::forward<F>(f))](
                       const std::exception_ptr& err, Request& req, Response& res, Next& next) {
                     withError(err, next, [&](const Error& e) {
                       invokeHandler([&] { return (*fn)(e, req, res, next); }, next);
                     });
                   });
  }
}

// router.param(name, fn): fn(req, res, next, value[, name]).
using ParamHandler =
    UniqueFunction<void(Request&, Response&, Next&, const std::string& value, const std::string&)>;

template <class F>
ParamHandler makeParamHandler(F&& f) {
  using D = std::decay_t<F>;
  return [fn = D(std::forward<F>(f))](Request& req, Response& res, Next& next,
                                      const std::string& value, const std::string& name) mutable {
    if constexpr (std::is_invocable_v<D&, Request&, Response&, Next&, const std::string&,
                                      const std::string&>) {
      invokeHandler([&] { return fn(req, res, next, value, name); }, next);
    } else {
      invokeHandler([&] { return fn(req, res, next, value); }, next);
    }
  };
}

}  // namespace nodecc::express::detail
