#pragma once
// The byte scans that JSON's hot loops are made of, 16 bytes at a time with SSE2 (every
// x86-64 has it) and 8 at a time elsewhere. Each returns the first byte at or after p that
// stops the scan, or end.
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace nodecc::JSON::detail {

inline constexpr std::uint64_t kOnes = 0x0101010101010101ULL;
inline constexpr std::uint64_t kHighs = 0x8080808080808080ULL;

// The high bit of each zero byte of x; borrows can flag bytes above a flagged one, never
// below, so the lowest flag is exact.
inline std::uint64_t zeroBytes(std::uint64_t x) noexcept {
  return (x - kOnes) & ~x & kHighs;
}

// Parsing a string: '"', '\\', a control character, or a non-ASCII byte (validated apart).
inline bool isStringStop(unsigned char c) noexcept {
  return c < 0x20 || c == '"' || c == '\\' || c >= 0x80;
}

inline const unsigned char* scanStringRun(const unsigned char* p,
                                          const unsigned char* end) noexcept {
#if defined(__SSE2__)
  const __m128i quote = _mm_set1_epi8('"');
  const __m128i backslash = _mm_set1_epi8('\\');
  const __m128i space = _mm_set1_epi8(0x20);
  for (; end - p >= 16; p += 16) {
    __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    // Signed: below 0x20 is 0x00..0x1F and 0x80..0xFF, both stops.
    __m128i stops =
        _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, quote), _mm_cmpeq_epi8(x, backslash)),
                     _mm_cmplt_epi8(x, space));
    if (int mask = _mm_movemask_epi8(stops)) {
      return p + __builtin_ctz(static_cast<unsigned>(mask));
    }
  }
#else
  for (; end - p >= 8; p += 8) {
    std::uint64_t x;
    std::memcpy(&x, p, 8);
    std::uint64_t stops = ((x - kOnes * 0x20) & ~x & kHighs) | zeroBytes(x ^ (kOnes * '"')) |
                          zeroBytes(x ^ (kOnes * '\\')) | (x & kHighs);
    if (stops) {
      return p + __builtin_ctzll(stops) / 8;
    }
  }
#endif
  while (p < end && !isStringStop(*p)) {
    ++p;
  }
  return p;
}

// Writing a string: what JSON.stringify escapes (below 0x20, '"', '\\') and 0xED, the lead
// byte of a surrogate's 3-byte form (a lone surrogate is escaped).
inline bool isEscapeStop(unsigned char c) noexcept {
  return c < 0x20 || c == '"' || c == '\\' || c == 0xED;
}

inline const char* scanEscapeRun(const char* s, const char* send) noexcept {
  auto* p = reinterpret_cast<const unsigned char*>(s);
  auto* end = reinterpret_cast<const unsigned char*>(send);
#if defined(__SSE2__)
  const __m128i quote = _mm_set1_epi8('"');
  const __m128i backslash = _mm_set1_epi8('\\');
  const __m128i surrogateLead = _mm_set1_epi8(static_cast<char>(0xED));
  const __m128i controlMax = _mm_set1_epi8(0x1F);
  for (; end - p >= 16; p += 16) {
    __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    __m128i control = _mm_cmpeq_epi8(_mm_min_epu8(x, controlMax), x);  // unsigned x <= 0x1F
    __m128i stops =
        _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, quote), _mm_cmpeq_epi8(x, backslash)),
                     _mm_or_si128(_mm_cmpeq_epi8(x, surrogateLead), control));
    if (int mask = _mm_movemask_epi8(stops)) {
      return reinterpret_cast<const char*>(p + __builtin_ctz(static_cast<unsigned>(mask)));
    }
  }
#else
  for (; end - p >= 8; p += 8) {
    std::uint64_t x;
    std::memcpy(&x, p, 8);
    std::uint64_t stops = ((x - kOnes * 0x20) & ~x & kHighs) | zeroBytes(x ^ (kOnes * '"')) |
                          zeroBytes(x ^ (kOnes * '\\')) | zeroBytes(x ^ (kOnes * 0xED));
    if (stops) {
      return reinterpret_cast<const char*>(p + __builtin_ctzll(stops) / 8);
    }
  }
#endif
  while (p < end && !isEscapeStop(*p)) {
    ++p;
  }
  return reinterpret_cast<const char*>(p);
}

// The first byte at or after p that is not an ASCII digit, eight bytes at a time: per byte,
// t = b - '0' has its high bit set below '0' (or at 0x80 and above), t + 0x76 above '9'.
// Borrows and carries run only upwards from a flagged byte: the lowest flag is exact.
inline const unsigned char* skipDigits(const unsigned char* p, const unsigned char* end) noexcept {
  for (; end - p >= 8; p += 8) {
    std::uint64_t x;
    std::memcpy(&x, p, 8);
    std::uint64_t t = x - kOnes * '0';
    if (std::uint64_t other = (t | (t + kOnes * 0x76)) & kHighs) {
      return p + __builtin_ctzll(other) / 8;
    }
  }
  while (p < end && static_cast<unsigned>(*p - '0') < 10) {
    ++p;
  }
  return p;
}

inline bool isJsonWhitespace(unsigned char c) noexcept {
  return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

// The first byte that is not JSON whitespace. Indentation is a newline and a run of spaces:
// the vectors look for the end of the spaces, the newline (and any tab or \r) steps one byte.
inline const unsigned char* skipWhitespaceRun(const unsigned char* p,
                                              const unsigned char* end) noexcept {
  while (p < end) {
#if defined(__SSE2__)
    if (*p == ' ' && end - p >= 16) {
      __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
      unsigned spaces =
          static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_set1_epi8(' '))));
      if (spaces == 0xFFFF) {
        p += 16;
        continue;
      }
      p += __builtin_ctz(~spaces);
      continue;
    }
#endif
    if (!isJsonWhitespace(*p)) {
      return p;
    }
    ++p;
  }
  return p;
}

}  // namespace nodecc::JSON::detail
