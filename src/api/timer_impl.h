#pragma once
// The objects behind nodecc::Timeout and nodecc::Immediate handles. Reference counted: each
// handle holds one reference, and the loop holds one while the timer is armed (or the
// immediate queued), so a timer fires even when the program dropped its handle.
#include "api/object_pool.h"
#include "api/runtime.h"
#include "loop/intrusive_list.h"
#include "loop/loop.h"
#include "nodecc/function.h"

namespace nodecc::detail {

struct TimeoutImpl {
  TimeoutImpl(detail::Runtime& rt, UniqueFunction<void()> cb, uint64_t duration, bool repeat)
      : rt(&rt), pool(rt.timeoutPool), callback(std::move(cb)), duration(duration), repeat(repeat) {
    timer.data = this;
  }

  void addRef() { ++refs; }
  void release() {
    if (--refs == 0) {
      pool->release(this);
    }
  }
  // The runtime it belongs to, or null once that thread's runtime is gone.
  detail::Runtime* runtime() const { return pool->orphaned() ? nullptr : rt; }
  // Arms (or re-arms) the timer from `start`; the loop takes its reference if it had none.
  void arm(int64_t start);
  // Stops for good (clearTimeout): the callback is released once it is not running.
  void clear();
  void detachFromRuntime();
  static void onFire(loop::core::Timer* t);

  loop::core::Timer timer{&TimeoutImpl::onFire};
  detail::Runtime* rt;
  detail::ObjectPool<TimeoutImpl>* pool;
  UniqueFunction<void()> callback;
  uint64_t duration;
  bool repeat;
  bool cleared = false;
  bool firing = false;
  bool loopHolds = false;
  int refs = 0;
  TimeoutImpl* prev = nullptr;
  TimeoutImpl* next = nullptr;
  loop::core::IntrusiveList<TimeoutImpl>* owner = nullptr;
};

struct ImmediateImpl {
  ImmediateImpl(detail::Runtime& rt, UniqueFunction<void()> cb)
      : rt(&rt), pool(rt.immediatePool), callback(std::move(cb)) {
    node.data = this;
  }

  void addRef() { ++refs; }
  void release() {
    if (--refs == 0) {
      pool->release(this);
    }
  }
  detail::Runtime* runtime() const { return pool->orphaned() ? nullptr : rt; }
  void clear();
  void detachFromRuntime();
  static void onRun(loop::core::Immediate* i);

  loop::core::Immediate node{&ImmediateImpl::onRun};
  detail::Runtime* rt;
  detail::ObjectPool<ImmediateImpl>* pool;
  UniqueFunction<void()> callback;
  int refs = 0;
  ImmediateImpl* prev = nullptr;
  ImmediateImpl* next = nullptr;
  loop::core::IntrusiveList<ImmediateImpl>* owner = nullptr;
};

}  // namespace nodecc::detail
