#pragma once
// The parser's scratch stacks of elements and members: a vector whose items are built in place
// at the top (a member's key, then its value parsed straight into it) and handed to the
// builders by relocation. Value and Member are relocatable (nodecc/json.h: moves copy their
// words), so growing and handing over are memcpy, and what was handed over is forgotten
// without being destroyed.
#include <cstddef>
#include <cstring>
#include <new>
#include <utility>

namespace nodecc::JSON::detail {

template <class T>
class ScratchStack {
 public:
  // Room for kInitialCapacity items from the start: twitter.json's deepest run of open arrays
  // and objects holds fewer, so a parse allocates the stack once.
  static constexpr std::size_t kInitialCapacity = 128;

  ScratchStack() : items_(allocate(kInitialCapacity)), capacity_(kInitialCapacity) {}
  ScratchStack(const ScratchStack&) = delete;
  ScratchStack& operator=(const ScratchStack&) = delete;
  ~ScratchStack() {
    for (std::size_t i = 0; i < size_; ++i) {
      items_[i].~T();
    }
    ::operator delete(items_);
  }

  std::size_t size() const noexcept { return size_; }
  T* data() noexcept { return items_; }
  T& operator[](std::size_t i) noexcept { return items_[i]; }

  // The address of the next item, for the caller to construct there and then commit(); valid
  // until the stack grows (a nested push), so keep the index, not the pointer.
  T* next() {
    if (size_ == capacity_) {
      grow();
    }
    return items_ + size_;
  }
  void commit() noexcept { ++size_; }

  // Forgets the items from `start` on without destroying them: they were relocated elsewhere.
  void forget(std::size_t start) noexcept { size_ = start; }

 private:
  static T* allocate(std::size_t n) { return static_cast<T*>(::operator new(n * sizeof(T))); }
  void grow() {
    T* items = allocate(capacity_ * 2);
    std::memcpy(static_cast<void*>(items), static_cast<const void*>(items_), size_ * sizeof(T));
    ::operator delete(std::exchange(items_, items));
    capacity_ *= 2;
  }

  T* items_;
  std::size_t size_ = 0;
  std::size_t capacity_;
};

}  // namespace nodecc::JSON::detail
