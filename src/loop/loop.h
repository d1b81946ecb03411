#pragma once
// Loop: one event loop per thread, with libuv's/Node's phases:
//   timers -> pending -> poll (I/O) -> check (immediates) -> close callbacks -> timers ...
// Every callback the loop runs goes through invoke(): an exception escaping it goes to the
// uncaught-exception handler, and the drain hook (nextTick queue, then microtasks: installed
// by the API layer) runs after it, as Node drains after every callback.
//
// The loop runs while something alive and referenced remains: an active referenced handle
// (timer, immediate, I/O watcher counted through retainHandle), an in-flight request, a
// pending callback or a closing handle.
//
// Thread: everything here is loop-thread only, except post(), the one thread-safe entry.
#include <atomic>
#include <cstdint>
#include <exception>
#include <memory>
#include <mutex>

#include "loop/backend.h"
#include "loop/intrusive_list.h"
#include "loop/timer_queue.h"

namespace nodecc::loop::core {

// A setImmediate node, embedded in its owner.
struct Immediate {
  using Callback = void (*)(Immediate*);
  explicit Immediate(Callback cb) : callback(cb) {}
  Immediate(const Immediate&) = delete;
  Immediate& operator=(const Immediate&) = delete;

  Callback callback;
  void* data = nullptr;  // the owner's, untouched by the loop
  bool refed = true;
  Immediate* prev = nullptr;
  Immediate* next = nullptr;
  IntrusiveList<Immediate>* owner = nullptr;

  bool queued() const { return owner != nullptr; }
};

// A one-shot callback for the pending or close phase, embedded in its owner.
struct Deferred {
  using Callback = void (*)(Deferred*);
  explicit Deferred(Callback cb, void* data = nullptr) : callback(cb), data(data) {}
  Callback callback;
  void* data;  // the owner's, untouched by the loop
  Deferred* prev = nullptr;
  Deferred* next = nullptr;
  IntrusiveList<Deferred>* owner = nullptr;

  bool queued() const { return owner != nullptr; }
};

// A task posted from another thread. Owned by the poster until its callback runs on the loop.
struct AsyncTask {
  using Callback = void (*)(AsyncTask*);
  explicit AsyncTask(Callback cb) : callback(cb) {}
  Callback callback;
  AsyncTask* next = nullptr;
};

class Loop {
 public:
  Loop();
  ~Loop();
  Loop(const Loop&) = delete;
  Loop& operator=(const Loop&) = delete;

  // The loop most recently constructed on this thread that is still alive, or nullptr.
  static Loop* current();

  enum class RunMode { kDefault, kOnce, kNoWait };
  // kDefault: until nothing keeps the loop alive (or stop()). kOnce: one iteration, blocking
  // for I/O if needed. kNoWait: one iteration without blocking. Returns alive().
  bool run(RunMode mode = RunMode::kDefault);
  void stop() { stopping_ = true; }
  bool alive() const;

  // Cached loop time in ms (monotonic), updated at the start of each timers phase.
  int64_t now() const { return now_; }
  void updateTime();

  // Timers. start: (re)starts `t` to fire `durationMs` (clamped to >= 1) after now().
  void startTimer(Timer& t, uint64_t durationMs) { startTimerAt(t, durationMs, now_); }
  // Same, counting from `start` (a loop time) instead of now(): intervals re-arm from the
  // moment their callback started.
  void startTimerAt(Timer& t, uint64_t durationMs, int64_t start);
  void stopTimer(Timer& t);
  void setTimerRef(Timer& t, bool refed);
  size_t timerCount() const { return timers_.size(); }

  // Immediates run in the check phase, FIFO; those queued while it runs wait for the next one.
  void startImmediate(Immediate& i);
  void stopImmediate(Immediate& i);
  void setImmediateRef(Immediate& i, bool refed);

  // Pending phase: callbacks deferred from I/O to the next iteration (libuv's pending queue).
  void queuePending(Deferred& d);
  // Close phase: close callbacks; each keeps the loop alive until it has run.
  void queueClose(Deferred& d);
  void cancelDeferred(Deferred& d);

  // Handles and requests keeping the loop alive (I/O watchers, thread-pool work...).
  void retainHandle() { ++activeHandles_; }
  void releaseHandle() { --activeHandles_; }
  void beginRequest() { ++activeRequests_; }
  void endRequest() { --activeRequests_; }
  size_t activeHandles() const { return activeHandles_ + refTimers_ + refImmediates_; }
  size_t activeRequests() const { return activeRequests_; }

  // The thread-safe entry: runs task->callback on this loop's thread (poll phase), FIFO per
  // posting thread. Does not by itself keep the loop alive.
  void post(AsyncTask* task);
  // Loop thread: runs the tasks posted so far now (for a loop that is about to go away and
  // must not leave a posted task neither run nor freed).
  void runPostedTasks() { drainAsync(); }

  Backend& backend() { return *backend_; }
  // Registers an I/O watcher; its callbacks run through invoke().
  os::core::Result<void> addWatcher(IoWatcher& w) { return backend_->add(w); }

  // Runs f as a loop callback: exceptions to the uncaught handler, then the drain hook.
  // After an uncaught exception the drain waits for the next callback, as in Node, where the
  // exception leaves the timers/immediates loop and the queues run after the next one.
  template <class F>
  void invoke(F&& f) {
    try {
      f();
    } catch (...) {
      uncaught(std::current_exception());
      return;
    }
    drain();
  }
  // Runs the drain hook unless a drain is already running on this loop.
  void drain();

  // Hooks installed by the API layer.
  using DrainHook = void (*)(void* ctx);
  using UncaughtHandler = void (*)(void* ctx, std::exception_ptr e);
  void setDrainHook(DrainHook hook, void* ctx) {
    drainHook_ = hook;
    drainCtx_ = ctx;
  }
  void setUncaughtHandler(UncaughtHandler h, void* ctx) {
    uncaughtHandler_ = h;
    uncaughtCtx_ = ctx;
  }
  void uncaught(std::exception_ptr e);

 private:
  void runTimers();
  void runPending();
  void poll(int timeoutMs);
  void runCheck();
  void runClosing();
  int pollTimeout() const;
  void drainAsync();
  static void onAsyncReadable(IoWatcher* w, uint32_t events);
  static void dispatchIo(void* ctx, IoWatcher* w, uint32_t events);

  std::unique_ptr<Backend> backend_;
  int64_t now_ = 0;
  bool stopping_ = false;
  bool draining_ = false;
  bool timeFresh_ = true;  // now_ was read after the current poll returned

  TimerQueue timers_;
  size_t refTimers_ = 0;

  IntrusiveList<Immediate> immediates_;
  IntrusiveList<Immediate> runningImmediates_;
  size_t refImmediates_ = 0;

  IntrusiveList<Deferred> pending_;
  IntrusiveList<Deferred> closing_;

  size_t activeHandles_ = 0;
  size_t activeRequests_ = 0;

  // Cross-thread queue: an intrusive singly-linked list under a mutex, eventfd wakeup.
  struct AsyncWatcher : IoWatcher {
    Loop* loop = nullptr;
  };
  AsyncWatcher asyncWatcher_;
  std::mutex asyncMutex_;
  std::atomic<bool> asyncPending_{false};
  AsyncTask* asyncHead_ = nullptr;
  AsyncTask* asyncTail_ = nullptr;

  DrainHook drainHook_ = nullptr;
  void* drainCtx_ = nullptr;
  UncaughtHandler uncaughtHandler_ = nullptr;
  void* uncaughtCtx_ = nullptr;
};

}  // namespace nodecc::loop::core
