#pragma once
// UTF-8 as JavaScript sees it. JSON text arrives as UTF-8 bytes; JavaScript holds UTF-16. An
// invalid sequence reads as U+FFFD, one per maximal subpart (WHATWG's decoder, which Node uses
// for Buffer#toString), and positions in messages count UTF-16 code units. Strings that hold a
// lone surrogate (from a \ud800 escape) keep it as its 3-byte generalized UTF-8 form (WTF-8),
// which stringify turns back into the escape.
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "text/utf8.h"

namespace nodecc::JSON::detail {

// Decoding and encoding are the text layer's (text/utf8.h): kInvalidSequence marks an invalid
// sequence, which reads as U+FFFD.
inline constexpr char32_t kReplacement = text::core::kReplacementCharacter;
using text::core::appendUtf8;
using text::core::decodeUtf8;
using text::core::kInvalidSequence;

// What a lead byte starts: 0 for no valid sequence, 2, 3 or 4 for a sequence whose second
// byte may be any continuation byte, and the special leads whose second byte is restricted:
// E0 (no overlong form), ED (no surrogate), F0 (no overlong form), F4 (nothing past U+10FFFF).
enum LeadKind : unsigned char {
  kInvalidLead,
  kLead2 = 2,
  kLead3,
  kLead4,
  kLeadE0,
  kLeadED,
  kLeadF0,
  kLeadF4
};
inline constexpr unsigned char leadKind(unsigned char b) noexcept {
  return b < 0xC2    ? kInvalidLead
         : b < 0xE0  ? kLead2
         : b == 0xE0 ? kLeadE0
         : b == 0xED ? kLeadED
         : b < 0xF0  ? kLead3
         : b == 0xF0 ? kLeadF0
         : b < 0xF4  ? kLead4
         : b == 0xF4 ? kLeadF4
                     : kInvalidLead;
}

// leadKind of every byte, looked up instead of compared in the string loop.
inline constexpr auto kLeadKinds = [] {
  std::array<unsigned char, 256> kinds{};
  for (unsigned b = 0; b < 256; ++b) {
    kinds[b] = leadKind(static_cast<unsigned char>(b));
  }
  return kinds;
}();

// The length of the valid UTF-8 sequence at p (p < end, *p >= 0x80), or 0 when it is invalid:
// decodeUtf8's checks without the code point, inline for the parser's string loop.
inline std::size_t validSequenceLength(const unsigned char* p, const unsigned char* end) noexcept {
  auto avail = static_cast<std::size_t>(end - p);
  auto cont = [](unsigned char b) { return (b & 0xC0) == 0x80; };
  const unsigned char kind = kLeadKinds[p[0]];
  if (kind == kLead3 && avail >= 3) {
    // Most non-ASCII text (CJK, punctuation, symbols): both continuation bytes at once.
    std::uint16_t next;
    std::memcpy(&next, p + 1, 2);
    return (next & 0xC0C0) == 0x8080 ? 3 : 0;
  }
  switch (kind) {
    case kLead3:
      return 0;  // truncated
    case kLead2:
      return avail >= 2 && cont(p[1]) ? 2 : 0;
    case kLeadE0:
      return avail >= 3 && p[1] >= 0xA0 && p[1] <= 0xBF && cont(p[2]) ? 3 : 0;
    case kLeadED:
      return avail >= 3 && p[1] >= 0x80 && p[1] <= 0x9F && cont(p[2]) ? 3 : 0;
    case kLead4:
      return avail >= 4 && cont(p[1]) && cont(p[2]) && cont(p[3]) ? 4 : 0;
    case kLeadF0:
      return avail >= 4 && p[1] >= 0x90 && p[1] <= 0xBF && cont(p[2]) && cont(p[3]) ? 4 : 0;
    case kLeadF4:
      return avail >= 4 && p[1] >= 0x80 && p[1] <= 0x8F && cont(p[2]) && cont(p[3]) ? 4 : 0;
    default:
      return 0;
  }
}

// Past the run of valid sequences at p (p < end, *p >= 0x80): at the first ASCII byte, the
// first invalid sequence (a byte >= 0x80), or end. Non-ASCII text tends to come in runs.
inline const unsigned char* skipValidRun(const unsigned char* p,
                                         const unsigned char* end) noexcept {
  do {
    std::size_t length = validSequenceLength(p, end);
    if (length == 0) {
      return p;
    }
    p += length;
  } while (p < end && *p >= 0x80);
  return p;
}

// The UTF-16 code units of the text, invalid sequences as U+FFFD.
std::u16string toUtf16(std::string_view text);
// UTF-16 back to UTF-8 for a message: a lone surrogate becomes U+FFFD, as Node prints it.
std::string toUtf8ForMessage(std::u16string_view units);

}  // namespace nodecc::JSON::detail
