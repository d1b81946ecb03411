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
#include <cstdint>
#include <tuple>
#include <type_traits>
#include <utility>

#include "nodecc/detail/access.h"
#include "nodecc/function.h"
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
// Fulfills after `ms`.
Promise<void> setTimeout(double ms = 0);
// Fulfills with `value` after `ms`.
template <class T>
Promise<std::decay_t<T>> setTimeout(double ms, T&& value) {
  auto p = Promise<std::decay_t<T>>::withResolvers();
  nodecc::setTimeout([r = p.resolve, v = std::forward<T>(value)]() mutable { r(std::move(v)); },
                     ms);
  return p.promise;
}
// Fulfills in the check phase.
Promise<void> setImmediate();
}  // namespace promises
}  // namespace timers

}  // namespace nodecc
