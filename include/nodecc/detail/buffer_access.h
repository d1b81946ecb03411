#pragma once
// The read/write families of nodecc::Buffer, inline: each is a bounds check, one load or store
// and a byte swap, so that a loop of readUInt32LE compiles to what hand-written code would. The
// errors are built out of line (src/api/buffer/access.cc), off the hot path.
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

namespace nodecc::detail {

// Node's boundsError for an access of `width` bytes at `offset` into `size` bytes.
[[noreturn]] void throwAccessOutOfRange(int64_t offset, size_t size, size_t width);
// Node's checkInt message for a value outside [min, max] written in `width` bytes.
[[noreturn]] void throwValueOutOfRange(int64_t value, int64_t min, int64_t max, int width);

inline void checkAccess(int64_t offset, size_t size, size_t width) {
  if (offset < 0 || uint64_t(offset) + width > size) [[unlikely]] {
    throwAccessOutOfRange(offset, size, width);
  }
}

inline void checkValue(int64_t value, int64_t min, int64_t max, int width) {
  if (value < min || value > max) [[unlikely]] {
    throwValueOutOfRange(value, min, max, width);
  }
}

template <class T>
inline T byteSwap(T v) {
  if constexpr (sizeof(T) == 2) {
    return T(__builtin_bswap16(uint16_t(v)));
  } else if constexpr (sizeof(T) == 4) {
    return T(__builtin_bswap32(uint32_t(v)));
  } else {
    return T(__builtin_bswap64(uint64_t(v)));
  }
}

// An unsigned T from `p`, in little- (LE) or big-endian order.
template <class T, bool kBigEndian>
inline T load(const uint8_t* p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  if constexpr (kBigEndian != (std::endian::native == std::endian::big)) {
    v = byteSwap(v);
  }
  return v;
}

template <class T, bool kBigEndian>
inline void store(uint8_t* p, T v) {
  if constexpr (kBigEndian != (std::endian::native == std::endian::big)) {
    v = byteSwap(v);
  }
  std::memcpy(p, &v, sizeof v);
}

// ToFloat32 as JavaScript does it: round to nearest, overflowing to +-Infinity. A double past
// float's range converts with undefined behaviour in C++, so that case is spelled out.
inline float toFloat32(double v) {
  constexpr double kRoundsToInfinity = 340282356779733661637539395458142568448.0;  // 2^128-2^103
  if (std::isfinite(v) && std::fabs(v) >= kRoundsToInfinity) {
    return v > 0 ? std::numeric_limits<float>::infinity() : -std::numeric_limits<float>::infinity();
  }
  if (std::isfinite(v) && std::fabs(v) > double(std::numeric_limits<float>::max())) {
    return v > 0 ? std::numeric_limits<float>::max() : -std::numeric_limits<float>::max();
  }
  return float(v);
}

}  // namespace nodecc::detail

