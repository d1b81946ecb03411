#pragma once
// TaskQueue: a FIFO ring of UniqueFunction<void()> for the nextTick and microtask queues.
// Callables live in the ring itself (inline up to 32 bytes), so a steady stream of ticks or
// coroutine resumptions does not allocate once the ring has grown to its working size.
#include <cstddef>
#include <memory>
#include <utility>

#include "nodecc/function.h"

namespace nodecc::detail {

class TaskQueue {
 public:
  using Task = UniqueFunction<void()>;

  bool empty() const { return head_ == tail_; }
  size_t size() const { return tail_ - head_; }

  void push(Task&& t) { pushEmpty() = std::move(t); }

  // Queues an empty task and returns it, for the caller to fill in place.
  Task& pushEmpty() {
    if (tail_ - head_ == capacity_) {
      grow();
    }
    return slots_[tail_++ & (capacity_ - 1)];
  }

  Task pop() { return std::move(slots_[head_++ & (capacity_ - 1)]); }

  void clear() {
    while (!empty()) {
      pop();
    }
  }

 private:
  void grow() {
    size_t cap = capacity_ ? capacity_ * 2 : 256;
    auto next = std::make_unique<Task[]>(cap);
    size_t n = size();
    for (size_t i = 0; i < n; ++i) {
      next[i] = std::move(slots_[(head_ + i) & (capacity_ - 1)]);
    }
    slots_ = std::move(next);
    capacity_ = cap;
    head_ = 0;
    tail_ = n;
  }

  std::unique_ptr<Task[]> slots_;
  size_t capacity_ = 0;  // a power of two
  size_t head_ = 0;      // monotonically increasing indices, masked on access
  size_t tail_ = 0;
};

}  // namespace nodecc::detail
