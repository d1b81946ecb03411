#pragma once
// HeadBuffer: the bytes of a response head while it is built. An append is an inline capacity
// check and a memcpy, which the compiler turns into a few moves for the literal pieces ("\r\n",
// ": "); std::string's out-of-line append cost ~30 instructions per piece, ~10 pieces a head.
// Owned by one exchange on one thread; the capacity is kept between requests (no allocation
// once warm) up to kKeptCapacity.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string_view>

#include "api/http/text.h"

namespace nodecc::http::detail {

class HeadBuffer {
 public:
  // A buffer grown past this by a huge head is freed when cleared for the next request.
  static constexpr size_t kKeptCapacity = 16 * 1024;

  void clear() {
    size_ = 0;
    if (capacity_ > kKeptCapacity) {
      data_.reset();
      capacity_ = 0;
    }
  }
  bool empty() const { return size_ == 0; }
  size_t size() const { return size_; }
  std::string_view view() const { return {data_.get(), size_}; }
  operator std::string_view() const { return view(); }

  HeadBuffer& operator+=(std::string_view s) {
    if (s.empty()) {
      return *this;  // an empty view may carry a null pointer, which memcpy must not get
    }
    reserveMore(s.size());
    std::memcpy(data_.get() + size_, s.data(), s.size());
    size_ += s.size();
    return *this;
  }
  HeadBuffer& operator+=(char c) {
    reserveMore(1);
    data_[size_++] = c;
    return *this;
  }
  void assign(std::string_view s) {
    size_ = 0;
    *this += s;
  }
  // v in decimal.
  void appendDecimal(uint64_t v) {
    char buf[20];
    char* const end = buf + sizeof buf;
    const char* start = formatDecimal(end, v);
    *this += std::string_view(start, size_t(end - start));
  }

 private:
  void reserveMore(size_t n) {
    if (capacity_ - size_ < n) {
      grow(n);
    }
  }
  void grow(size_t n) {
    size_t cap = capacity_ == 0 ? kInitialCapacity : capacity_ * 2;
    while (cap - size_ < n) {
      cap *= 2;
    }
    std::unique_ptr<char[]> bigger(new char[cap]);
    if (size_ > 0) {
      std::memcpy(bigger.get(), data_.get(), size_);
    }
    data_ = std::move(bigger);
    capacity_ = cap;
  }

  // Most heads, a small body coalesced with them included, fit: one allocation per exchange.
  static constexpr size_t kInitialCapacity = 512;
  std::unique_ptr<char[]> data_;
  size_t size_ = 0;
  size_t capacity_ = 0;
};

}  // namespace nodecc::http::detail
