#include "loop/loop.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "os/clock.h"
#include "os/event_fd.h"
#include "os/fd.h"

namespace nodecc::loop::core {

namespace {
// Live loops of this thread, oldest first: current() is the newest, and a loop leaves the list
// when it dies, in whatever order loops die.
thread_local std::vector<Loop*> tLoops;
}  // namespace

Loop* Loop::current() {
  return tLoops.empty() ? nullptr : tLoops.back();
}

Loop::Loop() : backend_(makeBackend()) {
  updateTime();
  auto efd = os::core::eventFdOpen();
  if (!efd) {
    std::fprintf(stderr, "nodecc: eventfd failed (%d)\n", efd.error());
    std::abort();
  }
  asyncWatcher_.fd = *efd;
  asyncWatcher_.onEvents = &Loop::onAsyncReadable;
  asyncWatcher_.interest = kReadable;
  asyncWatcher_.loop = this;
  if (!backend_->add(asyncWatcher_)) {
    std::abort();
  }
  tLoops.push_back(this);
}

Loop::~Loop() {
  backend_->close(asyncWatcher_);
  tLoops.erase(std::find(tLoops.begin(), tLoops.end(), this));
}

bool Loop::alive() const {
  return activeHandles_ > 0 || activeRequests_ > 0 || refTimers_ > 0 || refImmediates_ > 0 ||
         !pending_.empty() || !closing_.empty();
}

void Loop::updateTime() {
  now_ = int64_t(os::core::monotonicMs());
}

bool Loop::run(RunMode mode) {
  // What the code before run() queued (the "main script") drains first, as in Node.
  drain();
  if (mode == RunMode::kDefault && alive() && !stopping_) {
    updateTime();
    runTimers();
  }
  while (alive() && !stopping_) {
    runPending();
    poll(mode == RunMode::kNoWait ? 0 : pollTimeout());
    runCheck();
    runClosing();
    updateTime();
    runTimers();
    if (mode != RunMode::kDefault) {
      break;
    }
  }
  stopping_ = false;
  return alive();
}

int Loop::pollTimeout() const {
  // Not alive any more (the pending callbacks just run released the last handle, a socket's
  // close): one look without waiting, then run() ends; waiting here would wait forever, as
  // nothing is left to wake the loop (libuv's uv__backend_timeout returns 0 for the same).
  if (stopping_ || !pending_.empty() || !closing_.empty() || refImmediates_ > 0 || !alive()) {
    return 0;
  }
  int64_t expiry = timers_.nextExpiry();
  if (expiry < 0) {
    return -1;
  }
  int64_t wait = expiry - now_;
  if (wait <= 0) {
    return 0;
  }
  return wait > 0x7fffffff ? 0x7fffffff : int(wait);
}

// --- timers

void Loop::startTimerAt(Timer& t, uint64_t durationMs, int64_t start) {
  if (t.active()) {
    stopTimer(t);
  }
  timers_.insert(t, durationMs == 0 ? 1 : durationMs, start);
  if (t.refed) {
    ++refTimers_;
  }
}

void Loop::stopTimer(Timer& t) {
  if (!t.active()) {
    return;
  }
  timers_.remove(t);
  if (t.refed) {
    --refTimers_;
  }
}

void Loop::setTimerRef(Timer& t, bool refed) {
  if (t.refed == refed) {
    return;
  }
  t.refed = refed;
  if (t.active()) {
    refed ? ++refTimers_ : --refTimers_;
  }
}

void Loop::runTimers() {
  timers_.runDue(
      now_,
      [](void* ctx, Timer* t) {
        auto* self = static_cast<Loop*>(ctx);
        if (t->refed) {
          --self->refTimers_;
        }
        self->invoke([t] { t->callback(t); });
      },
      this);
}

// --- immediates

void Loop::startImmediate(Immediate& i) {
  if (i.queued()) {
    return;
  }
  immediates_.pushBack(&i);
  if (i.refed) {
    ++refImmediates_;
  }
}

void Loop::stopImmediate(Immediate& i) {
  if (!i.queued()) {
    return;
  }
  i.owner->unlink(&i);
  if (i.refed) {
    --refImmediates_;
  }
}

void Loop::setImmediateRef(Immediate& i, bool refed) {
  if (i.refed == refed) {
    return;
  }
  i.refed = refed;
  if (i.queued()) {
    refed ? ++refImmediates_ : --refImmediates_;
  }
}

void Loop::runCheck() {
  // Only the immediates queued before this phase began run now (Node's processImmediate).
  runningImmediates_.takeAll(immediates_);
  while (Immediate* i = runningImmediates_.popFront()) {
    if (i->refed) {
      --refImmediates_;
    }
    invoke([i] { i->callback(i); });
  }
}

// --- pending and closing

void Loop::queuePending(Deferred& d) {
  pending_.pushBack(&d);
}
void Loop::queueClose(Deferred& d) {
  closing_.pushBack(&d);
}

void Loop::cancelDeferred(Deferred& d) {
  if (d.queued()) {
    d.owner->unlink(&d);
  }
}

void Loop::runPending() {
  IntrusiveList<Deferred> batch;
  batch.takeAll(pending_);
  while (Deferred* d = batch.popFront()) {
    invoke([d] { d->callback(d); });
  }
}

void Loop::runClosing() {
  IntrusiveList<Deferred> batch;
  batch.takeAll(closing_);
  while (Deferred* d = batch.popFront()) {
    invoke([d] { d->callback(d); });
  }
}

// --- I/O

void Loop::poll(int timeoutMs) {
  // Nothing but our own wakeup fd registered and no wait wanted: no I/O can be ready, so the
  // cross-thread queue is all there is to look at (saves an epoll_wait per iteration when
  // immediates keep the loop spinning).
  if (timeoutMs == 0 && backend_->watcherCount() == 1) {
    if (backend_->checkPosted(asyncPending_.load(std::memory_order_acquire))) {
      drainAsync();
    }
    return;
  }
  // As libuv: the clock is read again once the wait returns (at the first event of the
  // batch), so that timers started by I/O callbacks count from now, not from before the sleep.
  timeFresh_ = false;
  backend_->wait(timeoutMs, &Loop::dispatchIo, this);
}

void Loop::dispatchIo(void* ctx, IoWatcher* w, uint32_t events) {
  auto* self = static_cast<Loop*>(ctx);
  if (!self->timeFresh_) {
    self->timeFresh_ = true;
    self->updateTime();
  }
  self->invoke([w, events] { w->onEvents(w, events); });
}

// --- cross-thread

void Loop::post(AsyncTask* task) {
  task->next = nullptr;
  bool wasEmpty;
  {
    std::lock_guard<std::mutex> lock(asyncMutex_);
    wasEmpty = asyncHead_ == nullptr;
    asyncPending_.store(true, std::memory_order_release);
    if (asyncTail_) {
      asyncTail_->next = task;
    } else {
      asyncHead_ = task;
    }
    asyncTail_ = task;
  }
  // One wakeup per batch: the loop takes the whole list when it wakes.
  if (wasEmpty) {
    os::core::eventFdSignal(asyncWatcher_.fd);
  }
}

void Loop::finishRequests() {
  abandoning_ = true;
  while (activeRequests_ > 0) {
    if (!asyncPending_.load(std::memory_order_acquire)) {
      os::core::eventFdWait(asyncWatcher_.fd);
    }
    drainAsync();
  }
}

void Loop::onAsyncReadable(IoWatcher* w, uint32_t) {
  static_cast<AsyncWatcher*>(w)->loop->drainAsync();
}

void Loop::drainAsync() {
  os::core::eventFdDrain(asyncWatcher_.fd);
  AsyncTask* task;
  {
    std::lock_guard<std::mutex> lock(asyncMutex_);
    task = asyncHead_;
    asyncHead_ = asyncTail_ = nullptr;
    asyncPending_.store(false, std::memory_order_relaxed);
  }
  task = backend_->takePosted(task);
  while (task) {
    AsyncTask* next = task->next;
    invoke([task] { task->callback(task); });
    task = next;
  }
}

// --- callback boundary

void Loop::drain() {
  if (draining_ || drainHook_ == nullptr) {
    return;
  }
  draining_ = true;
  drainHook_(drainCtx_);
  draining_ = false;
}

void Loop::uncaught(std::exception_ptr e) {
  if (uncaughtHandler_) {
    uncaughtHandler_(uncaughtCtx_, e);
    return;
  }
  try {
    std::rethrow_exception(e);
  } catch (const std::exception& ex) {
    std::fprintf(stderr, "nodecc: uncaught exception: %s\n", ex.what());
  } catch (...) {
    std::fprintf(stderr, "nodecc: uncaught exception of unknown type\n");
  }
  std::abort();
}

}  // namespace nodecc::loop::core
