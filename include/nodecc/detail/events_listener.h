#pragma once
// EventEmitter's listener machinery (see nodecc/events.h): the type-erased listener, its pooled
// allocation and reference count, and the typed call that checks emit()'s argument types.
#include <cstddef>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <typeinfo>
#include <utility>

namespace nodecc {

namespace detail {

template <class T>
struct CallableTraits : CallableTraits<decltype(&T::operator())> {};
template <class R, class... A>
struct CallableTraits<R (*)(A...)> {
  using Args = std::tuple<A...>;
};
template <class R, class... A>
struct CallableTraits<R(A...)> : CallableTraits<R (*)(A...)> {};
template <class C, class R, class... A>
struct CallableTraits<R (C::*)(A...)> : CallableTraits<R (*)(A...)> {};
template <class C, class R, class... A>
struct CallableTraits<R (C::*)(A...) const> : CallableTraits<R (*)(A...)> {};
template <class C, class R, class... A>
struct CallableTraits<R (C::*)(A...) noexcept> : CallableTraits<R (*)(A...)> {};
template <class C, class R, class... A>
struct CallableTraits<R (C::*)(A...) const noexcept> : CallableTraits<R (*)(A...)> {};

// What emit() hands to every listener: pointers to the arguments and their decayed types.
struct EmitArgs {
  size_t count;
  void* const* values;
  const std::type_info* const* types;
};

class ListenerBase {
 public:
  virtual ~ListenerBase() = default;
  // Listener objects up to kPooledBytes come from a per-thread free list: a request's
  // listeners (req.on('data'), res.on('finish'), an upstream's 'response'...) are allocated and
  // freed for every request, and a recycled block costs a few instructions where malloc and
  // free cost ~100 (a proxied request registers 9).
  static constexpr size_t kPooledBytes = 64;
  static void* operator new(size_t size);
  static void operator delete(void* p, size_t size);
  virtual void call(std::string_view event, const EmitArgs& args) = 0;
  virtual bool sameFunction(const void* fn, const std::type_info& type) const = 0;
  bool once = false;
  bool fired = false;  // a once-listener that ran (a re-entered emit must not run it again)
  int refs = 0;
};

// Intrusive reference: listeners stay alive while an emit() that started with them runs.
class ListenerRef {
 public:
  ListenerRef() = default;
  explicit ListenerRef(ListenerBase* p) : p_(p) {
    if (p_) {
      ++p_->refs;
    }
  }
  ListenerRef(const ListenerRef& o) : ListenerRef(o.p_) {}
  ListenerRef(ListenerRef&& o) noexcept : p_(std::exchange(o.p_, nullptr)) {}
  ListenerRef& operator=(ListenerRef o) noexcept {
    std::swap(p_, o.p_);
    return *this;
  }
  ~ListenerRef() {
    if (p_ && --p_->refs == 0) {
      delete p_;
    }
  }
  ListenerBase* get() const { return p_; }
  ListenerBase* operator->() const { return p_; }

 private:
  ListenerBase* p_ = nullptr;
};

// Throws TypeError ERR_INVALID_ARG_TYPE naming the event, the argument, the type the listener
// declares and the type emit() passed (none: emit() passed fewer arguments).
[[noreturn]] void throwListenerTypeMismatch(std::string_view event, size_t index,
                                            const std::type_info* passed,
                                            const std::type_info& declared);

template <class F>
class Listener final : public ListenerBase {
 public:
  explicit Listener(F f) : fn_(std::move(f)) {}

  void call(std::string_view event, const EmitArgs& args) override {
    using Params = typename CallableTraits<F>::Args;
    callWith(event, args, std::make_index_sequence<std::tuple_size_v<Params>>{});
  }

  bool sameFunction(const void* fn, const std::type_info& type) const override {
    if (type != typeid(F)) {
      return false;
    }
    if constexpr (std::is_pointer_v<F>) {
      return fn_ == *static_cast<const F*>(fn);
    } else if constexpr (requires(const F& a) { bool(a == a); }) {
      // A function object that compares equal (a stream's pipe or finished() listener, one
      // per pipe) is removed only by an equal one, not by any object of its type.
      return fn_ == *static_cast<const F*>(fn);
    } else {
      return true;
    }
  }

 private:
  template <size_t... I>
  void callWith(std::string_view event, const EmitArgs& args, std::index_sequence<I...>) {
    using Params = typename CallableTraits<F>::Args;
    constexpr size_t n = sizeof...(I);
    if constexpr (n > 0) {
      if (args.count < n) {
        const std::type_info* declared[] = {
            &typeid(std::decay_t<std::tuple_element_t<I, Params>>)...};
        throwListenerTypeMismatch(event, args.count, nullptr, *declared[args.count]);
      }
    }
    (checkArg<std::decay_t<std::tuple_element_t<I, Params>>>(event, args, I), ...);
    fn_(*static_cast<std::decay_t<std::tuple_element_t<I, Params>>*>(args.values[I])...);
  }
  template <class P>
  static void checkArg(std::string_view event, const EmitArgs& args, size_t i) {
    if (*args.types[i] != typeid(P)) {
      throwListenerTypeMismatch(event, i, args.types[i], typeid(P));
    }
  }
  F fn_;
};

}  // namespace detail

}  // namespace nodecc
