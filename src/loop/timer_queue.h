#pragma once
// TimerQueue: Node.js's timer structure. Timers of equal duration share one FIFO list (appended
// in start order, so each list is also in expiry order); a binary heap orders the lists by the
// expiry of their head, ties by list id. Insert and cancel are O(1) when the duration's list
// exists (the common case: every keep-alive timeout of a server has the same duration) and
// O(log L) otherwise, L the number of distinct durations. The firing order reproduces Node's
// processTimers/listOnTimeout exactly, which the compat tests check against node itself.
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "loop/intrusive_list.h"

namespace nodecc::loop::core {

struct TimerList;

// A timer node, embedded in whatever owns it. Not copyable while active.
struct Timer {
  using Callback = void (*)(Timer*);
  explicit Timer(Callback cb) : callback(cb) {}
  Timer(const Timer&) = delete;
  Timer& operator=(const Timer&) = delete;

  Callback callback;
  void* data = nullptr;   // the owner's, untouched by the loop
  int64_t start = 0;      // loop time (ms) when (re)started
  uint64_t duration = 1;  // ms, >= 1
  bool refed = true;      // keeps the loop alive while active
  Timer* prev = nullptr;
  Timer* next = nullptr;
  IntrusiveList<Timer>* owner = nullptr;  // the duration's list while active

  bool active() const { return owner != nullptr; }
};

struct TimerList : IntrusiveList<Timer> {
  uint64_t duration = 0;
  int64_t expiry = 0;
  uint64_t id = 0;
  size_t heapIndex = 0;
  bool running = false;   // being processed by runDue
  bool detached = false;  // left the heap and map while running; freed by runDue
};

class TimerQueue {
 public:
  TimerQueue() = default;
  TimerQueue(const TimerQueue&) = delete;
  TimerQueue& operator=(const TimerQueue&) = delete;
  ~TimerQueue();

  // Appends `t` (inactive) to its duration's list. duration >= 1.
  void insert(Timer& t, uint64_t duration, int64_t start);
  // Unlinks an active timer.
  void remove(Timer& t);
  // Expiry of the earliest list, or -1 when there is no timer.
  int64_t nextExpiry() const { return heap_.empty() ? -1 : heap_[0]->expiry; }
  size_t size() const { return size_; }

  // Fires every timer due at `now`, in Node's order. fire(ctx, t) is called with `t` already
  // unlinked; it may insert and remove any timer, `t` included.
  using Fire = void (*)(void* ctx, Timer* t);
  void runDue(int64_t now, Fire fire, void* ctx);

 private:
  bool before(const TimerList* a, const TimerList* b) const {
    return a->expiry < b->expiry || (a->expiry == b->expiry && a->id < b->id);
  }
  void heapPush(TimerList* l);
  void heapRemove(TimerList* l);
  void heapFix(size_t i);
  void siftUp(size_t i);
  void siftDown(size_t i);
  void swapAt(size_t i, size_t j);
  void dropList(TimerList* l);  // out of heap and map, then freed

  std::vector<TimerList*> heap_;
  std::unordered_map<uint64_t, TimerList*> lists_;
  // The list of the last insert: servers and benchmarks insert the same duration again and
  // again, and this skips the hash lookup for them.
  TimerList* lastList_ = nullptr;
  uint64_t nextId_ = 1;
  size_t size_ = 0;
};

}  // namespace nodecc::loop::core
