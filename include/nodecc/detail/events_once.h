#pragma once
// events::once and events::on (Node's events.once / events.on): an emitter's events as a
// promise or an async iterator; and events::addAbortListener.
//
//   int n = co_await events::once<int>(emitter, "data");          // await once(e, 'data')
//   auto [a, b] = co_await events::once<int, std::string>(e, "pair");
//   co_await events::once(server, "listening");                    // the arguments ignored
//
//   auto it = events::on<std::string>(rl, "line", {ac.signal, {"close"}});
//   while (auto line = co_await it.next()) { use(*line); }        // for await (... of on())
//
// The value: Node resolves with the array of emitted arguments; here the template arguments
// name their types (the listener rule of nodecc/events.h: the emitted types after decay, a
// prefix of them allowed): none -> void (once) or std::tuple<> (on), one type -> that value,
// several -> a std::tuple. A type that differs from what emit() passed makes that emit() throw
// TypeError ERR_INVALID_ARG_TYPE naming both types, as for any listener.
//
// As Node: once() rejects with the error if 'error' is emitted first (unless the event is
// 'error' itself); on() queues the events nobody awaits yet, and its next() rejects with an
// 'error' (after the queued events) and then reports the end. With {signal}, aborting rejects
// (once) or ends the iteration with an AbortError (code ABORT_ERR, "The operation was
// aborted"); an already aborted signal rejects once() and makes on() throw at once. Every
// listener that once()/on() added (the event's, 'error''s, the signal's) is removed when the
// promise settles, when the iteration ends or when the iterator is destroyed (a `break`).
//
// Lifetime: the emitter may be destroyed first; a pending once() then settles only by its
// signal (without one it never settles and its awaiting coroutine is destroyed, see
// nodecc/promise.h). Loop thread only.
#include <cstdint>
#include <deque>
#include <exception>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <typeinfo>
#include <utility>
#include <vector>

#include "nodecc/abort.h"
#include "nodecc/detail/events_listener.h"
#include "nodecc/promise.h"

namespace nodecc {

namespace detail {

// The emitter's listener list, for events::once / events::on.
struct EventsAccess {
  static void add(EventEmitter& e, std::string_view event, ListenerBase* l);
  static void erase(EventEmitter& e, std::string_view event, ListenerBase* l);
  static EmitterRef weakRef(const EventEmitter& e);
};

}  // namespace detail

namespace events {

using nodecc::EventEmitter;

// The options objects have constructors (they are not aggregates): GCC 12 miscompiles an
// aggregate temporary in a co_await operand (see docs/guide.md), and these are meant to be
// written there: `co_await events::once(e, "data", {ac.signal})` as Node's `{signal}`.

// events.once(emitter, name, {signal}).
struct OnceOptions {
  OnceOptions() {}                                                // NOLINT: user-provided
  OnceOptions(AbortSignal signal) : signal(std::move(signal)) {}  // NOLINT: implicit, as {signal}
  AbortSignal signal;
};

// events.on(emitter, name, {signal, close}).
struct OnOptions {
  OnOptions() {}                                                // NOLINT: user-provided
  OnOptions(AbortSignal signal) : signal(std::move(signal)) {}  // NOLINT: implicit, as {signal}
  OnOptions(AbortSignal signal, std::vector<std::string> close)
      : signal(std::move(signal)), close(std::move(close)) {}
  AbortSignal signal;
  // Events that end the iteration (after the events queued before them), e.g. {"close"} or
  // {"end"} (Node 20's `close` option).
  std::vector<std::string> close;
};

namespace detail {

using nodecc::detail::EmitArgs;
using nodecc::detail::EmitterRef;
using nodecc::detail::ListenerBase;

// The value of an event with arguments A...: see the header comment.
template <class... A>
struct EventValueOf {
  using type = std::tuple<A...>;
};
template <class A>
struct EventValueOf<A> {
  using type = A;
};

// What 'error' was emitted with, as an exception: an Error (or TypeError, RangeError,
// SyntaxError, AbortError) or an exception_ptr as it is; no argument or another type becomes
// Error ERR_UNHANDLED_ERROR "Unhandled error." (as emit() with no listener throws).
std::exception_ptr errorFromArgs(const EmitArgs& args);

// The listeners once()/on() registered and the signal listener, removed together. Each
// listener holds its Waiter; the Waiter knows them only by pointer, cleared by the listener's
// destructor (when the emitter dropped it), and reaches the emitter through a weak
// reference: it never touches a destroyed emitter or listener.
class Waiter : public std::enable_shared_from_this<Waiter> {
 public:
  virtual ~Waiter();
  virtual void onError(std::exception_ptr e) = 0;
  virtual void onAbort() = 0;
  virtual void onClose() {}

