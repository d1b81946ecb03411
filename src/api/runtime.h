#pragma once
// Runtime: the per-thread state behind the Node-style API: the thread's Loop, the nextTick
// and microtask queues (drained after every loop callback, in Node's order), the unhandled
// rejection list, signal delivery and uncaught-exception handling. Created on first use on a
// thread; destroyed when the thread ends.
#include <exception>
#include <memory>
#include <vector>

#include "api/object_pool.h"
#include "api/task_queue.h"
#include "loop/intrusive_list.h"
#include "loop/loop.h"
#include "loop/signal_watcher.h"
#include "nodecc/promise.h"

namespace nodecc::detail {
struct TimeoutImpl;
struct ImmediateImpl;
}  // namespace nodecc::detail

namespace nodecc::detail {

class Runtime {
 public:
  Runtime();
  ~Runtime();
  Runtime(const Runtime&) = delete;
  Runtime& operator=(const Runtime&) = delete;

  // This thread's runtime, created on first use.
  static Runtime& current() {
    Runtime* rt = tCurrent;
    return rt ? *rt : create();
  }
  static Runtime* currentIfAny() { return tCurrent; }
  // Ends this thread's runtime now (a cluster worker's, when the worker ends).
  static void destroyCurrent();

  loop::core::Loop& loop() { return loop_; }

  TaskQueue::Task& tickSlot() { return ticks_.pushEmpty(); }
  void queueMicrotask(TaskQueue::Task&& t) { microtasks_.push(std::move(t)); }
  // Node's processTicksAndRejections: ticks, then microtasks, then unhandled rejections,
  // until all three are empty.
  void drain() {
    // Most callbacks queue nothing: leave without a call.
    if (!ticks_.empty() || !microtasks_.empty() || !rejections_.empty()) {
      drainQueues();
    }
  }

  void trackRejection(detail::PromiseBase* p);
  // An exception escaped a callback (origin "uncaughtException") or a rejection went
  // unhandled (origin "unhandledRejection").
  void uncaught(std::exception_ptr e, const char* origin);

  void watchSignal(int signo);
  void unwatchSignal(int signo);

  // Objects that live as long as the thread's runtime (servers made by createServer).
  template <class T>
  void adopt(T* object) {
    owned_.emplace_back(object, [](void* p) { delete static_cast<T*>(p); });
  }

  // Servers made on this thread: closeServers() closes those still listening, as their
  // close() would (a cluster's graceful stop).
  void addServer(UniqueFunction<void()> closeIfListening) {
    serverClosers_.push_back(std::move(closeIfListening));
  }
  void closeServers();
  // Set when an uncaught exception ended this cluster worker: its loop stops for good.
  bool workerFailed = false;

  detail::ObjectPool<detail::TimeoutImpl>* timeoutPool;
  detail::ObjectPool<detail::ImmediateImpl>* immediatePool;

  // Active timers and immediates the loop holds, released if the thread ends first.
  loop::core::IntrusiveList<detail::TimeoutImpl> liveTimeouts;
  loop::core::IntrusiveList<detail::ImmediateImpl> liveImmediates;

 private:
  static Runtime& create();
  static thread_local Runtime* tCurrent;
  void drainQueues();
  bool processRejections();
  static void onSignal(void* ctx, int signo);

  loop::core::Loop loop_;
  TaskQueue ticks_;
  TaskQueue microtasks_;
  std::vector<detail::Ref<detail::PromiseBase>> rejections_;
  std::unique_ptr<loop::core::SignalWatcher> signals_;
  std::vector<std::unique_ptr<void, void (*)(void*)>> owned_;
  std::vector<UniqueFunction<void()>> serverClosers_;
};

// Prints an uncaught error the way Node does ("Uncaught Error: message ...") to stderr.
void printUncaught(const std::exception_ptr& e);
// Frees the calling thread's process object (a cluster worker's, when it ends).
void releaseThreadProcess();
// Emits 'exit' (once per process) with process::exitCode.
void emitExit();
// The same at the end of a run(), leaving process::exit() able to emit later.
void emitExitOfRun();
// Sets exitCode, emits 'exit' once, flushes stdio and ends the process.
[[noreturn]] void exitProcess(int code);

}  // namespace nodecc::detail
