#pragma once
// A doubly-linked FIFO of nodes that carry their own links (prev, next, owner). O(1) append,
// O(1) unlink of any node, no allocation. A node is in at most one list at a time; `owner` says
// which, so callers can cancel a node without knowing where it is queued.
#include <cstddef>

namespace nodecc::loop::core {

template <class T>
class IntrusiveList {
 public:
  IntrusiveList() = default;
  IntrusiveList(const IntrusiveList&) = delete;
  IntrusiveList& operator=(const IntrusiveList&) = delete;

  bool empty() const { return head_ == nullptr; }
  size_t size() const { return size_; }
  T* front() const { return head_; }

  void pushBack(T* n) {
    n->owner = this;
    n->next = nullptr;
    n->prev = tail_;
    if (tail_) {
      tail_->next = n;
    } else {
      head_ = n;
    }
    tail_ = n;
    ++size_;
  }

  void unlink(T* n) {
    if (n->prev) {
      n->prev->next = n->next;
    } else {
      head_ = n->next;
    }
    if (n->next) {
      n->next->prev = n->prev;
    } else {
      tail_ = n->prev;
    }
    n->prev = n->next = nullptr;
    n->owner = nullptr;
    --size_;
  }

  T* popFront() {
    T* n = head_;
    if (n) {
      unlink(n);
    }
    return n;
  }

  // Moves every node of `other` to the end of this list.
  void takeAll(IntrusiveList& other) {
    while (T* n = other.popFront()) {
      pushBack(n);
    }
  }

 private:
  T* head_ = nullptr;
  T* tail_ = nullptr;
  size_t size_ = 0;
};

}  // namespace nodecc::loop::core
