#pragma once
// JavaScript's text rules that util needs, over UTF-8 strings: Number's toString and the
// string-to-number conversions, string length in UTF-16 code units, display width, and
// inspect's quoting. Internal to the util, console and express layers.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "text/quote.h"

namespace nodecc::util::detail {

// Number.prototype.toString() (shortest round-trip digits, JavaScript's exponent rules):
// "1e+21", "1e-7", "0.1", "-0" prints "0" as JavaScript does.
void appendJsNumber(std::string& out, double v);
std::string jsNumber(double v);
// The same for a float: its own shortest digits (0.1f prints "0.1").
void appendJsFloat(std::string& out, float v);

// Number(string): whitespace trimmed, "" is 0, decimal / 0x / 0o / 0b / Infinity; NaN
// otherwise.
double stringToNumber(std::string_view s);
// parseInt(string[, radix]), radix 0 or 10: 0 (parseInt(s)) reads 16 after 0x, else 10; 10
// reads decimal digits only (parseInt("0x1f", 10) is 0). parseFloat(string).
double parseIntJs(std::string_view s, int radix = 0);
double parseFloatJs(std::string_view s);

// The same over text whose bytes are latin1 characters, as Node reads an HTTP header value:
// JavaScript's white space (\s, trim()) there is HTAB to CR, SP and NBSP (0xA0). For Express's
// header parsers (negotiator, range-parser, compression, bytes).
constexpr bool isJsSpaceLatin1(char c) {
  return (c >= '\t' && c <= '\r') || c == ' ' || c == '\xA0';
}
std::string_view trimLatin1(std::string_view s);
double stringToNumberLatin1(std::string_view s);
// parseInt(s, radix), radix 0 or 10 as parseIntJs's.
double parseIntLatin1(std::string_view s, int radix);
double parseFloatLatin1(std::string_view s);

// String.prototype.length of a UTF-8 string: UTF-16 code units (a byte that is not UTF-8
// counts as one).
size_t jsLength(std::string_view utf8);
// The first `units` UTF-16 code units of a UTF-8 string (never splitting a character).
std::string_view jsPrefix(std::string_view utf8, size_t units);
// The columns a string takes on a terminal (Node's getStringWidth): East Asian wide
// characters count two, combining and zero-width ones nothing, ANSI escapes nothing.
size_t stringWidth(std::string_view utf8);
// The string without ANSI escape sequences (util.stripVTControlCharacters).
std::string stripAnsi(std::string_view s);

// Node's strEscape (src/text/quote.h).
using text::core::appendQuoted;
// A property key: as it is when it is an identifier, quoted otherwise.
bool isIdentifier(std::string_view key);

// Decodes one UTF-8 character at s[i]: its code point and length, or length 0 when the bytes
// there are not a (shortest, non-surrogate) UTF-8 character.
struct Utf8Char {
  uint32_t code;
  size_t length;
};
Utf8Char decodeUtf8(std::string_view s, size_t i);
using text::core::appendUtf8;

}  // namespace nodecc::util::detail
