#pragma once
// UTF-8, written once for every layer: a code point appended as UTF-8, one sequence decoded by
// the rule V8 and the WHATWG Encoding Standard follow (an invalid sequence reads as one U+FFFD
// per maximal subpart, and the byte that broke it is read again as a lead), and what both
// give: bytes copied as well-formed UTF-8, and JavaScript's length of a UTF-8 string.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace nodecc::text::core {

inline constexpr char32_t kReplacementCharacter = 0xFFFD;
// What decodeUtf8 gives for an invalid sequence; unlike U+FFFD it cannot be a real character.
inline constexpr char32_t kInvalidSequence = 0x110000;

// Decodes the sequence at p (p < end): returns its length and sets *cp. An invalid sequence gives
// kInvalidSequence and the length of its maximal subpart (at least 1).
inline size_t decodeUtf8(const unsigned char* p, const unsigned char* end, char32_t* cp) noexcept {
  unsigned char b0 = p[0];
  if (b0 < 0x80) {
    *cp = b0;
    return 1;
  }
  // The lead byte fixes the length and the range of the second byte (no overlong forms, no
  // surrogates, nothing past U+10FFFF); later bytes are any continuation byte.
  size_t length;
  unsigned char lo = 0x80;
  unsigned char hi = 0xBF;
  char32_t value;
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    length = 2;
    value = b0 & 0x1F;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    length = 3;
    value = b0 & 0x0F;
    lo = b0 == 0xE0 ? 0xA0 : 0x80;
    hi = b0 == 0xED ? 0x9F : 0xBF;
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    length = 4;
    value = b0 & 0x07;
    lo = b0 == 0xF0 ? 0x90 : 0x80;
    hi = b0 == 0xF4 ? 0x8F : 0xBF;
  } else {
    *cp = kInvalidSequence;
    return 1;
  }
  for (size_t i = 1; i < length; ++i) {
    if (p + i >= end || p[i] < lo || p[i] > hi) {
      *cp = kInvalidSequence;
      return i;
    }
    value = (value << 6) | (p[i] & 0x3F);
    lo = 0x80;
    hi = 0xBF;
  }
  *cp = value;
  return length;
}

// Appends cp as UTF-8 (a surrogate as its 3-byte form, which JSON's lone surrogates need).
inline void appendUtf8(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

// The length of the longest valid UTF-8 prefix of p[0..n). ASCII goes 8 bytes at a time: text
// is mostly ASCII, and this is the whole cost of decoding it.
inline size_t validUtf8Prefix(const unsigned char* p, size_t n) noexcept {
  size_t i = 0;
  while (i < n) {
    if (i + 8 <= n) {
      uint64_t w;
      std::memcpy(&w, p + i, 8);
      if ((w & 0x8080808080808080ull) == 0) {
        i += 8;
        continue;
      }
    }
    if (p[i] < 0x80) {
      ++i;
      continue;
    }
    char32_t cp;
    size_t len = decodeUtf8(p + i, p + n, &cp);
    if (cp == kInvalidSequence) {
      return i;
    }
    i += len;
  }
  return n;
}

// Appends p[0..n) to out as well-formed UTF-8: each invalid sequence becomes one U+FFFD per
// maximal subpart (Buffer#toString, TextDecoder, URL's percent-decoding).
inline void appendUtf8Lossy(const unsigned char* p, size_t n, std::string& out) {
  size_t valid = validUtf8Prefix(p, n);
  out.append(reinterpret_cast<const char*>(p), valid);
  const unsigned char* end = p + n;
  for (const unsigned char* q = p + valid; q < end;) {
    char32_t cp;
    size_t len = decodeUtf8(q, end, &cp);
    if (cp == kInvalidSequence) {
      out += "\xEF\xBF\xBD";
    } else {
      out.append(reinterpret_cast<const char*>(q), len);
    }
    q += len;
  }
}

// JavaScript's string.length of UTF-8 text: UTF-16 units, an invalid sequence counting as the
// one U+FFFD it decodes to.
inline size_t utf16Length(std::string_view text) noexcept {
  auto* p = reinterpret_cast<const unsigned char*>(text.data());
  auto* end = p + text.size();
  size_t units = 0;
  while (p < end) {
    if (*p < 0x80) {
      ++p;
      ++units;
      continue;
    }
    char32_t cp;
    p += decodeUtf8(p, end, &cp);
    units += cp >= 0x10000 && cp != kInvalidSequence ? 2 : 1;
  }
  return units;
}

}  // namespace nodecc::text::core
