// Buffer's storage (one reference-counted block per allocation) and what works on bytes alone:
// making, slicing, copying, comparing, swapping.
#include "nodecc/buffer.h"

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <new>
#include <type_traits>
#include <utility>

#include "api/buffer/errors.h"

namespace nodecc {

using buffer::detail::outOfRange;
using buffer::detail::validateOffset;

// One allocation holds the count and the bytes; an adopted std::string keeps its own storage.
struct Buffer::Block {
  int refs;
  std::string* owned;  // non-null for adopt()
  uint8_t bytes[1];

  static Block* make(size_t size) {
    void* mem = std::malloc(offsetof(Block, bytes) + (size ? size : 1));
    if (!mem) {
      throw std::bad_alloc();
    }
    auto* b = static_cast<Block*>(mem);
    b->refs = 1;
    b->owned = nullptr;
    return b;
  }
};

void Buffer::freeBlock(Block* b) {
  static_assert(std::is_standard_layout_v<Block> && offsetof(Block, refs) == 0,
                "Buffer::refsOf reads the count at the start of a Block");
  delete b->owned;
  std::free(b);
}

Buffer Buffer::allocUnsafe(size_t size) {
  if (size > buffer::kMaxLength) {
    throw outOfRange("size", ">= 0 && <= " + std::to_string(buffer::kMaxLength), int64_t(size));
  }
  Buffer b;
  b.block_ = Block::make(size);
  b.data_ = b.block_->bytes;
  b.size_ = size;
  return b;
}

Buffer Buffer::alloc(size_t size) {
  Buffer b = allocUnsafe(size);
  std::memset(b.data_, 0, size);
  return b;
}

Buffer Buffer::alloc(size_t size, int fill) {
  Buffer b = allocUnsafe(size);
  std::memset(b.data_, uint8_t(fill), size);
  return b;
}

Buffer Buffer::alloc(size_t size, std::string_view fill, std::string_view encoding) {
  Buffer b = alloc(size);
  if (size > 0) {
    b.fill(fill, encoding);
  }
  return b;
}

Buffer Buffer::alloc(size_t size, const Buffer& fill) {
  Buffer b = alloc(size);
  if (size > 0) {
    b.fill(fill);
  }
  return b;
}

Buffer Buffer::adopt(std::string&& bytes) {
  Buffer b;
  b.block_ = Block::make(0);
  b.block_->owned = new std::string(std::move(bytes));
  b.data_ = reinterpret_cast<uint8_t*>(b.block_->owned->data());
  b.size_ = b.block_->owned->size();
  return b;
}

Buffer Buffer::from(std::initializer_list<int> bytes) {
  Buffer b = allocUnsafe(bytes.size());
  size_t i = 0;
  for (int v : bytes) {
    b.data_[i++] = uint8_t(v);
  }
  return b;
}

Buffer Buffer::from(const std::vector<uint8_t>& bytes) {
  Buffer b = allocUnsafe(bytes.size());
  if (!bytes.empty()) {
    std::memcpy(b.data_, bytes.data(), bytes.size());
  }
  return b;
}

Buffer Buffer::from(const Buffer& other) {
  Buffer b = allocUnsafe(other.size_);
  if (other.size_ > 0) {
    std::memcpy(b.data_, other.data_, other.size_);
  }
  return b;
}

Buffer Buffer::concat(const std::vector<Buffer>& list) {
  size_t total = 0;
  for (const Buffer& b : list) {
    total += b.size();
  }
  return concat(list, total);
}

Buffer Buffer::concat(const std::vector<Buffer>& list, size_t totalLength) {
  if (list.empty()) {
    return Buffer();
  }
  validateOffset(int64_t(std::min<size_t>(totalLength, INT64_MAX)), "length", 0,
                 int64_t(buffer::kMaxLength));
  Buffer out = allocUnsafe(totalLength);
  size_t at = 0;
  for (const Buffer& b : list) {
    size_t n = std::min(b.size(), totalLength - at);
    if (n > 0) {
      std::memcpy(out.data_ + at, b.data(), n);
    }
    at += n;
  }
  std::memset(out.data_ + at, 0, totalLength - at);
  return out;
}

namespace {

// Node's adjustOffset for subarray: negative from the end, clamped to [0, length].
size_t adjustOffset(int64_t offset, size_t length) {
  if (offset < 0) {
    int64_t from = offset + int64_t(length);
    return from > 0 ? size_t(from) : 0;
  }
  return std::min(uint64_t(offset), uint64_t(length));
}

int normalizeCompare(int c, size_t a, size_t b) {
  if (c != 0) {
    return c > 0 ? 1 : -1;
  }
  return a > b ? 1 : (a < b ? -1 : 0);
}

}  // namespace

Buffer Buffer::subarray(int64_t start, int64_t end) const {
  size_t s = adjustOffset(start, size_);
  size_t e = adjustOffset(end, size_);
  Buffer b(*this);
  b.data_ = data_ + s;
  b.size_ = e > s ? e - s : 0;
  return b;
}

int Buffer::compare(const Buffer& target, int64_t targetStart, int64_t targetEnd,
                    int64_t sourceStart, int64_t sourceEnd) const {
  constexpr auto kMax = int64_t(buffer::kMaxLength);
  validateOffset(targetStart, "targetStart", 0, kMax);
  if (targetEnd == kToEnd) {
    targetEnd = int64_t(target.size_);
  }
  validateOffset(targetEnd, "targetEnd", 0, int64_t(target.size_));
  validateOffset(sourceStart, "sourceStart", 0, kMax);
  if (sourceEnd == kToEnd) {
    sourceEnd = int64_t(size_);
  }
  validateOffset(sourceEnd, "sourceEnd", 0, int64_t(size_));
  if (sourceStart >= sourceEnd) {
    return targetStart >= targetEnd ? 0 : -1;
  }
  if (targetStart >= targetEnd) {
    return 1;
  }
  size_t a = size_t(sourceEnd - sourceStart);
  size_t b = size_t(targetEnd - targetStart);
  size_t n = std::min(a, b);
  int c = n > 0 ? std::memcmp(data_ + sourceStart, target.data_ + targetStart, n) : 0;
  return normalizeCompare(c, a, b);
}

size_t Buffer::copy(Buffer target, int64_t targetStart, int64_t sourceStart,
                    int64_t sourceEnd) const {
  if (targetStart < 0) {
    throw outOfRange("targetStart", ">= 0", targetStart);
  }
  if (sourceStart < 0 || uint64_t(sourceStart) > size_) {
    throw outOfRange("sourceStart", ">= 0 && <= " + std::to_string(size_), sourceStart);
  }
  if (sourceEnd == kToEnd) {
    sourceEnd = int64_t(size_);
  }
  if (sourceEnd < 0) {
    throw outOfRange("sourceEnd", ">= 0", sourceEnd);
  }
  if (uint64_t(targetStart) >= target.size_ || sourceStart >= sourceEnd) {
    return 0;
  }
  size_t n = std::min({uint64_t(sourceEnd - sourceStart), target.size_ - uint64_t(targetStart),
                       size_ - uint64_t(sourceStart)});
  // The two may share storage (a copy within one buffer): memmove, as TypedArray.set.
  std::memmove(target.data_ + targetStart, data_ + sourceStart, n);
  return n;
}

namespace {

template <size_t kWidth>
void swapEach(uint8_t* p, size_t n) {
  for (size_t i = 0; i < n; i += kWidth) {
    std::reverse(p + i, p + i + kWidth);
  }
}

}  // namespace

Buffer& Buffer::swap16() {
  if (size_ % 2 != 0) {
    throw RangeError("ERR_INVALID_BUFFER_SIZE", "Buffer size must be a multiple of 16-bits");
  }
  swapEach<2>(data_, size_);
  return *this;
}

Buffer& Buffer::swap32() {
  if (size_ % 4 != 0) {
    throw RangeError("ERR_INVALID_BUFFER_SIZE", "Buffer size must be a multiple of 32-bits");
  }
  swapEach<4>(data_, size_);
  return *this;
}

Buffer& Buffer::swap64() {
  if (size_ % 8 != 0) {
    throw RangeError("ERR_INVALID_BUFFER_SIZE", "Buffer size must be a multiple of 64-bits");
  }
  swapEach<8>(data_, size_);
  return *this;
}

std::string Buffer::toJSON() const {
  std::string out = R"({"type":"Buffer","data":[)";
  out.reserve(out.size() + size_ * 4 + 2);
  for (size_t i = 0; i < size_; ++i) {
    if (i > 0) {
      out += ',';
    }
    out += std::to_string(data_[i]);
  }
  out += "]}";
  return out;
}

}  // namespace nodecc
