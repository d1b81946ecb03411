#pragma once
// ObjectPool<T>: per-runtime slabs of T, reused through a free list, so that setTimeout and
// setImmediate do not go to malloc (and glibc does not hand pages back and fault them in
// again) in steady state. Memory stays with the pool until the pool goes.
//
// A pooled object may outlive the runtime that made it (a Timeout handle in a global): the
// runtime then orphans the pool, which frees itself when its last live object is released.
#include <cstddef>
#include <memory>
#include <new>
#include <utility>
#include <vector>

namespace nodecc::detail {

template <class T>
class ObjectPool {
 public:
  ObjectPool() = default;
  ObjectPool(const ObjectPool&) = delete;
  ObjectPool& operator=(const ObjectPool&) = delete;

  template <class... A>
  T* make(A&&... args) {
    if (free_.empty()) {
      grow();
    }
    void* slot = free_.back();
    free_.pop_back();
    ++live_;
    return ::new (slot) T(std::forward<A>(args)...);
  }

  void release(T* p) {
    p->~T();
    free_.push_back(p);
    if (--live_ == 0 && orphaned_) {
      delete this;
    }
  }

  bool orphaned() const { return orphaned_; }

  // The owner is going away: free now if nothing is live, else when the last object is.
  void orphan() {
    if (live_ == 0) {
      delete this;
    } else {
      orphaned_ = true;
    }
  }

 private:
  ~ObjectPool() = default;

  // 256 objects a slab: one allocation serves a burst of timers.
  static constexpr size_t kSlab = 256;
  struct alignas(T) Slot {
    unsigned char bytes[sizeof(T)];
  };
  void grow() {
    slabs_.push_back(std::unique_ptr<Slot[]>(new Slot[kSlab]));  // uninitialized: no memset
    Slot* s = slabs_.back().get();
    free_.reserve(free_.size() + kSlab);
    for (size_t i = kSlab; i-- > 0;) {
      free_.push_back(&s[i]);
    }
  }

  std::vector<std::unique_ptr<Slot[]>> slabs_;
  std::vector<void*> free_;
  size_t live_ = 0;
  bool orphaned_ = false;
};

}  // namespace nodecc::detail
