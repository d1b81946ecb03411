#pragma once
// UTF-8 as JavaScript sees it. JSON text arrives as UTF-8 bytes; JavaScript holds UTF-16. An
// invalid sequence reads as U+FFFD, one per maximal subpart (WHATWG's decoder, which Node uses
// for Buffer#toString), and positions in messages count UTF-16 code units. Strings that hold a
// lone surrogate (from a \ud800 escape) keep it as its 3-byte generalized UTF-8 form (WTF-8),
// which stringify turns back into the escape.
#include <cstddef>
#include <string>
#include <string_view>

namespace nodecc::JSON::detail {

inline constexpr char32_t kReplacement = 0xFFFD;
// What decodeUtf8 gives for an invalid sequence (which reads as U+FFFD).
inline constexpr char32_t kInvalidSequence = 0x110000;

// Decodes the sequence at p (p < end): returns its length and sets *cp; an invalid sequence
// gives kInvalidSequence and the length of its maximal subpart (at least 1).
std::size_t decodeUtf8(const unsigned char* p, const unsigned char* end, char32_t* cp) noexcept;

// The length of the valid UTF-8 sequence at p (p < end, *p >= 0x80), or 0 when it is invalid:
// decodeUtf8's checks without the code point, inline for the parser's string loop.
inline std::size_t validSequenceLength(const unsigned char* p, const unsigned char* end) noexcept {
  unsigned char b0 = p[0];
  std::size_t avail = static_cast<std::size_t>(end - p);
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    return avail >= 2 && (p[1] & 0xC0) == 0x80 ? 2 : 0;
  }
  if (b0 >= 0xE0 && b0 <= 0xEF) {
    unsigned char lo = b0 == 0xE0 ? 0xA0 : 0x80;
    unsigned char hi = b0 == 0xED ? 0x9F : 0xBF;
    return avail >= 3 && p[1] >= lo && p[1] <= hi && (p[2] & 0xC0) == 0x80 ? 3 : 0;
  }
  if (b0 >= 0xF0 && b0 <= 0xF4) {
    unsigned char lo = b0 == 0xF0 ? 0x90 : 0x80;
    unsigned char hi = b0 == 0xF4 ? 0x8F : 0xBF;
    return avail >= 4 && p[1] >= lo && p[1] <= hi && (p[2] & 0xC0) == 0x80 && (p[3] & 0xC0) == 0x80
               ? 4
               : 0;
  }
  return 0;
}

// Appends cp as UTF-8 (a surrogate as its 3-byte form).
void appendUtf8(std::string& out, char32_t cp);

// The UTF-16 code units of the text, invalid sequences as U+FFFD.
std::u16string toUtf16(std::string_view text);
// UTF-16 back to UTF-8 for a message: a lone surrogate becomes U+FFFD, as Node prints it.
std::string toUtf8ForMessage(std::u16string_view units);

}  // namespace nodecc::JSON::detail
