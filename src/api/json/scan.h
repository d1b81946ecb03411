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

// Whether the 8 bytes at p are all ASCII digits, and then their value (SWAR: digit pairs, then
// pairs of pairs, then the two halves, each step one multiply).
inline bool eightDigits(const unsigned char* p, std::uint64_t* value) noexcept {
  std::uint64_t x;
  std::memcpy(&x, p, 8);
  // High nibble 3 and low nibble at most 9 (adding 6 leaves the high nibble 3) in every byte.
  if ((((x & 0xF0F0F0F0F0F0F0F0ULL) |
        (((x + 0x0606060606060606ULL) & 0xF0F0F0F0F0F0F0F0ULL) >> 4)) != 0x3333333333333333ULL)) {
    return false;
  }
  x -= 0x3030303030303030ULL;                         // the first digit in the low byte
  x = (x * 10 + (x >> 8)) & 0x00FF00FF00FF00FFULL;    // 4 pairs, each 0..99
  x = (x * 100 + (x >> 16)) & 0x0000FFFF0000FFFFULL;  // 2 quads, each 0..9999
  *value = (x * 10000 + (x >> 32)) & 0xFFFFFFFFULL;   // 0..99999999
  return true;
}

inline bool isJsonWhitespace(unsigned char c) noexcept {
  return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

// The first byte that is not JSON whitespace, 16 bytes at a time: indentation (a newline and
// a run of spaces, two thirds of citm_catalog.json's bytes) usually ends within one vector.
inline const unsigned char* skipWhitespaceRun(const unsigned char* p,
                                              const unsigned char* end) noexcept {
#if defined(__SSE2__)
  const __m128i space = _mm_set1_epi8(' ');
  const __m128i newline = _mm_set1_epi8('\n');
  const __m128i carriageReturn = _mm_set1_epi8('\r');
  const __m128i tab = _mm_set1_epi8('\t');
  for (; end - p >= 16; p += 16) {
    __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    __m128i whitespace =
        _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, space), _mm_cmpeq_epi8(x, newline)),
                     _mm_or_si128(_mm_cmpeq_epi8(x, carriageReturn), _mm_cmpeq_epi8(x, tab)));
    auto mask = static_cast<unsigned>(_mm_movemask_epi8(whitespace));
    if (mask != 0xFFFF) {
      return p + __builtin_ctz(~mask);
    }
  }
#endif
  while (p < end && isJsonWhitespace(*p)) {
    ++p;
  }
  return p;
}

}  // namespace nodecc::JSON::detail
