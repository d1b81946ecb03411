#include "http/scan.h"

#include <immintrin.h>

namespace nodecc::http::core {
namespace {

ScanLevel detectScanLevel() {
  // __builtin_cpu_supports needs the CPU model data filled in; in a static initializer that may
  // not have happened yet.
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx2")) {
    return ScanLevel::kAvx2;
  }
  if (__builtin_cpu_supports("sse4.2")) {
    return ScanLevel::kSse42;
  }
  return ScanLevel::kScalar;
}

const ScanLevel kSupported = detectScanLevel();
ScanLevel gActive = kSupported;

}  // namespace

ScanLevel supportedScanLevel() {
  return kSupported;
}
ScanLevel activeScanLevel() {
  return gActive;
}
void forceScanLevel(ScanLevel level) {
  gActive = level < kSupported ? level : kSupported;
}

size_t scanScalar(const ByteClass& cls, const char* p, size_t n) {
  size_t i = 0;
  // Four bytes per step: tokens and values are usually longer than that.
  while (i + 4 <= n && cls.member[static_cast<uint8_t>(p[i])] &&
         cls.member[static_cast<uint8_t>(p[i + 1])] && cls.member[static_cast<uint8_t>(p[i + 2])] &&
         cls.member[static_cast<uint8_t>(p[i + 3])]) {
    i += 4;
  }
  while (i < n && cls.member[static_cast<uint8_t>(p[i])]) {
    ++i;
  }
  return i;
}

// Bit k of the result is set when byte k of v is NOT in the class.
__attribute__((target("sse4.2"))) static inline unsigned outsideMask16(__m128i v, __m128i lo,
                                                                       __m128i hi) {
  const __m128i nibble = _mm_set1_epi8(0x0F);
  const __m128i l = _mm_shuffle_epi8(lo, _mm_and_si128(v, nibble));
  const __m128i h = _mm_shuffle_epi8(hi, _mm_and_si128(_mm_srli_epi16(v, 4), nibble));
  const __m128i in = _mm_and_si128(l, h);
  return static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(in, _mm_setzero_si128())));
}

// 8..15 bytes as two overlapping 8-byte loads in one vector: header names and values handed to
// setHeader are mostly this long, and the scalar loop costs ~5 instructions a byte.
__attribute__((target("sse4.2"))) static inline size_t scanShort(const ByteClass& cls,
                                                                 const char* p, size_t n) {
  const __m128i lo = _mm_load_si128(reinterpret_cast<const __m128i*>(cls.lo));
  const __m128i hi = _mm_load_si128(reinterpret_cast<const __m128i*>(cls.hi));
  const __m128i v =
      _mm_unpacklo_epi64(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p)),
                         _mm_loadl_epi64(reinterpret_cast<const __m128i*>(p + n - 8)));
  const unsigned m = outsideMask16(v, lo, hi);
  if (m & 0xFF) {
    return static_cast<size_t>(__builtin_ctz(m));
  }
  if (m) {  // bytes 0..7 are members, so the first outsider is in the second half
    return n - 8 + static_cast<size_t>(__builtin_ctz(m >> 8));
  }
  return n;
}

__attribute__((target("sse4.2"))) size_t scanSse42(const ByteClass& cls, const char* p, size_t n) {
  constexpr size_t kStep = 16;
  if (n < kStep) {
    return n >= 8 ? scanShort(cls, p, n) : scanScalar(cls, p, n);
  }
  const __m128i lo = _mm_load_si128(reinterpret_cast<const __m128i*>(cls.lo));
  const __m128i hi = _mm_load_si128(reinterpret_cast<const __m128i*>(cls.hi));
  size_t i = 0;
  for (; i + kStep <= n; i += kStep) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i));
    if (unsigned m = outsideMask16(v, lo, hi)) {
      return i + static_cast<size_t>(__builtin_ctz(m));
    }
  }
  if (i == n) {
    return n;
  }
  // The tail re-reads the last full 16 bytes instead of going byte by byte: the bytes before i
  // are known members, so their bits are clear and the first set bit is at or after i.
  const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + n - kStep));
  if (unsigned m = outsideMask16(v, lo, hi)) {
    return n - kStep + static_cast<size_t>(__builtin_ctz(m));
  }
  return n;
}

__attribute__((target("avx2"))) static inline unsigned outsideMask32(const char* at, __m256i lo,
                                                                     __m256i hi) {
  const __m256i nibble = _mm256_set1_epi8(0x0F);
  const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(at));
  const __m256i l = _mm256_shuffle_epi8(lo, _mm256_and_si256(v, nibble));
  const __m256i h = _mm256_shuffle_epi8(hi, _mm256_and_si256(_mm256_srli_epi16(v, 4), nibble));
  const __m256i in = _mm256_and_si256(l, h);
  return static_cast<unsigned>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(in, _mm256_setzero_si256())));
}

__attribute__((target("avx2"))) size_t scanAvx2(const ByteClass& cls, const char* p, size_t n) {
  constexpr size_t kStep = 32;
  constexpr size_t kHalf = 16;
  if (n < kHalf) {
    return n >= 8 ? scanShort(cls, p, n) : scanScalar(cls, p, n);
  }
  const __m128i lo128 = _mm_load_si128(reinterpret_cast<const __m128i*>(cls.lo));
  const __m128i hi128 = _mm_load_si128(reinterpret_cast<const __m128i*>(cls.hi));
  if (n < kStep) {
    // Two overlapping 16-byte loads cover 16..31 bytes.
    if (unsigned m =
            outsideMask16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)), lo128, hi128)) {
      return static_cast<size_t>(__builtin_ctz(m));
    }
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + n - kHalf));
    if (unsigned m = outsideMask16(v, lo128, hi128)) {
      return n - kHalf + static_cast<size_t>(__builtin_ctz(m));
    }
    return n;
  }
  // VPSHUFB looks up within each 128-bit lane, so each lane gets its own copy of the tables.
  const __m256i lo = _mm256_broadcastsi128_si256(lo128);
  const __m256i hi = _mm256_broadcastsi128_si256(hi128);
  size_t i = 0;
  for (; i + kStep <= n; i += kStep) {
    if (unsigned m = outsideMask32(p + i, lo, hi)) {
      return i + static_cast<size_t>(__builtin_ctz(m));
    }
  }
  if (i == n) {
    return n;
  }
  if (unsigned m = outsideMask32(p + n - kStep, lo, hi)) {  // same overlapping tail as scanSse42
    return n - kStep + static_cast<size_t>(__builtin_ctz(m));
  }
  return n;
}

size_t scan(const ByteClass& cls, const char* p, size_t n) {
  switch (gActive) {
    case ScanLevel::kAvx2:
      return scanAvx2(cls, p, n);
    case ScanLevel::kSse42:
      return scanSse42(cls, p, n);
    case ScanLevel::kScalar:
      break;
  }
  return scanScalar(cls, p, n);
}

}  // namespace nodecc::http::core
