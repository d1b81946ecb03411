#pragma once
// Byte-level helpers shared by the url and querystring modules: the WHATWG percent-encode sets,
// percent-encoding and -decoding, UTF-8 transcoding, ECMAScript's decodeURIComponent and Node's
// querystring escape/unescape primitives. All pure functions over UTF-8 strings.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "text/ascii.h"
#include "text/utf8.h"

namespace nodecc::url::detail {

// A set of bytes, one bit each. Every WHATWG percent-encode set holds all bytes >= 0x7F, so a
// multi-byte UTF-8 sequence is encoded byte for byte, as the Standard's "UTF-8 percent-encode".
struct ByteSet {
  uint64_t bits[4] = {0, 0, 0, 0};
  constexpr bool contains(unsigned char c) const { return (bits[c >> 6] >> (c & 63)) & 1; }
  constexpr ByteSet with(std::string_view chars) const {
    ByteSet s = *this;
    for (char ch : chars) {
      auto c = static_cast<unsigned char>(ch);
      s.bits[c >> 6] |= uint64_t{1} << (c & 63);
    }
    return s;
  }
};

constexpr ByteSet makeC0ControlSet() {
  ByteSet s;
  for (unsigned c = 0; c < 256; ++c) {
    if (c < 0x20 || c > 0x7E) {
      s.bits[c >> 6] |= uint64_t{1} << (c & 63);
    }
  }
  return s;
}

// The percent-encode sets of the URL Standard, as Node 20 (ada) applies them. The path set has
// no '^' (a later edition of the Standard added it; Node 20 does not encode it).
inline constexpr ByteSet kC0ControlSet = makeC0ControlSet();
inline constexpr ByteSet kFragmentSet = kC0ControlSet.with(" \"<>`");
inline constexpr ByteSet kQuerySet = kC0ControlSet.with(" \"#<>");
inline constexpr ByteSet kSpecialQuerySet = kQuerySet.with("'");
inline constexpr ByteSet kPathSet = kQuerySet.with("?`{}");
inline constexpr ByteSet kUserinfoSet = kPathSet.with("/:;=@[\\]^|");
inline constexpr ByteSet kComponentSet = kUserinfoSet.with("$%&+,");

// Bytes that Node's encodeStr() leaves alone, per caller (everything else is %XX-encoded).
inline constexpr ByteSet kQsNoEscape =  // querystring.escape: A-Z a-z 0-9 - . _ ~ ! ' ( ) *
    ByteSet{}.with("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!'()*");
inline constexpr ByteSet kParamsNoEscape =  // URLSearchParams: A-Z a-z 0-9 * - . _
    ByteSet{}.with("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789*-._");
inline constexpr ByteSet kAuthNoEscape = kQsNoEscape.with(":");  // legacy url.format's auth

// Appends `in` to `out`, each byte of `set` as %XX (uppercase hex).
void percentEncodeAppend(std::string& out, std::string_view in, const ByteSet& set);
// True when percentEncodeAppend would change `in`.
bool needsPercentEncode(std::string_view in, const ByteSet& set);
// Node's encodeStr(): bytes outside `noEscape` become %XX, a space becomes '+' when
// spaceAsPlus (the form serializer). Returns `in` unchanged when nothing needs escaping.
std::string encodeStr(std::string_view in, const ByteSet& noEscape, bool spaceAsPlus);

// The Standard's percent-decode: %XX (either case) becomes the byte; anything else is kept.
std::string percentDecode(std::string_view in);

// Decodes the code point at s[i]; returns its length in bytes (>= 1). An invalid sequence
// yields cp = 0xFFFD and length 1.
size_t decodeUtf8At(std::string_view s, size_t i, char32_t& cp);
using text::core::appendUtf8;
// UTF-8 decode with replacement (the Encoding Standard's decoder, which V8 and Node use):
// every maximal invalid subsequence becomes U+FFFD.
std::string utf8Sanitize(std::string_view bytes);
// The length of s in UTF-16 code units (JS's string.length).
size_t utf16Length(std::string_view s);
// Compares two UTF-8 strings in UTF-16 code unit order (JS's < on strings): <0, 0 or >0.
int compareUtf16(std::string_view a, std::string_view b);

// ECMAScript's decodeURIComponent, or nullopt where it throws URIError.
std::optional<std::string> decodeUriComponent(std::string_view s);
// Node's querystring.unescapeBuffer(s, decodeSpaces): decodes valid %XX, keeps malformed ones.
// Like Node it writes each UTF-16 code unit of a non-ASCII character as its low byte.
std::string unescapeBuffer(std::string_view s, bool decodeSpaces);
// Node's querystring.unescape(s, decodeSpaces): decodeURIComponent, or when that throws,
// unescapeBuffer decoded as UTF-8 with replacement.
std::string qsUnescape(std::string_view s, bool decodeSpaces);

// The byte-level helpers every url file uses (text/ascii.h).
using text::core::hexValue;
using text::core::isAlpha;
using text::core::isDigit;
using text::core::isHexDigit;
using text::core::lowerInPlace;
using text::core::toLower;

}  // namespace nodecc::url::detail
