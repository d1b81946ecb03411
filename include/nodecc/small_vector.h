#pragma once
// SmallVector<T, N>: a vector whose first N elements live inside the object, so a list that
// usually holds one or two items (a query key's values, a parsed query's keys) costs no heap
// allocation. Past N it moves its elements to the heap and grows like std::vector.
//
// The subset of std::vector's interface that nodecc's public types need: contiguous iteration,
// indexing, push_back/emplace_back, insert/erase at a position, comparison, and assignment from
// and conversion to std::vector. T must be nothrow-movable (strings and structs of strings
// are), so growth and moves never leave a half-moved list. Not thread-safe to share mutably,
// like any std container.
#include <algorithm>
#include <cstddef>
#include <initializer_list>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

namespace nodecc {

template <class T, size_t N>
class SmallVector {
  static_assert(N > 0, "use std::vector for no inline capacity");
  static_assert(std::is_nothrow_move_constructible_v<T>, "growth relies on nothrow moves");

 public:
  using value_type = T;
  using size_type = size_t;
  using iterator = T*;
  using const_iterator = const T*;
  using reference = T&;
  using const_reference = const T&;

  SmallVector() noexcept = default;
  SmallVector(std::initializer_list<T> items) { assignCopies(items.begin(), items.end()); }
  SmallVector(const SmallVector& other) { assignCopies(other.begin(), other.end()); }
  SmallVector(SmallVector&& other) noexcept { takeFrom(other); }
  SmallVector& operator=(const SmallVector& other) {
    if (this != &other) {
      clear();
      assignCopies(other.begin(), other.end());
    }
    return *this;
  }
  SmallVector& operator=(SmallVector&& other) noexcept {
    if (this != &other) {
      release();
      takeFrom(other);
    }
    return *this;
  }
  SmallVector& operator=(std::vector<T>&& items) {
    clear();
    reserve(items.size());
    for (T& item : items) {
      emplace_back(std::move(item));
    }
    return *this;
  }
  ~SmallVector() { release(); }

  // A std::vector copy of the elements (what Node's array value reads as).
  operator std::vector<T>() const { return std::vector<T>(begin(), end()); }  // NOLINT

  size_t size() const noexcept { return size_; }
  bool empty() const noexcept { return size_ == 0; }
  size_t capacity() const noexcept { return capacity_; }
  T* data() noexcept { return data_; }
  const T* data() const noexcept { return data_; }
  T* begin() noexcept { return data_; }
  T* end() noexcept { return data_ + size_; }
  const T* begin() const noexcept { return data_; }
  const T* end() const noexcept { return data_ + size_; }
  T& operator[](size_t i) noexcept { return data_[i]; }
  const T& operator[](size_t i) const noexcept { return data_[i]; }
  T& front() noexcept { return data_[0]; }
  const T& front() const noexcept { return data_[0]; }
  T& back() noexcept { return data_[size_ - 1]; }
  const T& back() const noexcept { return data_[size_ - 1]; }

  void reserve(size_t n) {
    if (n > capacity_) {
      regrow(n);
    }
  }
  template <class... Args>
  T& emplace_back(Args&&... args) {
    if (size_ == capacity_) {
      return growAndEmplace(std::forward<Args>(args)...);
    }
    T* slot = ::new (static_cast<void*>(data_ + size_)) T(std::forward<Args>(args)...);
    ++size_;
    return *slot;
  }
  void push_back(const T& value) { emplace_back(value); }
  void push_back(T&& value) { emplace_back(std::move(value)); }
  void pop_back() noexcept {
    --size_;
    data_[size_].~T();
  }
  // Inserts before pos; returns the new element.
  T* insert(const T* pos, T&& value) { return emplace(pos, std::move(value)); }
  // Constructs an element before pos (at the end, in place); returns it.
  template <class... Args>
  T* emplace(const T* pos, Args&&... args) {
    const size_t at = static_cast<size_t>(pos - data_);
    emplace_back(std::forward<Args>(args)...);
    if (at + 1 < size_) {
      std::rotate(data_ + at, data_ + size_ - 1, data_ + size_);
    }
    return data_ + at;
  }
  T* erase(const T* pos) noexcept {
    const size_t at = static_cast<size_t>(pos - data_);
    std::move(data_ + at + 1, data_ + size_, data_ + at);
    pop_back();
    return data_ + at;
  }
  void clear() noexcept {
    std::destroy(data_, data_ + size_);
    size_ = 0;
  }

  friend bool operator==(const SmallVector& a, const SmallVector& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end());
  }
  friend bool operator==(const SmallVector& a, const std::vector<T>& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end());
  }

 private:
  bool isInline() const noexcept { return data_ == inlineData(); }
  T* inlineData() noexcept { return reinterpret_cast<T*>(inline_); }
  const T* inlineData() const noexcept { return reinterpret_cast<const T*>(inline_); }

  template <class It>
  void assignCopies(It first, It last) {
    reserve(static_cast<size_t>(std::distance(first, last)));
    for (; first != last; ++first) {
      emplace_back(*first);
    }
  }
  void regrow(size_t n) { adopt(std::allocator<T>().allocate(n), n); }
  // The new element is built in the new buffer before the old elements move there: the
  // arguments may refer to one of them (v.push_back(v[0]) on a full list), as std::vector allows.
  template <class... Args>
  T& growAndEmplace(Args&&... args) {
    const size_t n = capacity_ * 2;
    T* fresh = std::allocator<T>().allocate(n);
    T* slot;
    try {
      slot = ::new (static_cast<void*>(fresh + size_)) T(std::forward<Args>(args)...);
    } catch (...) {
      std::allocator<T>().deallocate(fresh, n);
      throw;
    }
    adopt(fresh, n);
    ++size_;
    return *slot;
  }
  // Moves the elements into `fresh` (capacity n) and frees the old heap buffer, if any.
  void adopt(T* fresh, size_t n) noexcept {
    std::uninitialized_move(data_, data_ + size_, fresh);
    std::destroy(data_, data_ + size_);
    if (!isInline()) {
      std::allocator<T>().deallocate(data_, capacity_);
    }
    data_ = fresh;
    capacity_ = n;
  }
  void release() noexcept {
    clear();
    if (!isInline()) {
      std::allocator<T>().deallocate(data_, capacity_);
      data_ = inlineData();
      capacity_ = N;
    }
  }
  // Leaves `other` empty and inline; a heap buffer changes owner, inline elements are moved.
  void takeFrom(SmallVector& other) noexcept {
    if (other.isInline()) {
      std::uninitialized_move(other.data_, other.data_ + other.size_, data_);
      size_ = other.size_;
      other.clear();
      return;
    }
    data_ = other.data_;
    size_ = other.size_;
    capacity_ = other.capacity_;
    other.data_ = other.inlineData();
    other.size_ = 0;
    other.capacity_ = N;
  }

  alignas(T) unsigned char inline_[N * sizeof(T)];
  T* data_ = inlineData();
  size_t size_ = 0;
  size_t capacity_ = N;
};

}  // namespace nodecc