  // Registers `value` (already created for this waiter) under `event`, an 'error' listener
  // unless `event` is 'error', one listener per name of `close`, and an abort listener.
  void attach(EventEmitter& emitter, std::string_view event, ListenerBase* value, bool once,
              const AbortSignal& signal, const std::vector<std::string>& close);
  // Removes everything attach() added that is still there.
  void detach();
  // A listener's destructor: it is gone, never remove it.
  void forget(size_t slot) { slots_[slot].listener = nullptr; }
  // What onAbort rejects with: AbortError, the signal's reason as its cause (Node's
  // `new AbortError(undefined, {cause: signal.reason})`).
  AbortError abortError() const { return AbortError(signal_.reason()); }

 private:
  struct Slot {
    std::string event;
    ListenerBase* listener;
  };
  void add(EventEmitter& emitter, std::string_view event, ListenerBase* l, bool once);

  EmitterRef emitter_;
  std::vector<Slot> slots_;
  AbortSignal signal_;
  uint64_t abortId_ = 0;
};

// Listeners once()/on() add: each clears its slot in the Waiter when the emitter drops it.
class WaiterListener : public ListenerBase {
 public:
  WaiterListener(std::shared_ptr<Waiter> w, size_t slot) : w_(std::move(w)), slot_(slot) {}
  ~WaiterListener() override { w_->forget(slot_); }
  bool sameFunction(const void*, const std::type_info&) const override { return false; }

 protected:
  std::shared_ptr<Waiter> w_;
  size_t slot_;
};

class ErrorListener final : public WaiterListener {
 public:
  using WaiterListener::WaiterListener;
  void call(std::string_view, const EmitArgs& args) override { w_->onError(errorFromArgs(args)); }
};

class CloseListener final : public WaiterListener {
 public:
  using WaiterListener::WaiterListener;
  void call(std::string_view, const EmitArgs&) override { w_->onClose(); }
};

// The event's listener: checks the emitted types as a listener declaring A... would, then
// hands the values to State::onValue.
template <class State, class... A>
class ValueListener final : public WaiterListener {
 public:
  explicit ValueListener(std::shared_ptr<State> s) : WaiterListener(s, 0), s_(s.get()) {}
  void call(std::string_view event, const EmitArgs& args) override {
    callWith(event, args, std::index_sequence_for<A...>{});
  }

 private:
  template <size_t... I>
  void callWith(std::string_view event, const EmitArgs& args, std::index_sequence<I...>) {
    if constexpr (sizeof...(A) > 0) {
      if (args.count < sizeof...(A)) {
        const std::type_info* declared[] = {&typeid(A)...};
        nodecc::detail::throwListenerTypeMismatch(event, args.count, nullptr,
                                                  *declared[args.count]);
      }
      ((*args.types[I] != typeid(A)
            ? nodecc::detail::throwListenerTypeMismatch(event, I, args.types[I], typeid(A))
            : void()),
       ...);
    }
    s_->onValue(*static_cast<A*>(args.values[I])...);
  }
  State* s_;  // w_ keeps it alive
};

// The value of one event, from its arguments.
template <class T, class... V>
T makeEventValue(const V&... v) {
  if constexpr (sizeof...(V) == 1) {
    return T(v...);
  } else {
    return T(std::tuple<V...>(v...));
  }
}

template <class R>
class OnceState final : public Waiter {
 public:
  explicit OnceState(Resolve<R> r) : resolve_(std::move(r)) {}
  template <class... V>
  void onValue(const V&... v) {
    detach();
    if constexpr (std::is_void_v<R>) {
      resolve_();
    } else {
      resolve_(makeEventValue<R>(v...));
    }
  }
  void onError(std::exception_ptr e) override {
    detach();
    resolve_.reject(std::move(e));
  }
  void onAbort() override { onError(std::make_exception_ptr(abortError())); }

 private:
  Resolve<R> resolve_;
};

template <class T>
class OnState final : public Waiter {
 public:
  template <class... V>
  void onValue(const V&... v) {
    T value = makeEventValue<T>(v...);
    if (!waiting_.empty()) {
      auto r = std::move(waiting_.front());
      waiting_.pop_front();
      r(std::optional<T>(std::move(value)));
    } else {
      queue_.push_back(std::move(value));
    }
  }
  // Node's errorHandler: the first waiting next() rejects, else the next next() after the
  // queued events; then the iteration ends.
  void onError(std::exception_ptr e) override {
    if (!waiting_.empty()) {
      auto r = std::move(waiting_.front());
      waiting_.pop_front();
      r.reject(std::move(e));
    } else {
      error_ = std::move(e);
    }
    finish();
  }
  void onAbort() override { onError(std::make_exception_ptr(abortError())); }
  void onClose() override { finish(); }

  // iterator.return(): listeners removed, waiting next() calls resolved with the end.
  void finish() {
    auto keep = shared_from_this();
    finished_ = true;
    detach();
    while (!waiting_.empty()) {
      auto r = std::move(waiting_.front());
      waiting_.pop_front();
      r(std::optional<T>());
    }
  }

