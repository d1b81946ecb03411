#include "loop/timer_queue.h"

#include <algorithm>
#include <utility>

namespace nodecc::loop::core {

TimerQueue::~TimerQueue() {
  for (TimerList* l : heap_) {
    while (Timer* t = l->popFront()) {
      (void)t;
    }
    delete l;
  }
}

void TimerQueue::insert(Timer& t, uint64_t duration, int64_t start) {
  t.start = start;
  t.duration = duration;
  TimerList* list = lastList_;
  if (list == nullptr || list->duration != duration) {
    auto [it, fresh] = lists_.try_emplace(duration, nullptr);
    if (fresh) {
      auto* l = new TimerList;
      l->duration = duration;
      l->expiry = start + int64_t(duration);
      l->id = nextId_++;
      it->second = l;
      heapPush(l);
    }
    list = it->second;
    lastList_ = list;
  }
  list->pushBack(&t);
  ++size_;
}

void TimerQueue::remove(Timer& t) {
  auto* l = static_cast<TimerList*>(t.owner);
  l->unlink(&t);
  --size_;
  if (!l->empty()) {
    return;
  }
  // As Node's unenroll: an emptied list leaves the queue at once. A list being run is only
  // detached here; runDue frees it when it is done with it.
  if (l->running) {
    if (!l->detached) {
      heapRemove(l);
      lists_.erase(l->duration);
      l->detached = true;
      if (lastList_ == l) {
        lastList_ = nullptr;
      }
    }
  } else if (!l->detached) {
    dropList(l);
  }
}

void TimerQueue::runDue(int64_t now, Fire fire, void* ctx) {
  while (!heap_.empty()) {
    TimerList* l = heap_[0];
    if (l->expiry > now) {
      return;
    }
    l->running = true;
    bool waiting = false;
    while (Timer* t = l->front()) {
      int64_t elapsed = now - t->start;
      if (elapsed < int64_t(l->duration)) {
        // The rest of this list is not due yet (as listOnTimeout: expiry at least now + 1).
        l->expiry = std::max(t->start + int64_t(l->duration), now + 1);
        l->id = nextId_++;
        heapFix(l->heapIndex);
        waiting = true;
        break;
      }
      l->unlink(t);
      --size_;
      fire(ctx, t);
    }
    l->running = false;
    if (l->detached) {
      delete l;
    } else if (!waiting) {
      dropList(l);
    }
  }
}

void TimerQueue::dropList(TimerList* l) {
  if (lastList_ == l) {
    lastList_ = nullptr;
  }
  heapRemove(l);
  lists_.erase(l->duration);
  delete l;
}

void TimerQueue::heapPush(TimerList* l) {
  l->heapIndex = heap_.size();
  heap_.push_back(l);
  siftUp(l->heapIndex);
}

void TimerQueue::heapRemove(TimerList* l) {
  size_t i = l->heapIndex;
  size_t last = heap_.size() - 1;
  if (i != last) {
    swapAt(i, last);
  }
  heap_.pop_back();
  if (i < heap_.size()) {
    heapFix(i);
  }
}

void TimerQueue::heapFix(size_t i) {
  TimerList* l = heap_[i];
  siftUp(i);
  siftDown(l->heapIndex);
}

void TimerQueue::swapAt(size_t i, size_t j) {
  std::swap(heap_[i], heap_[j]);
  heap_[i]->heapIndex = i;
  heap_[j]->heapIndex = j;
}

void TimerQueue::siftUp(size_t i) {
  while (i > 0) {
    size_t parent = (i - 1) / 2;
    if (!before(heap_[i], heap_[parent])) {
      break;
    }
    swapAt(i, parent);
    i = parent;
  }
}

void TimerQueue::siftDown(size_t i) {
  size_t n = heap_.size();
  for (;;) {
    size_t left = 2 * i + 1;
    if (left >= n) {
      break;
    }
    size_t best = left;
    if (left + 1 < n && before(heap_[left + 1], heap_[left])) {
      best = left + 1;
    }
    if (!before(heap_[best], heap_[i])) {
      break;
    }
    swapAt(i, best);
    i = best;
  }
}

}  // namespace nodecc::loop::core
