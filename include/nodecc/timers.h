#pragma once
// Node's `timers`: setTimeout, setInterval, setImmediate and their clear functions, and
// timers::promises. Same semantics as Node: delays below 1 ms or above 2^31-1 ms become 1 ms;
// timers of equal delay fire in the order they were set; a timer set inside a timer callback
// never fires in the same timers phase; intervals re-arm from the moment their callback
// started; setImmediate callbacks run in the check phase after I/O, those queued meanwhile on
// the next turn. Extra arguments after the delay are passed to the callback, as in Node.
//
// Timeout and Immediate are handles: copies refer to the same timer; the loop keeps an active
// timer alive even when no handle remains. Loop thread only: each thread has its own loop.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>

#include "nodecc/abort.h"
#include "nodecc/detail/access.h"
#include "nodecc/function.h"
#include "nodecc/generator.h"
#include "nodecc/promise.h"

namespace nodecc {

namespace detail {
struct TimeoutImpl;
struct ImmediateImpl;
}  // namespace detail

class Timeout {
 public:
  Timeout() = default;
  explicit Timeout(detail::TimeoutImpl* impl);  // adopts one reference
  Timeout(const Timeout& o);
  Timeout(Timeout&& o) noexcept;
  Timeout& operator=(Timeout o) noexcept;
  ~Timeout();

  // The timer keeps the process alive (default) / does not.
  Timeout& ref();
  Timeout& unref();
  bool hasRef() const;
  // Restarts the timer with its original delay from now; re-arms a fired timeout.
  Timeout& refresh();
  // Same as clearTimeout(*this).
  void close();
  explicit operator bool() const { return impl_ != nullptr; }
  bool operator==(const Timeout& o) const { return impl_ == o.impl_; }

 private:
  friend struct nodecc::detail::Access;
  detail::TimeoutImpl* impl() const { return impl_; }
  detail::TimeoutImpl* impl_ = nullptr;
};

class Immediate {
 public:
  Immediate() = default;
  explicit Immediate(detail::ImmediateImpl* impl);  // adopts one reference
  Immediate(const Immediate& o);
  Immediate(Immediate&& o) noexcept;
  Immediate& operator=(Immediate o) noexcept;
  ~Immediate();

  Immediate& ref();
  Immediate& unref();
  bool hasRef() const;
  explicit operator bool() const { return impl_ != nullptr; }

 private:
  friend struct nodecc::detail::Access;
  detail::ImmediateImpl* impl() const { return impl_; }
  detail::ImmediateImpl* impl_ = nullptr;
};

namespace detail {
Timeout startTimeout(UniqueFunction<void()> cb, double ms, bool repeat);
Immediate startImmediate(UniqueFunction<void()> cb);

template <class F, class... A>
UniqueFunction<void()> bindArgs(F&& f, A&&... args) {
  if constexpr (sizeof...(A) == 0) {
    return UniqueFunction<void()>(std::forward<F>(f));
  } else {
    return UniqueFunction<void()>(
        [f = std::forward<F>(f), t = std::make_tuple(std::forward<A>(args)...)]() mutable {
          std::apply(f, t);
        });
  }
}
}  // namespace detail

template <class F, class... A>
requires std::is_invocable_v<F&, A&...> Timeout setTimeout(F&& callback, double ms = 0,
                                                           A&&... args) {
  return detail::startTimeout(detail::bindArgs(std::forward<F>(callback), std::forward<A>(args)...),
                              ms, false);
}

template <class F, class... A>
requires std::is_invocable_v<F&, A&...> Timeout setInterval(F&& callback, double ms = 0,
                                                            A&&... args) {
  return detail::startTimeout(detail::bindArgs(std::forward<F>(callback), std::forward<A>(args)...),
                              ms, true);
}

template <class F, class... A>
requires std::is_invocable_v<F&, A&...> Immediate setImmediate(F&& callback, A&&... args) {
  return detail::startImmediate(
      detail::bindArgs(std::forward<F>(callback), std::forward<A>(args)...));
}

// Cancel; no-op on an empty, fired or already cleared handle.
void clearTimeout(const Timeout& t);
void clearInterval(const Timeout& t);
void clearImmediate(const Immediate& i);

namespace timers {
using nodecc::clearImmediate;
using nodecc::clearInterval;
using nodecc::clearTimeout;
using nodecc::setImmediate;
using nodecc::setInterval;
using nodecc::setTimeout;

// timers/promises (require('timers/promises')).
namespace promises {

// The options argument of timers/promises: {signal, ref}. An aborted signal rejects the
// promise with AbortError (code ABORT_ERR, "The operation was aborted") and clears the timer;
// ref = false lets the process exit while the timer is pending (the promise then never
// settles), as Node's. Not an aggregate, so that `co_await setTimeout(10, {ac.signal})` is
// safe under GCC 12 (see docs/guide.md on braced temporaries in co_await).
struct TimerOptions {
  TimerOptions() {}                                  // NOLINT: user-provided
  TimerOptions(AbortSignal signal, bool ref = true)  // NOLINT: implicit, as {signal}
      : signal(std::move(signal)), ref(ref) {}
  AbortSignal signal;
  bool ref = true;
};

namespace detail {
// Runs onFire after `ms` (immediate: in the check phase), or onAbort instead if
// options.signal aborts first (at once if it already has).
void abortableTimer(double ms, bool immediate, const TimerOptions& options,
                    UniqueFunction<void()> onFire, UniqueFunction<void()> onAbort);
// A value to fulfill with: not the options (nor a signal, which would read as the options).
template <class T>
concept TimerValue =
    !std::is_same_v<std::decay_t<T>, TimerOptions> && !std::is_same_v<std::decay_t<T>, AbortSignal>;

// setInterval's timer and signal: Node's async function* setInterval less its yields. From
// construction an interval counts its ticks (Node's notYielded); wait() resolves at the next
// tick, or rejects with AbortError (the signal's reason its cause) when the signal aborts
// first; an abort also clears the interval. The destructor is the generator's `finally`: the
// interval is cleared and the signal's listener removed.
class IntervalTicker {
 public:
  IntervalTicker(double ms, const TimerOptions& options);
  IntervalTicker(const IntervalTicker&) = delete;
  IntervalTicker& operator=(const IntervalTicker&) = delete;
  ~IntervalTicker();
  size_t pending() const;
  void consume();
  Promise<void> wait();

