#include "nodecc/timers.h"

#include <charconv>
#include <cmath>
#include <cstddef>
#include <exception>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "api/runtime.h"
#include "api/timer_impl.h"
#include "nodecc/process.h"

namespace nodecc {

namespace detail {

namespace {
// Node's TIMEOUT_MAX: delays must fit a signed 32-bit integer.
constexpr double kTimeoutMaxMs = 2147483647.0;

// `${n}` for a number: "Infinity", "2147483648", "2147483648.5".
std::string jsNumber(double n) {
  if (std::isinf(n)) {
    return n > 0 ? "Infinity" : "-Infinity";
  }
  char buf[64];
  // JavaScript writes numbers below 1e21 without an exponent.
  auto [end, ec] = std::abs(n) < 1e21
                       ? std::to_chars(buf, buf + sizeof buf, n, std::chars_format::fixed)
                       : std::to_chars(buf, buf + sizeof buf, n);
  return std::string(buf, end);
}

uint64_t clampDelay(double ms) {
  if (!(ms >= 1 && ms <= kTimeoutMaxMs)) {
    if (ms > kTimeoutMaxMs) {
      process::emitWarning(jsNumber(ms) +
                               " does not fit into a 32-bit signed integer.\n"
                               "Timeout duration was set to 1.",
                           "TimeoutOverflowWarning");
    }
    return 1;
  }
  return uint64_t(std::ceil(ms));
}
}  // namespace

void TimeoutImpl::arm(int64_t start) {
  rt->loop().startTimerAt(timer, duration, start);
  if (!loopHolds) {
    loopHolds = true;
    addRef();
    rt->liveTimeouts.pushBack(this);
  }
}

void TimeoutImpl::clear() {
  if (cleared) {
    return;
  }
  cleared = true;
  if (runtime()) {
    rt->loop().stopTimer(timer);
  }
  if (!firing) {
    callback = nullptr;
  }
  if (loopHolds) {
    loopHolds = false;
    owner->unlink(this);
    release();
  }
}

void TimeoutImpl::detachFromRuntime() {
  rt->loop().stopTimer(timer);
  cleared = true;
  callback = nullptr;
  rt = nullptr;
  if (loopHolds) {
    loopHolds = false;
    owner->unlink(this);
    release();
  }
}

void TimeoutImpl::onFire(loop::core::Timer* t) {
  auto* self = static_cast<TimeoutImpl*>(t->data);
  self->addRef();  // the callback may clear the timer and drop every other reference
  int64_t start = 0;
  if (self->repeat) {
    self->rt->loop().updateTime();
    start = self->rt->loop().now();
  }
  auto finish = [self, start] {
    self->firing = false;
    if (self->cleared) {
      self->callback = nullptr;
    } else if (self->repeat && !self->timer.active()) {
      self->arm(start);
    } else if (!self->timer.active() && self->loopHolds) {
      // Fired for good; a later refresh() re-arms it. Our own reference keeps it alive here.
      self->loopHolds = false;
      self->owner->unlink(self);
      --self->refs;
    }
    self->release();
  };
  self->firing = true;
  try {
    self->callback();
  } catch (...) {
    finish();
    throw;
  }
  finish();
}

void ImmediateImpl::clear() {
  if (!node.queued()) {
    return;
  }
  rt->loop().stopImmediate(node);
  callback = nullptr;
  owner->unlink(this);
  release();
}

void ImmediateImpl::detachFromRuntime() {
  rt->loop().stopImmediate(node);
  callback = nullptr;
  rt = nullptr;
  owner->unlink(this);
  release();
}

void ImmediateImpl::onRun(loop::core::Immediate* i) {
  auto* self = static_cast<ImmediateImpl*>(i->data);
  self->owner->unlink(self);
  // The loop's reference is released when the callback is done, even if it throws.
  struct Release {
    ImmediateImpl* p;
    ~Release() {
      p->callback = nullptr;
      p->release();
    }
  } release{self};
  self->callback();
}

Timeout startTimeout(UniqueFunction<void()> cb, double ms, bool repeat) {
  detail::Runtime& rt = detail::Runtime::current();
  auto* impl = rt.timeoutPool->make(rt, std::move(cb), clampDelay(ms), repeat);
  impl->addRef();
  Timeout handle(impl);
  // As Node's getLibuvNow(): the start is the current time, not the cached loop time.
  rt.loop().updateTime();
  impl->arm(rt.loop().now());
  return handle;
}

Immediate startImmediate(UniqueFunction<void()> cb) {
  detail::Runtime& rt = detail::Runtime::current();
  auto* impl = rt.immediatePool->make(rt, std::move(cb));
  impl->addRef();
  Immediate handle(impl);
  impl->addRef();  // the loop's
  rt.liveImmediates.pushBack(impl);
  rt.loop().startImmediate(impl->node);
  return handle;
}

}  // namespace detail

// --- Timeout handle

Timeout::Timeout(detail::TimeoutImpl* impl) : impl_(impl) {}
Timeout::Timeout(const Timeout& o) : impl_(o.impl_) {
  if (impl_) {
    impl_->addRef();
  }
}
Timeout::Timeout(Timeout&& o) noexcept : impl_(std::exchange(o.impl_, nullptr)) {}
Timeout& Timeout::operator=(Timeout o) noexcept {
  std::swap(impl_, o.impl_);
  return *this;
}
Timeout::~Timeout() {
  if (impl_) {
    impl_->release();
  }
}

Timeout& Timeout::ref() {
  if (impl_ && impl_->runtime()) {
    impl_->rt->loop().setTimerRef(impl_->timer, true);
  }
  return *this;
}

Timeout& Timeout::unref() {
  if (impl_ && impl_->runtime()) {
    impl_->rt->loop().setTimerRef(impl_->timer, false);
  }
  return *this;
}

bool Timeout::hasRef() const {
  return impl_ && impl_->timer.refed;
}

Timeout& Timeout::refresh() {
  if (impl_ && impl_->runtime() && !impl_->cleared) {
    impl_->rt->loop().updateTime();
    impl_->arm(impl_->rt->loop().now());
  }
  return *this;
}

void Timeout::close() {
  clearTimeout(*this);
}

// --- Immediate handle

Immediate::Immediate(detail::ImmediateImpl* impl) : impl_(impl) {}
Immediate::Immediate(const Immediate& o) : impl_(o.impl_) {
  if (impl_) {
    impl_->addRef();
  }
}
Immediate::Immediate(Immediate&& o) noexcept : impl_(std::exchange(o.impl_, nullptr)) {}
Immediate& Immediate::operator=(Immediate o) noexcept {
  std::swap(impl_, o.impl_);
  return *this;
}
Immediate::~Immediate() {
  if (impl_) {
    impl_->release();
  }
}

Immediate& Immediate::ref() {
  if (impl_ && impl_->runtime()) {
    impl_->rt->loop().setImmediateRef(impl_->node, true);
  }
  return *this;
}

Immediate& Immediate::unref() {
  if (impl_ && impl_->runtime()) {
    impl_->rt->loop().setImmediateRef(impl_->node, false);
  }
  return *this;
}

bool Immediate::hasRef() const {
  return impl_ && impl_->node.refed;
}

// --- clear functions

void clearTimeout(const Timeout& t) {
  auto* impl = nodecc::detail::Access::impl(t);
  if (impl && impl->runtime()) {
    impl->clear();
  }
}

void clearInterval(const Timeout& t) {
  clearTimeout(t);
}

void clearImmediate(const Immediate& i) {
  auto* impl = nodecc::detail::Access::impl(i);
  if (impl && impl->runtime()) {
    impl->clear();
  }
}

namespace timers::promises {

Promise<void> setTimeout(double ms) {
  auto p = Promise<void>::withResolvers();
  nodecc::setTimeout([r = p.resolve] { r(); }, ms);
  return p.promise;
}

Promise<void> setImmediate() {
  auto p = Promise<void>::withResolvers();
  nodecc::setImmediate([r = p.resolve] { r(); });
  return p.promise;
}

Promise<void> setTimeout(double ms, const TimerOptions& options) {
  auto p = Promise<void>::withResolvers();
  detail::abortableTimer(
      ms, false, options, [r = p.resolve] { r(); },
      [r = p.reject, s = options.signal] { r(AbortError(s.reason())); });
  return p.promise;
}

Promise<void> setImmediate(const TimerOptions& options) {
  auto p = Promise<void>::withResolvers();
  detail::abortableTimer(
      0, true, options, [r = p.resolve] { r(); },
      [r = p.reject, s = options.signal] { r(AbortError(s.reason())); });
  return p.promise;
}

namespace detail {

namespace {
// One pending abortable timer: whichever of the timer and the signal comes first settles it
// and cancels the other.
struct AbortableTimer {
  UniqueFunction<void()> onFire;
  UniqueFunction<void()> onAbort;
  Timeout timeout;
  Immediate immediate;
  AbortSignal signal;
  uint64_t abortId = 0;
};
}  // namespace

void abortableTimer(double ms, bool immediate, const TimerOptions& options,
                    UniqueFunction<void()> onFire, UniqueFunction<void()> onAbort) {
  if (options.signal.aborted()) {
    onAbort();
    return;
  }
  auto t = std::make_shared<AbortableTimer>();
  t->onFire = std::move(onFire);
  t->onAbort = std::move(onAbort);
  auto fire = [t] {
    if (t->abortId != 0) {
      t->signal.removeEventListener("abort", t->abortId);
    }
    // A fired Timeout keeps its callback (for refresh()) while a handle exists: dropping ours
    // breaks the cycle through this closure.
    Timeout dropTimeout = std::move(t->timeout);
    Immediate dropImmediate = std::move(t->immediate);
    auto f = std::move(t->onFire);
    f();
  };
  if (immediate) {
    t->immediate = nodecc::setImmediate(std::move(fire));
    if (!options.ref) {
      t->immediate.unref();
    }
  } else {
    t->timeout = nodecc::setTimeout(std::move(fire), ms);
    if (!options.ref) {
      t->timeout.unref();
    }
  }
  if (options.signal.valid()) {
    t->signal = options.signal;
    // Holds the timer state weakly: the timer's callback owns it (the cycle through the
    // signal's listener would otherwise keep it for as long as the signal lives).
    std::weak_ptr<AbortableTimer> weak = t;
    t->abortId = t->signal.addEventListener("abort", [weak] {
      auto st = weak.lock();
      if (!st || !st->onAbort) {
        return;
      }
      clearTimeout(st->timeout);
      clearImmediate(st->immediate);
      st->timeout = Timeout();
      st->immediate = Immediate();
      auto a = std::move(st->onAbort);
      a();
    });
  }
}

// The pending wait()'s resolver lives in the timer's callback (Slot), not in the State that
// the generator's frame owns: the frame awaits that promise, and the resolver held inside the
// frame would keep it alive forever (a never-firing unref'd interval at exit, say). Held by the
// callback, it goes when the interval is cleared or the thread's runtime ends, and the frames
// waiting on it are then destroyed (see nodecc/promise.h).
struct IntervalTicker::Slot {
  std::optional<Resolve<void>> callback;
  std::optional<Resolve<void>> take() {
    std::optional<Resolve<void>> r = std::move(callback);
    callback.reset();
    return r;
  }
};

struct IntervalTicker::State {
  Timeout interval;
  size_t notYielded = 0;
  std::weak_ptr<Slot> slot;
  AbortSignal signal;
  uint64_t abortId = 0;
};

IntervalTicker::IntervalTicker(double ms, const TimerOptions& options)
    : s_(std::make_shared<State>()) {
  // The timer's callback and the signal's listener hold the state weakly: it belongs to the
  // generator's frame, and neither the timer nor the signal may keep it alive.
  std::weak_ptr<State> weak = s_;
  auto slot = std::make_shared<Slot>();
  s_->slot = slot;
  s_->interval = nodecc::setInterval(
      [weak, slot] {
        if (auto s = weak.lock()) {
          ++s->notYielded;
        }
        if (auto cb = slot->take()) {
          (*cb)();
        }
      },
      ms);
  if (!options.ref) {
    s_->interval.unref();
  }
  if (options.signal.valid()) {
    s_->signal = options.signal;
    s_->abortId = options.signal.addEventListener("abort", [weak] {
      auto s = weak.lock();
      if (!s) {
        return;
      }
      s->abortId = 0;
      std::shared_ptr<Slot> slot = s->slot.lock();
      std::optional<Resolve<void>> cb = slot ? slot->take() : std::nullopt;
      nodecc::clearInterval(s->interval);
      if (cb) {
        cb->reject(std::make_exception_ptr(AbortError(s->signal.reason())));
      }
    });
  }
}

IntervalTicker::~IntervalTicker() {
  nodecc::clearInterval(s_->interval);
  if (s_->abortId != 0) {
    s_->signal.removeEventListener("abort", std::exchange(s_->abortId, 0));
  }
}

size_t IntervalTicker::pending() const {
  return s_->notYielded;
}

void IntervalTicker::consume() {
  --s_->notYielded;
}

Promise<void> IntervalTicker::wait() {
  std::shared_ptr<Slot> slot = s_->slot.lock();
  if (!slot) {
    // Only a cleared interval has no slot, and only an abort clears it while the generator
    // runs; the generator checks the signal before it waits.
    return Promise<void>::reject(std::make_exception_ptr(AbortError(s_->signal.reason())));
  }
  auto p = Promise<void>::withResolvers();
  slot->callback.emplace(p.resolve);
  return p.promise;
}

}  // namespace detail

}  // namespace timers::promises

}  // namespace nodecc
