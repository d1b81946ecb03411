#pragma once
// Promise's shared state, reactions and awaiter (see nodecc/promise.h): machinery only.
#include <array>
#include <coroutine>
#include <cstddef>
#include <exception>
#include <memory>
#include <optional>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "nodecc/function.h"

namespace nodecc {

template <class T>
class Promise;

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

// What `co_await promise` suspends on: always resumes in a microtask. On an rvalue
// (co_await f()) the value is moved out; on an lvalue it is copied when T is copyable.
template <class T>
struct PromiseAwaiter final : Reaction {
  PromiseAwaiter(Ref<PromiseState<T>> s, bool consume) : s(std::move(s)), consume(consume) {}
  bool await_ready() const noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) {
    handle = h;
    s->addReaction(this);
  }
  T await_resume() {
    if (s->state == PromiseBase::State::kRejected) {
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
  void run(PromiseBase&) override { handle.resume(); }
  void abandon() override { handle.destroy(); }

  Ref<PromiseState<T>> s;
  bool consume;
  std::coroutine_handle<> handle;
};

// What all(a, b, c) resolves to: std::array of one type's values, else a std::tuple.
template <class U, class... Rest>
struct AllOfImpl {
  using type = std::conditional_t<(std::is_same_v<U, Rest> && ...),
                                  std::array<Stored<U>, 1 + sizeof...(Rest)>,
                                  std::tuple<Stored<U>, Stored<Rest>...>>;
};
template <class... U>
using AllOf = typename AllOfImpl<U...>::type;

// all(a, b, c)'s list.
template <class U, class... Rest>
std::vector<Promise<U>> promiseList(Promise<U> first, Rest&&... rest) {
  std::vector<Promise<U>> list;
  list.reserve(1 + sizeof...(Rest));
  list.push_back(std::move(first));
  (list.push_back(std::forward<Rest>(rest)), ...);
  return list;
}

}  // namespace detail

}  // namespace nodecc
