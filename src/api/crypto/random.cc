// crypto's random values. Every byte comes from os::core::getRandom (getrandom(2)), the one entry
// point the flight recorder wraps; OpenSSL's RAND is not used, so nothing random bypasses it.
// randomUUID and randomInt draw from a per-thread cache filled 2 KiB / 6 KiB at a time, as
// Node's do, which makes them cost a copy rather than a syscall.
#include "os/random.h"

#include <openssl/crypto.h>

#include <algorithm>
#include <array>
#include <string>

#include "api/buffer/errors.h"
#include "api/crypto/random_source.h"
#include "nodecc/crypto.h"

namespace nodecc::crypto {

using buffer::detail::outOfRange;

namespace detail {

void fillRandom(uint8_t* out, size_t size) {
  os::core::Result<size_t> r = os::core::getRandom(out, size);
  if (!r) {
    throw Error::fromErrno(r.error(), "getrandom");
  }
}

void checkRandomSize(int64_t size) {
  if (size < 0 || size > kMaxRandomSize) {
    throw outOfRange("size", ">= 0 && <= " + std::to_string(kMaxRandomSize), size);
  }
}

std::pair<size_t, size_t> randomFillRange(size_t length, int64_t offset, int64_t size) {
  int64_t maxOffset = std::min<int64_t>(int64_t(length), kMaxRandomSize);
  if (offset < 0 || offset > maxOffset) {
    throw outOfRange("offset", ">= 0 && <= " + std::to_string(maxOffset), offset);
  }
  if (size == Buffer::kToEnd) {
    return {size_t(offset), length - size_t(offset)};
  }
  checkRandomSize(size);
  if (size + offset > int64_t(length)) {
    throw outOfRange("size + offset", "<= " + std::to_string(length), size + offset);
  }
  return {size_t(offset), size_t(size)};
}

namespace {

constexpr int64_t kMaxSafeInteger = (int64_t(1) << 53) - 1;
constexpr int64_t kRandMax = (int64_t(1) << 48) - 1;

void checkSafeInteger(int64_t v, const char* name) {
  if (v > kMaxSafeInteger || v < -kMaxSafeInteger) {
    throw TypeError("ERR_INVALID_ARG_TYPE", std::string("The \"") + name +
                                                "\" argument must be a safe integer. Received "
                                                "type number (" +
                                                std::to_string(v) + ")");
  }
}

// Node's 6 KiB cache of 48-bit draws.
struct IntCache {
  std::array<uint8_t, 6 * 1024> bytes;
  size_t offset = sizeof bytes;
};
thread_local IntCache tIntCache;

}  // namespace

int64_t checkRandomIntRange(int64_t min, int64_t max, bool minGiven) {
  checkSafeInteger(min, "min");
  checkSafeInteger(max, "max");
  if (max <= min) {
    throw outOfRange("max", "greater than the value of \"min\" (" + std::to_string(min) + ")", max);
  }
  int64_t range = max - min;
  if (range > kRandMax) {
    throw outOfRange(minGiven ? "max - min" : "max", "<= " + std::to_string(kRandMax), range);
  }
  return range;
}

int64_t drawRandomInt(int64_t min, int64_t range) {
  // Rejection sampling: x uniform in [0, 2^48) is kept below the largest multiple of range.
  int64_t limit = kRandMax - (kRandMax % range);
  IntCache& c = tIntCache;
  for (;;) {
    if (c.offset == c.bytes.size()) {
      fillRandom(c.bytes.data(), c.bytes.size());
      c.offset = 0;
    }
    int64_t x = 0;
    for (int i = 0; i < 6; ++i) {
      x = (x << 8) | c.bytes[c.offset + size_t(i)];
    }
    c.offset += 6;
    if (x < limit) {
      return x % range + min;
    }
  }
}

}  // namespace detail

Buffer randomBytes(int64_t size) {
  detail::checkRandomSize(size);
  Buffer b = Buffer::allocUnsafe(size_t(size));
  detail::fillRandom(b.data(), b.size());
  return b;
}

Buffer randomFillSync(Buffer buffer, int64_t offset, int64_t size) {
  auto [at, n] = detail::randomFillRange(buffer.size(), offset, size);
  detail::fillRandom(buffer.data() + at, n);
  return buffer;
}

int64_t randomInt(int64_t max) {
  return detail::drawRandomInt(0, detail::checkRandomIntRange(0, max, false));
}

int64_t randomInt(int64_t min, int64_t max) {
  return detail::drawRandomInt(min, detail::checkRandomIntRange(min, max, true));
}

namespace {

struct UuidCache {
  std::array<uint8_t, 16 * 128> bytes;
  size_t offset = sizeof bytes;
};
thread_local UuidCache tUuidCache;

}  // namespace

std::string randomUUID() {
  UuidCache& c = tUuidCache;
  if (c.offset == c.bytes.size()) {
    detail::fillRandom(c.bytes.data(), c.bytes.size());
    c.offset = 0;
  }
  uint8_t* u = c.bytes.data() + c.offset;
  c.offset += 16;
  u[6] = uint8_t((u[6] & 0x0f) | 0x40);  // version 4
  u[8] = uint8_t((u[8] & 0x3f) | 0x80);  // variant 10
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out(36, '-');
  size_t at = 0;
  for (size_t i = 0; i < 16; ++i) {
    if (i == 4 || i == 6 || i == 8 || i == 10) {
      ++at;
    }
    out[at++] = kHex[u[i] >> 4];
    out[at++] = kHex[u[i] & 15];
  }
  return out;
}

Buffer getRandomValues(Buffer typedArray) {
  constexpr size_t kMaxBytes = 65536;
  if (typedArray.size() > kMaxBytes) {
    Error e("The requested length exceeds 65,536 bytes");
    e.name = "QuotaExceededError";
    throw e;
  }
  detail::fillRandom(typedArray.data(), typedArray.size());
  return typedArray;
}

bool timingSafeEqual(const Buffer& a, const Buffer& b) {
  if (a.size() != b.size()) {
    throw RangeError("ERR_CRYPTO_TIMING_SAFE_EQUAL_LENGTH",
                     "Input buffers must have the same byte length");
  }
  return a.empty() || CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

}  // namespace nodecc::crypto