namespace nodecc {

#define NODECC_BUFFER_READ(Name, Result, T, kBig)         \
  inline Result Buffer::Name(int64_t offset) const {      \
    detail::checkAccess(offset, size_, sizeof(T));        \
    return Result(detail::load<T, kBig>(data_ + offset)); \
  }
NODECC_BUFFER_READ(readUInt8, uint32_t, uint8_t, false)
NODECC_BUFFER_READ(readUInt16LE, uint32_t, uint16_t, false)
NODECC_BUFFER_READ(readUInt16BE, uint32_t, uint16_t, true)
NODECC_BUFFER_READ(readUInt32LE, uint32_t, uint32_t, false)
NODECC_BUFFER_READ(readUInt32BE, uint32_t, uint32_t, true)
NODECC_BUFFER_READ(readBigUInt64LE, uint64_t, uint64_t, false)
NODECC_BUFFER_READ(readBigUInt64BE, uint64_t, uint64_t, true)
#undef NODECC_BUFFER_READ

#define NODECC_BUFFER_READ_SIGNED(Name, Result, T, kBig)                                      \
  inline Result Buffer::Name(int64_t offset) const {                                          \
    detail::checkAccess(offset, size_, sizeof(T));                                            \
    return Result(static_cast<std::make_signed_t<T>>(detail::load<T, kBig>(data_ + offset))); \
  }
NODECC_BUFFER_READ_SIGNED(readInt8, int32_t, uint8_t, false)
NODECC_BUFFER_READ_SIGNED(readInt16LE, int32_t, uint16_t, false)
NODECC_BUFFER_READ_SIGNED(readInt16BE, int32_t, uint16_t, true)
NODECC_BUFFER_READ_SIGNED(readInt32LE, int32_t, uint32_t, false)
NODECC_BUFFER_READ_SIGNED(readInt32BE, int32_t, uint32_t, true)
NODECC_BUFFER_READ_SIGNED(readBigInt64LE, int64_t, uint64_t, false)
NODECC_BUFFER_READ_SIGNED(readBigInt64BE, int64_t, uint64_t, true)
#undef NODECC_BUFFER_READ_SIGNED

inline double Buffer::readFloatLE(int64_t offset) const {
  detail::checkAccess(offset, size_, 4);
  return std::bit_cast<float>(detail::load<uint32_t, false>(data_ + offset));
}
inline double Buffer::readFloatBE(int64_t offset) const {
  detail::checkAccess(offset, size_, 4);
  return std::bit_cast<float>(detail::load<uint32_t, true>(data_ + offset));
}
inline double Buffer::readDoubleLE(int64_t offset) const {
  detail::checkAccess(offset, size_, 8);
  return std::bit_cast<double>(detail::load<uint64_t, false>(data_ + offset));
}
inline double Buffer::readDoubleBE(int64_t offset) const {
  detail::checkAccess(offset, size_, 8);
  return std::bit_cast<double>(detail::load<uint64_t, true>(data_ + offset));
}

#define NODECC_BUFFER_WRITE(Name, T, kBig, kMin, kMax)        \
  inline size_t Buffer::Name(int64_t value, int64_t offset) { \
    detail::checkValue(value, kMin, kMax, int(sizeof(T)));    \
    detail::checkAccess(offset, size_, sizeof(T));            \
    detail::store<T, kBig>(data_ + offset, T(value));         \
    return size_t(offset) + sizeof(T);                        \
  }
NODECC_BUFFER_WRITE(writeUInt8, uint8_t, false, 0, 0xff)
NODECC_BUFFER_WRITE(writeUInt16LE, uint16_t, false, 0, 0xffff)
NODECC_BUFFER_WRITE(writeUInt16BE, uint16_t, true, 0, 0xffff)
NODECC_BUFFER_WRITE(writeUInt32LE, uint32_t, false, 0, 0xffffffff)
NODECC_BUFFER_WRITE(writeUInt32BE, uint32_t, true, 0, 0xffffffff)
NODECC_BUFFER_WRITE(writeInt8, uint8_t, false, -0x80, 0x7f)
NODECC_BUFFER_WRITE(writeInt16LE, uint16_t, false, -0x8000, 0x7fff)
NODECC_BUFFER_WRITE(writeInt16BE, uint16_t, true, -0x8000, 0x7fff)
NODECC_BUFFER_WRITE(writeInt32LE, uint32_t, false, -0x80000000LL, 0x7fffffff)
NODECC_BUFFER_WRITE(writeInt32BE, uint32_t, true, -0x80000000LL, 0x7fffffff)
#undef NODECC_BUFFER_WRITE

inline size_t Buffer::writeBigUInt64LE(uint64_t value, int64_t offset) {
  detail::checkAccess(offset, size_, 8);
  detail::store<uint64_t, false>(data_ + offset, value);
  return size_t(offset) + 8;
}
inline size_t Buffer::writeBigUInt64BE(uint64_t value, int64_t offset) {
  detail::checkAccess(offset, size_, 8);
  detail::store<uint64_t, true>(data_ + offset, value);
  return size_t(offset) + 8;
}
inline size_t Buffer::writeBigInt64LE(int64_t value, int64_t offset) {
  return writeBigUInt64LE(uint64_t(value), offset);
}
inline size_t Buffer::writeBigInt64BE(int64_t value, int64_t offset) {
  return writeBigUInt64BE(uint64_t(value), offset);
}
inline size_t Buffer::writeFloatLE(double value, int64_t offset) {
  detail::checkAccess(offset, size_, 4);
  detail::store<uint32_t, false>(data_ + offset, std::bit_cast<uint32_t>(detail::toFloat32(value)));
  return size_t(offset) + 4;
}
inline size_t Buffer::writeFloatBE(double value, int64_t offset) {
  detail::checkAccess(offset, size_, 4);
  detail::store<uint32_t, true>(data_ + offset, std::bit_cast<uint32_t>(detail::toFloat32(value)));
  return size_t(offset) + 4;
}
inline size_t Buffer::writeDoubleLE(double value, int64_t offset) {
  detail::checkAccess(offset, size_, 8);
  detail::store<uint64_t, false>(data_ + offset, std::bit_cast<uint64_t>(value));
  return size_t(offset) + 8;
}
inline size_t Buffer::writeDoubleBE(double value, int64_t offset) {
  detail::checkAccess(offset, size_, 8);
  detail::store<uint64_t, true>(data_ + offset, std::bit_cast<uint64_t>(value));
  return size_t(offset) + 8;
}

}  // namespace nodecc
