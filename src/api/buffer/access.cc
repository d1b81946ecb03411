// The out-of-line half of Buffer's read/write families (nodecc/detail/buffer_access.h): their
// errors, and the variable-width readUIntLE/writeIntBE... of 1 to 6 bytes.
#include "api/buffer/errors.h"
#include "nodecc/buffer.h"

namespace nodecc {

namespace detail {

void throwAccessOutOfRange(int64_t offset, size_t size, size_t width) {
  // Node's boundsError(offset, length - width).
  if (size < width) {
    throw buffer::detail::outOfBounds();
  }
  throw buffer::detail::outOfRange("offset", ">= 0 and <= " + std::to_string(size - width), offset);
}

void throwValueOutOfRange(int64_t value, int64_t min, int64_t max, int width) {
  // Node's checkInt: past 4 bytes the range is written as powers of two.
  std::string range;
  if (width > 4 && min == 0) {
    range = ">= 0 and < 2 ** " + std::to_string(width * 8);
  } else if (width > 4) {
    std::string bits = std::to_string(width * 8 - 1);
    range = ">= -(2 ** " + bits + ") and < 2 ** " + bits;
  } else {
    range = ">= " + std::to_string(min) + " and <= " + std::to_string(max);
  }
  throw buffer::detail::outOfRange("value", range, value);
}

}  // namespace detail

namespace {

void checkByteLength(int byteLength) {
  if (byteLength < 1 || byteLength > 6) {
    throw buffer::detail::outOfRange("byteLength", ">= 1 and <= 6", byteLength);
  }
}

uint64_t loadLE(const uint8_t* p, int n) {
  uint64_t v = 0;
  for (int i = n - 1; i >= 0; --i) {
    v = (v << 8) | p[i];
  }
  return v;
}

uint64_t loadBE(const uint8_t* p, int n) {
  uint64_t v = 0;
  for (int i = 0; i < n; ++i) {
    v = (v << 8) | p[i];
  }
  return v;
}

int64_t signExtend(uint64_t v, int n) {
  int shift = 64 - 8 * n;
  return int64_t(v << shift) >> shift;
}

void storeLE(uint8_t* p, uint64_t v, int n) {
  for (int i = 0; i < n; ++i) {
    p[i] = uint8_t(v >> (8 * i));
  }
}

void storeBE(uint8_t* p, uint64_t v, int n) {
  for (int i = 0; i < n; ++i) {
    p[n - 1 - i] = uint8_t(v >> (8 * i));
  }
}

int64_t maxUnsigned(int n) {
  return int64_t((uint64_t(1) << (8 * n)) - 1);
}

int64_t maxSigned(int n) {
  return int64_t((uint64_t(1) << (8 * n - 1)) - 1);
}

}  // namespace

uint64_t Buffer::readUIntLE(int64_t offset, int byteLength) const {
  checkByteLength(byteLength);
  detail::checkAccess(offset, size_, size_t(byteLength));
  return loadLE(data_ + offset, byteLength);
}

uint64_t Buffer::readUIntBE(int64_t offset, int byteLength) const {
  checkByteLength(byteLength);
  detail::checkAccess(offset, size_, size_t(byteLength));
  return loadBE(data_ + offset, byteLength);
}

int64_t Buffer::readIntLE(int64_t offset, int byteLength) const {
  return signExtend(readUIntLE(offset, byteLength), byteLength);
}

int64_t Buffer::readIntBE(int64_t offset, int byteLength) const {
  return signExtend(readUIntBE(offset, byteLength), byteLength);
}

size_t Buffer::writeUIntLE(int64_t value, int64_t offset, int byteLength) {
  checkByteLength(byteLength);
  detail::checkValue(value, 0, maxUnsigned(byteLength), byteLength);
  detail::checkAccess(offset, size_, size_t(byteLength));
  storeLE(data_ + offset, uint64_t(value), byteLength);
  return size_t(offset) + size_t(byteLength);
}

size_t Buffer::writeUIntBE(int64_t value, int64_t offset, int byteLength) {
  checkByteLength(byteLength);
  detail::checkValue(value, 0, maxUnsigned(byteLength), byteLength);
  detail::checkAccess(offset, size_, size_t(byteLength));
  storeBE(data_ + offset, uint64_t(value), byteLength);
  return size_t(offset) + size_t(byteLength);
}

size_t Buffer::writeIntLE(int64_t value, int64_t offset, int byteLength) {
  checkByteLength(byteLength);
  detail::checkValue(value, -maxSigned(byteLength) - 1, maxSigned(byteLength), byteLength);
  detail::checkAccess(offset, size_, size_t(byteLength));
  storeLE(data_ + offset, uint64_t(value), byteLength);
  return size_t(offset) + size_t(byteLength);
}

size_t Buffer::writeIntBE(int64_t value, int64_t offset, int byteLength) {
  checkByteLength(byteLength);
  detail::checkValue(value, -maxSigned(byteLength) - 1, maxSigned(byteLength), byteLength);
  detail::checkAccess(offset, size_, size_t(byteLength));
  storeBE(data_ + offset, uint64_t(value), byteLength);
  return size_t(offset) + size_t(byteLength);
}

}  // namespace nodecc