  Promise<std::optional<T>> next() {
    if (!queue_.empty()) {
      auto p = Promise<std::optional<T>>::resolve(std::optional<T>(std::move(queue_.front())));
      queue_.pop_front();
      return p;
    }
    if (error_) {
      return Promise<std::optional<T>>::reject(std::exchange(error_, nullptr));
    }
    if (finished_) {
      return Promise<std::optional<T>>::resolve(std::optional<T>());
    }
    auto r = Promise<std::optional<T>>::withResolvers();
    waiting_.push_back(r.resolve);
    return r.promise;
  }
  bool finished() const { return finished_; }

 private:
  std::deque<T> queue_;
  std::deque<Resolve<std::optional<T>>> waiting_;
  std::exception_ptr error_;
  bool finished_ = false;
};

template <class... A>
constexpr bool kDecayedArgs = (std::is_same_v<A, std::decay_t<A>> && ...);

}  // namespace detail

// The async iterator events::on returns: next() resolves with the next event's value, or
// std::nullopt once the iteration ended (a `close` event, the signal after an error was
// reported...), and rejects with an 'error' event's error or the AbortError. Destroying it
// (leaving the loop) removes the listeners. Move-only.
template <class... A>
class EventIterator {
 public:
  using value_type = typename detail::EventValueOf<A...>::type;

  explicit EventIterator(std::shared_ptr<detail::OnState<value_type>> s) : s_(std::move(s)) {}
  EventIterator(EventIterator&&) noexcept = default;
  EventIterator& operator=(EventIterator&&) noexcept = default;
  ~EventIterator() {
    if (s_ && !s_->finished()) {
      s_->finish();
    }
  }

  Promise<std::optional<value_type>> next() { return s_->next(); }
  // iterator.return(): ends the iteration now (the listeners are removed).
  void return_() { s_->finish(); }

 private:
  std::shared_ptr<detail::OnState<value_type>> s_;
};

// events.once(emitter, name[, {signal}]): see the header comment for the value's type.
template <class... A>
auto once(EventEmitter& emitter, std::string_view event, const OnceOptions& options = {}) {
  static_assert(detail::kDecayedArgs<A...>,
                "events::once<T...>: name the emitted value types (no references or const)");
  using R = std::conditional_t<sizeof...(A) == 0, void, typename detail::EventValueOf<A...>::type>;
  if (options.signal.aborted()) {
    return Promise<R>::reject(AbortError(options.signal.reason()));
  }
  auto p = Promise<R>::withResolvers();
  auto s = std::make_shared<detail::OnceState<R>>(p.resolve);
  s->attach(emitter, event, new detail::ValueListener<detail::OnceState<R>, A...>(s), true,
            options.signal, {});
  return p.promise;
}

// events.on(emitter, name[, {signal, close}]): throws AbortError when the signal is already
// aborted, as Node does.
template <class... A>
EventIterator<A...> on(EventEmitter& emitter, std::string_view event,
                       const OnOptions& options = {}) {
  static_assert(detail::kDecayedArgs<A...>,
                "events::on<T...>: name the emitted value types (no references or const)");
  using T = typename EventIterator<A...>::value_type;
  if (options.signal.aborted()) {
    throw AbortError(options.signal.reason());
  }
  auto s = std::make_shared<detail::OnState<T>>();
  s->attach(emitter, event, new detail::ValueListener<detail::OnState<T>, A...>(s), false,
            options.signal, options.close);
  return EventIterator<A...>(std::move(s));
}

// What events::addAbortListener returns (Node's Disposable): dispose() is Node's
// disposable[Symbol.dispose](): it removes the listener; calling it again, or after the signal
// aborted, does nothing. Dropping the object leaves the listener in place, as dropping Node's
// does (it is not a scope guard). Copies dispose of the same listener.
class Disposable {
 public:
  Disposable() = default;
  void dispose();

 private:
  friend Disposable addAbortListener(const AbortSignal& signal, UniqueFunction<void()> listener);
  Disposable(AbortSignal signal, uint64_t id) : signal_(std::move(signal)), id_(id) {}
  AbortSignal signal_;
  uint64_t id_ = 0;
};

// events.addAbortListener(signal, listener) (Node 20.5): listener() runs once, from abort(),
// when `signal` aborts; if it already has, from a microtask (dispose() does not stop that
// one, as in Node). Throws TypeError ERR_INVALID_ARG_TYPE for a default-constructed signal
// (Node's `undefined`). Node adds the listener so that stopImmediatePropagation() cannot
// skip it; nodecc's signals have no such call, so every listener runs.
Disposable addAbortListener(const AbortSignal& signal, UniqueFunction<void()> listener);

}  // namespace events

}  // namespace nodecc
