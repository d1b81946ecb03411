// JSON::Array: a vector of Values in one block (detail::ArrayRep), none while empty.
#include <algorithm>
#include <cstring>
#include <memory>

#include "api/json/array_builder.h"
#include "api/json/value_access.h"
#include "nodecc/json.h"

namespace nodecc::JSON {

namespace {

detail::ArrayRep* allocateArray(std::size_t capacity) {
  auto* rep = static_cast<detail::ArrayRep*>(
      detail::allocateBlock(sizeof(detail::ArrayRep) + capacity * sizeof(Value)));
  rep->size = 0;
  rep->capacity = capacity;
  return rep;
}

void releaseArray(detail::ArrayRep* rep) noexcept {
  Value* items = rep->items();
  for (std::size_t i = 0; i < rep->size; ++i) {
    detail::ValueAccess::prefetchBlock(items[i]);  // as releaseObject: the blocks load together
  }
  for (std::size_t i = 0; i < rep->size; ++i) {
    items[i].~Value();
  }
  detail::freeBlock(rep, sizeof(detail::ArrayRep) + rep->capacity * sizeof(Value));
}

}  // namespace

Array::Array(std::initializer_list<Value> values) {
  reserve(values.size());
  for (const Value& v : values) {
    new (rep_->items() + rep_->size) Value(v);
    ++rep_->size;
  }
}

Array::Array(std::size_t n) {
  resize(n);
}

Array::Array(const Array& other) {
  reserve(other.size());
  for (const Value& v : other) {
    new (rep_->items() + rep_->size) Value(v);
    ++rep_->size;
  }
}

Array& Array::operator=(const Array& other) {
  if (this != &other) {
    *this = Array(other);
  }
  return *this;
}

Array& Array::operator=(Array&& other) noexcept {
  if (this != &other) {
    detail::ArrayRep* old = std::exchange(rep_, std::exchange(other.rep_, nullptr));
    if (old) {
      releaseArray(old);
    }
  }
  return *this;
}

Array::~Array() {
  if (rep_) {
    releaseArray(rep_);
  }
}

void Array::grow(std::size_t minCapacity) {
  detail::ArrayRep* rep = allocateArray(std::max<std::size_t>({minCapacity, capacity() * 2, 4}));
  if (rep_) {
    Value* from = rep_->items();
    Value* to = rep->items();
    for (std::size_t i = 0; i < rep_->size; ++i) {
      new (to + i) Value(std::move(from[i]));
      from[i].~Value();
    }
    rep->size = rep_->size;
    detail::freeBlock(rep_, sizeof(detail::ArrayRep) + rep_->capacity * sizeof(Value));
  }
  rep_ = rep;
}

void Array::reserve(std::size_t n) {
  if (n > capacity()) {
    grow(n);
  }
}

void Array::resize(std::size_t n) {
  while (size() > n) {
    pop_back();
  }
  reserve(n);
  while (size() < n) {
    new (rep_->items() + rep_->size) Value();
    ++rep_->size;
  }
}

void Array::clear() noexcept {
  while (!empty()) {
    pop_back();
  }
}

void Array::pop_back() noexcept {
  --rep_->size;
  rep_->items()[rep_->size].~Value();
}

Array::iterator Array::insert(const_iterator pos, Value v) {
  std::size_t at = static_cast<std::size_t>(pos - begin());
  push_back(std::move(v));
  std::rotate(begin() + at, end() - 1, end());
  return begin() + at;
}

Array::iterator Array::erase(const_iterator pos) {
  return erase(pos, pos + 1);
}

Array::iterator Array::erase(const_iterator first, const_iterator last) {
  std::size_t at = static_cast<std::size_t>(first - begin());
  std::size_t count = static_cast<std::size_t>(last - first);
  if (count > 0) {
    std::move(begin() + at + count, end(), begin() + at);
    for (std::size_t i = 0; i < count; ++i) {
      pop_back();
    }
  }
  return begin() + at;
}

bool operator==(const Array& a, const Array& b) noexcept {
  return std::equal(a.begin(), a.end(), b.begin(), b.end());
}

// ---- ArrayBuilder

detail::ArrayRep* ArrayBuilder::build(Value* first, std::size_t n) {
  detail::ArrayRep* rep;
  try {
    rep = allocateArray(n);
  } catch (...) {
    std::destroy_n(first, n);
    throw;
  }
  // A relocation: one copy of the values' words (see ScratchStack).
  std::memcpy(static_cast<void*>(rep->items()), static_cast<const void*>(first), n * sizeof(Value));
  rep->size = n;
  return rep;
}

}  // namespace nodecc::JSON