 private:
  struct Slot;
  struct State;
  std::shared_ptr<State> s_;
};

// The generator itself, line for line with Node's (lib/timers/promises.js): the timer starts
// at the first next(), as an async generator's body does.
template <class T>
AsyncGenerator<T> interval(double ms, T value, TimerOptions options) {
  if (options.signal.aborted()) {
    throw AbortError(options.signal.reason());
  }
  IntervalTicker ticker(ms, options);
  while (!options.signal.aborted()) {
    if (ticker.pending() == 0) {
      co_await ticker.wait();
    }
    for (; ticker.pending() > 0; ticker.consume()) {
      co_yield value;
    }
  }
  throw AbortError(options.signal.reason());
}
}  // namespace detail

// Fulfills after `ms`.
Promise<void> setTimeout(double ms = 0);
Promise<void> setTimeout(double ms, const TimerOptions& options);
// Fulfills with `value` after `ms`.
template <detail::TimerValue T>
Promise<std::decay_t<T>> setTimeout(double ms, T&& value) {
  auto p = Promise<std::decay_t<T>>::withResolvers();
  nodecc::setTimeout([r = p.resolve, v = std::forward<T>(value)]() mutable { r(std::move(v)); },
                     ms);
  return p.promise;
}
template <detail::TimerValue T>
Promise<std::decay_t<T>> setTimeout(double ms, T&& value, const TimerOptions& options) {
  auto p = Promise<std::decay_t<T>>::withResolvers();
  detail::abortableTimer(
      ms, false, options,
      [r = p.resolve, v = std::forward<T>(value)]() mutable { r(std::move(v)); },
      [r = p.reject, s = options.signal] { r(AbortError(s.reason())); });
  return p.promise;
}
// setInterval(ms[, value][, {signal, ref}]): an async iterator (an AsyncGenerator) that yields
// `value` every `ms`, as Node's `for await (const v of setInterval(ms, value, {signal}))`:
//
//   auto it = timers::promises::setInterval(100, std::string("tick"), {ac.signal});
//   while (auto v = co_await it.next()) { use(*v); }
//
// The interval starts at the first next(). Ticks that come while the loop body runs are not
// lost: the next next() calls resolve at once, one per tick. Aborting the signal rejects the
// waiting next() (or the next one, once the ticks already counted are yielded) with AbortError
// (code ABORT_ERR, the reason its cause) and clears the interval; an already aborted signal
// rejects the first next(). Destroying the iterator (leaving the loop) clears the interval.
// Without a value it yields std::monostate (Node's undefined). ref = false: the interval does
// not keep the process alive. One next() at a time (see nodecc/generator.h).
// Overloads rather than default arguments, as fetch's: GCC 12 mishandles a default argument's
// temporary when the call is the operand of co_await.
template <detail::TimerValue T>
AsyncGenerator<std::decay_t<T>> setInterval(double ms, T&& value, const TimerOptions& options) {
  return detail::interval<std::decay_t<T>>(ms, std::forward<T>(value), options);
}
template <detail::TimerValue T>
AsyncGenerator<std::decay_t<T>> setInterval(double ms, T&& value) {
  return detail::interval<std::decay_t<T>>(ms, std::forward<T>(value), TimerOptions());
}
inline AsyncGenerator<std::monostate> setInterval(double ms, const TimerOptions& options) {
  return detail::interval<std::monostate>(ms, std::monostate(), options);
}
inline AsyncGenerator<std::monostate> setInterval(double ms = 0) {
  return detail::interval<std::monostate>(ms, std::monostate(), TimerOptions());
}
// Fulfills in the check phase.
Promise<void> setImmediate();
Promise<void> setImmediate(const TimerOptions& options);
// Fulfills with `value` in the check phase.
template <detail::TimerValue T>
Promise<std::decay_t<T>> setImmediate(T&& value, const TimerOptions& options = {}) {
  auto p = Promise<std::decay_t<T>>::withResolvers();
  detail::abortableTimer(
      0, true, options, [r = p.resolve, v = std::forward<T>(value)]() mutable { r(std::move(v)); },
      [r = p.reject, s = options.signal] { r(AbortError(s.reason())); });
  return p.promise;
}
}  // namespace promises
}  // namespace timers

}  // namespace nodecc
