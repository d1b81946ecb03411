#pragma once
// nodecc::UniqueFunction<R(Args...)>: a move-only callable. Callables up to 32 bytes (a lambda
// capturing up to four pointers) live inline, so queueing a nextTick or a coroutine resumption
// does not allocate. Unlike std::function it accepts move-only captures. With a void result,
// whatever the callable returns is discarded (an async lambda's Promise, say).
#include <cstddef>
#include <new>
#include <type_traits>
#include <utility>

namespace nodecc {

template <class Sig>
class UniqueFunction;

template <class R, class... Args>
class UniqueFunction<R(Args...)> {
 public:
  UniqueFunction() = default;
  UniqueFunction(std::nullptr_t) {}  // NOLINT

  template <class F, class D = std::decay_t<F>>
  requires(!std::is_same_v<D, UniqueFunction> && std::is_invocable_r_v<R, D&, Args...>)
      UniqueFunction(F&& f) {  // NOLINT: implicit like std::function
    construct<D>(std::forward<F>(f));
  }

  // Replaces the target with `f`, constructed in place (no intermediate UniqueFunction to move
  // from). If constructing it throws, this is left empty.
  template <class F, class D = std::decay_t<F>>
  requires(!std::is_same_v<D, UniqueFunction> &&
           std::is_invocable_r_v<R, D&, Args...>) void emplace(F&& f) {
    reset();
    construct<D>(std::forward<F>(f));
  }

  UniqueFunction(UniqueFunction&& o) noexcept : ops_(o.ops_) {
    if (ops_) {
      ops_->move(storage_, o.storage_);
      o.ops_ = nullptr;
    }
  }
  UniqueFunction& operator=(UniqueFunction&& o) noexcept {
    if (this != &o) {
      reset();
      ops_ = o.ops_;
      if (ops_) {
        ops_->move(storage_, o.storage_);
        o.ops_ = nullptr;
      }
    }
    return *this;
  }
  UniqueFunction& operator=(std::nullptr_t) {
    reset();
    return *this;
  }
  UniqueFunction(const UniqueFunction&) = delete;
  UniqueFunction& operator=(const UniqueFunction&) = delete;
  ~UniqueFunction() { reset(); }

  explicit operator bool() const { return ops_ != nullptr; }
  R operator()(Args... args) { return ops_->call(storage_, std::forward<Args>(args)...); }

  void reset() {
    if (ops_) {
      auto ops = ops_;
      ops_ = nullptr;
      ops->destroy(storage_);
    }
  }

 private:
  // ops_ is set only once the target exists: a throwing construction leaves this empty.
  template <class D, class F>
  void construct(F&& f) {
    if constexpr (kFitsInline<D>) {
      ::new (static_cast<void*>(storage_)) D(std::forward<F>(f));
      ops_ = &kInlineOps<D>;
    } else {
      *reinterpret_cast<D**>(storage_) = new D(std::forward<F>(f));
      ops_ = &kHeapOps<D>;
    }
  }

  static constexpr size_t kInline = 32;
  template <class D>
  static constexpr bool kFitsInline =
      sizeof(D) <= kInline &&
      alignof(D) <= alignof(std::max_align_t) && std::is_nothrow_move_constructible_v<D>;
  struct Ops {
    R (*call)(void*, Args&&...);
    void (*move)(void* dst, void* src);
    void (*destroy)(void*);
  };
  template <class D>
  static constexpr Ops kInlineOps = {[](void* s, Args&&... a) -> R {
                                       if constexpr (std::is_void_v<R>) {
                                         (*static_cast<D*>(s))(std::forward<Args>(a)...);
                                       } else {
                                         return (*static_cast<D*>(s))(std::forward<Args>(a)...);
                                       }
                                     },
                                     [](void* dst, void* src) {
                                       ::new (dst) D(std::move(*static_cast<D*>(src)));
                                       static_cast<D*>(src)->~D();
                                     },
                                     [](void* s) { static_cast<D*>(s)->~D(); }};
  template <class D>
  static constexpr Ops kHeapOps = {
      [](void* s, Args&&... a) -> R {
        if constexpr (std::is_void_v<R>) {
          (**static_cast<D**>(s))(std::forward<Args>(a)...);
        } else {
          return (**static_cast<D**>(s))(std::forward<Args>(a)...);
        }
      },
      [](void* dst, void* src) { *static_cast<D**>(dst) = *static_cast<D**>(src); },
      [](void* s) { delete *static_cast<D**>(s); }};

  alignas(std::max_align_t) unsigned char storage_[kInline];
  const Ops* ops_ = nullptr;
};

}  // namespace nodecc
