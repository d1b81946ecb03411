#pragma once
// The byte scans path's functions are made of: which bytes of a window of up to 16 are '/' and
// which are '.', as bit masks (bit k for byte k), 16 bytes at a time with SSE2 (every x86-64
// has it) and as two 8-byte words elsewhere. A path is a few dozen bytes: one or two windows
// answer where a loop over bytes would take a branch per byte, mispredicted wherever a segment
// ends. Loads never leave the bytes they are given (a window shorter than 16 is read as
// overlapping 8-, 4- or 1-byte loads), so a path that ends at a guard page is safe.
#include <cstddef>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace nodecc::path::detail {

// Bit k of each is byte k of the window; bits past the window are 0.
struct ByteMasks {
  uint32_t slash;
  uint32_t dot;
};

inline constexpr size_t kWindow = 16;

inline uint64_t load64(const char* p) {
  uint64_t x;
  std::memcpy(&x, p, 8);
  return x;
}

inline uint32_t load32(const char* p) {
  uint32_t x;
  std::memcpy(&x, p, 4);
  return x;
}

#if !defined(__SSE2__)
// Bit k set when byte k of x is c: exact for every byte (no borrow crosses bytes, as the
// usual (x - ones) & ~x trick lets happen above a match), then the eight high bits gathered
// into one byte by a multiply whose partial products never collide.
inline uint32_t equalBytes8(uint64_t x, char c) {
  constexpr uint64_t kOnes = 0x0101010101010101u;
  constexpr uint64_t kLows = 0x7F7F7F7F7F7F7F7Fu;
  uint64_t y = x ^ (kOnes * static_cast<unsigned char>(c));
  uint64_t zero = ~(((y & kLows) + kLows) | y | kLows);
  return static_cast<uint32_t>(((zero >> 7) * 0x0102040810204080u) >> 56);
}
#endif

// 16 bytes of a path: bytes 0-7 in lo, 8-15 in hi (little-endian, byte 0 lowest).
struct Window {
  uint64_t lo;
  uint64_t hi;
};

#if defined(__SSE2__)
inline ByteMasks masksOfVector(__m128i v) {
  return {static_cast<uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('/')))),
          static_cast<uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('.'))))};
}
#endif

// The masks of the window's bytes.
inline ByteMasks masksOf(Window w) {
#if defined(__SSE2__)
  // (Two moves and an unpack: GCC builds _mm_set_epi64x through the stack, a store-forwarding
  // stall on the way to every mask.)
  return masksOfVector(_mm_unpacklo_epi64(_mm_cvtsi64_si128(static_cast<long long>(w.lo)),
                                          _mm_cvtsi64_si128(static_cast<long long>(w.hi))));
#else
  return {equalBytes8(w.lo, '/') | equalBytes8(w.hi, '/') << 8,
          equalBytes8(w.lo, '.') | equalBytes8(w.hi, '.') << 8};
#endif
}

// The last min(16, end - begin) bytes of [begin, end), aligned on the end: byte 15 is end[-1],
// byte 15 - k is end[-1 - k]; bytes before begin are 0, which is neither '/' nor '.'. A window
// shorter than 16 is two loads that overlap, each shifted to where its bytes go (bytes that
// both put in the same place are the same).
inline Window lastWindow(const char* begin, const char* end) {
  const size_t n = size_t(end - begin);
  if (n >= kWindow) {
    return {load64(end - 16), load64(end - 8)};
  }
  if (n >= 8) {
    // p[0, 8) goes to bytes 16 - n on: shifted by 16 - n bytes (two shifts: 8 bytes would be
    // a shift by 64), its bytes past byte 7 dropped (the second load has them).
    return {(load64(begin) << (8 * (15 - n))) << 8, load64(end - 8)};
  }
  if (n >= 4) {
    return {0, uint64_t(load32(begin)) << (8 * (8 - n)) | uint64_t(load32(end - 4)) << 32};
  }
  if (n > 0) {
    // p[0], p[n / 2] and p[n - 1] are every byte of a 1-3 byte window.
    const auto* u = reinterpret_cast<const unsigned char*>(begin);
    return {0, uint64_t(u[0]) << (8 * (8 - n)) | uint64_t(u[n / 2]) << (8 * (8 - n + n / 2)) |
                   uint64_t(u[n - 1]) << 56};
  }
  return {0, 0};
}

// The n < 16 bytes at p as a window aligned on its start: byte k is p[k], bytes n and up are
// 0. Read as lastWindow reads them, shifted the other way.
inline Window firstWindow(const char* p, size_t n) {
  if (n >= 8) {
    return {load64(p), (load64(p + n - 8) >> (8 * (15 - n))) >> 8};
  }
  if (n >= 4) {
    return {uint64_t(load32(p)) | uint64_t(load32(p + n - 4)) << (8 * (n - 4)), 0};
  }
  if (n > 0) {
    const auto* u = reinterpret_cast<const unsigned char*>(p);
    return {
        uint64_t(u[0]) | uint64_t(u[n / 2]) << (8 * (n / 2)) | uint64_t(u[n - 1]) << (8 * (n - 1)),
        0};
  }
  return {0, 0};
}

// The masks of [begin, end)'s last window (lastWindow): bit 15 is end[-1].
inline ByteMasks masksOfLast(const char* begin, const char* end) {
#if defined(__SSE2__)
  if (end - begin >= ptrdiff_t(kWindow)) {  // one load, where lastWindow makes two
    return masksOfVector(_mm_loadu_si128(reinterpret_cast<const __m128i*>(end - kWindow)));
  }
#endif
  return masksOf(lastWindow(begin, end));
}

// The index of the highest set bit of m (m != 0).
inline unsigned topBit(uint32_t m) {
  // (31 - clz, written so that GCC emits a bare bsr; 31 - clz costs two more instructions.)
  return unsigned(__builtin_clz(m)) ^ 31u;
}

}  // namespace nodecc::path::detail
