#include "http/input_buffer.h"

#include <algorithm>
#include <cstring>

namespace nodecc::http::core {

namespace {
constexpr size_t kStep = 16 * 1024;
}  // namespace

std::span<char> InputBuffer::readSpace(std::span<char> scratch) {
  if (size_ == 0) {
    readIntoHeld_ = false;
    return scratch;
  }
  if (capacity_ - size_ < kStep / 2) {
    size_t cap = capacity_ + kStep;
    auto grown = std::make_unique<char[]>(cap);
    std::memcpy(grown.get(), data_.get(), size_);
    data_ = std::move(grown);
    capacity_ = cap;
  }
  readIntoHeld_ = true;
  return {data_.get() + size_, capacity_ - size_};
}

bool InputBuffer::appendRead(size_t n) {
  if (!readIntoHeld_) {
    return false;
  }
  size_ += n;
  return true;
}

void InputBuffer::keep(std::string_view rest) {
  if (rest.empty()) {
    return;
  }
  if (capacity_ < rest.size()) {
    size_t cap = std::max(kStep, rest.size() + kStep / 2);
    data_ = std::make_unique<char[]>(cap);
    capacity_ = cap;
  }
  std::memmove(data_.get(), rest.data(), rest.size());
  size_ = rest.size();
}

void InputBuffer::consume(size_t used) {
  if (used > 0) {
    std::memmove(data_.get(), data_.get() + used, size_ - used);
    size_ -= used;
  }
  if (size_ == 0 && capacity_ > 0) {
    data_.reset();
    capacity_ = 0;
  }
}

}  // namespace nodecc::http::core
