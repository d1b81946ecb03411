#pragma once
// Byte-class scans, the inner loop of the HTTP parser: scan(cls, p, n) is the length of the
// longest prefix of p[0..n) whose bytes all belong to cls (so p[result] is the first byte that
// ends a token or value, or is forbidden there). Reads exactly p[0..n), never beyond.
//
// Three implementations give identical results: a scalar twin (a 256-entry table), SSE4.2 (16
// bytes per step) and AVX2 (32 bytes per step). The SIMD ones classify bytes exactly with two
// 16-byte nibble tables and PSHUFB, so unlike a range compare they need no scalar recheck. The
// best one this CPU supports is chosen once at start-up; binaries run on any x86-64.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "text/ascii.h"

namespace nodecc::http::core {

// A set of bytes. member[] drives the scalar scan; byte b is in the set iff
// (lo[b & 15] & hi[b >> 4]) != 0, which drives the SIMD scans.
struct ByteClass {
  alignas(32) uint8_t lo[16];
  alignas(16) uint8_t hi[16];
  bool member[256];
};

// Builds both forms from a predicate at compile time. A set whose 16 rows (high nibbles) show
// more than 8 distinct non-empty low-nibble patterns has no nibble form: that fails to compile.
template <class Pred>
constexpr ByteClass makeByteClass(Pred in) {
  ByteClass c{};
  uint16_t patterns[8] = {};
  int used = 0;
  for (int hi = 0; hi < 16; ++hi) {
    uint16_t pattern = 0;
    for (int lo = 0; lo < 16; ++lo) {
      if (in(static_cast<uint8_t>(hi * 16 + lo))) {
        pattern = static_cast<uint16_t>(pattern | (1u << lo));
        c.member[hi * 16 + lo] = true;
      }
    }
    if (pattern == 0) {
      continue;
    }
    int bit = 0;
    while (bit < used && patterns[bit] != pattern) {
      ++bit;
    }
    if (bit == used) {
      if (used == 8) {
        throw "byte class needs more than 8 nibble patterns";  // compile-time error only
      }
      patterns[used++] = pattern;
    }
    c.hi[hi] = static_cast<uint8_t>(c.hi[hi] | (1u << bit));
  }
  for (int bit = 0; bit < used; ++bit) {
    for (int lo = 0; lo < 16; ++lo) {
      if (patterns[bit] & (1u << lo)) {
        c.lo[lo] = static_cast<uint8_t>(c.lo[lo] | (1u << bit));
      }
    }
  }
  return c;
}

// tchar: methods, field names, transfer codings, chunk extension names.
inline constexpr ByteClass kTokenChars =
    makeByteClass([](uint8_t b) { return text::core::isTchar(static_cast<char>(b)); });
// What a request-target may hold: visible ASCII (0x21-0x7E). No SP, CTL, DEL or 0x80-0xFF.
inline constexpr ByteClass kTargetChars =
    makeByteClass([](uint8_t b) { return b >= 0x21 && b <= 0x7E; });
// field-value and reason-phrase bytes (RFC 9110 §5.5): HTAB, SP, VCHAR, obs-text. Not CR, LF,
// NUL, other CTLs or DEL.
inline constexpr ByteClass kFieldValueChars =
    makeByteClass([](uint8_t b) { return b == '\t' || (b >= 0x20 && b != 0x7F); });

enum class ScanLevel : uint8_t { kScalar, kSse42, kAvx2 };

// The best level this CPU supports.
ScanLevel supportedScanLevel();
// The level scan() uses: supportedScanLevel() unless forced. forceScanLevel() is for tests and
// benchmarks (not thread-safe; a level above supportedScanLevel() is clamped to it).
ScanLevel activeScanLevel();
void forceScanLevel(ScanLevel level);

size_t scanScalar(const ByteClass& cls, const char* p, size_t n);
size_t scanSse42(const ByteClass& cls, const char* p, size_t n);  // needs SSE4.2
size_t scanAvx2(const ByteClass& cls, const char* p, size_t n);   // needs AVX2
size_t scan(const ByteClass& cls, const char* p, size_t n);       // at activeScanLevel()

}  // namespace nodecc::http::core
