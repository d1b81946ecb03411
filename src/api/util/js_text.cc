#include "api/util/js_text.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>

#include "api/json/number.h"
#include "text/ascii.h"

namespace nodecc::util::detail {

using text::core::isDigit;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInfinity = std::numeric_limits<double>::infinity();

bool isJsSpace(uint32_t c) {
  switch (c) {
    case 0x09:
    case 0x0A:
    case 0x0B:
    case 0x0C:
    case 0x0D:
    case 0x20:
    case 0xA0:
    case 0x1680:
    case 0x2028:
    case 0x2029:
    case 0x202F:
    case 0x205F:
    case 0x3000:
    case 0xFEFF:
      return true;
    default:
      return c >= 0x2000 && c <= 0x200A;
  }
}

std::string_view trimStart(std::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    Utf8Char c = decodeUtf8(s, i);
    if (c.length == 0 || !isJsSpace(c.code)) {
      break;
    }
    i += c.length;
  }
  return s.substr(i);
}

std::string_view trim(std::string_view s) {
  s = trimStart(s);
  // Back to the last character that is not white space.
  size_t end = 0;
  size_t i = 0;
  while (i < s.size()) {
    Utf8Char c = decodeUtf8(s, i);
    size_t len = c.length == 0 ? 1 : c.length;
    if (c.length == 0 || !isJsSpace(c.code)) {
      end = i + len;
    }
    i += len;
  }
  return s.substr(0, end);
}

// The length of the longest prefix of s that is a StrUnsignedDecimalLiteral without
// Infinity: digits [. digits] [e [+-] digits], or . digits [e...]. 0 when none.
size_t decimalPrefix(std::string_view s) {
  size_t i = 0;
  size_t intDigits = 0;
  while (i < s.size() && isDigit(s[i])) {
    ++i;
    ++intDigits;
  }
  size_t fracDigits = 0;
  if (i < s.size() && s[i] == '.') {
    size_t j = i + 1;
    while (j < s.size() && isDigit(s[j])) {
      ++j;
      ++fracDigits;
    }
    if (intDigits > 0 || fracDigits > 0) {
      i = j;
    }
  }
  if (intDigits == 0 && fracDigits == 0) {
    return 0;
  }
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    size_t j = i + 1;
    if (j < s.size() && (s[j] == '+' || s[j] == '-')) {
      ++j;
    }
    size_t expDigits = 0;
    while (j < s.size() && isDigit(s[j])) {
      ++j;
      ++expDigits;
    }
    if (expDigits > 0) {
      i = j;
    }
  }
  return i;
}

double parseDecimal(std::string_view digits) {
  double v = 0;
  auto r = std::from_chars(digits.data(), digits.data() + digits.size(), v);
  if (r.ec == std::errc::result_out_of_range) {
    // from_chars leaves v alone past double's range and below its normal numbers; strtod gives
    // what JavaScript does there: Infinity, 0, or a denormal ("1e-310").
    return std::strtod(std::string(digits).c_str(), nullptr);
  }
  return v;
}

double parseRadix(std::string_view s, int radix) {
  double v = 0;
  for (char c : s) {
    int d = isDigit(c)                               ? c - '0'
            : (c | 0x20) >= 'a' && (c | 0x20) <= 'z' ? (c | 0x20) - 'a' + 10
                                                     : 99;
    if (d >= radix) {
      return kNaN;
    }
    v = v * radix + d;
  }
  return s.empty() ? kNaN : v;
}

}  // namespace

void appendJsNumber(std::string& out, double v) {
  if (!std::isfinite(v)) {
    out += std::isnan(v) ? "NaN" : v < 0 ? "-Infinity" : "Infinity";
    return;
  }
  char buf[JSON::detail::kMaxNumberChars];
  out.append(buf, JSON::detail::formatNumber(v, buf));
}

std::string jsNumber(double v) {
  return JSON::detail::numberToString(v);
}

void appendJsFloat(std::string& out, float v) {
  if (!std::isfinite(v)) {
    appendJsNumber(out, v);
    return;
  }
  // The float's shortest digits, read back as the double they name (at most 9 significant
  // digits, which a double holds exactly), written as JavaScript writes that number.
  char buf[32];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  double d = 0;
  std::from_chars(buf, r.ptr, d);
  appendJsNumber(out, d);
}

namespace {

// Number(s) of s trimmed (not empty): 0x / 0o / 0b, [+-]Infinity, or a whole decimal literal.
double numberOfTrimmed(std::string_view s) {
  if (s.size() > 2 && s[0] == '0') {
    char p = char(s[1] | 0x20);
    int radix = p == 'x' ? 16 : p == 'o' ? 8 : p == 'b' ? 2 : 0;
    if (radix != 0) {
      return parseRadix(s.substr(2), radix);
    }
  }
  bool negative = false;
  std::string_view body = s;
  if (body[0] == '+' || body[0] == '-') {
    negative = body[0] == '-';
    body.remove_prefix(1);
  }
  if (body == "Infinity") {
    return negative ? -kInfinity : kInfinity;
  }
  size_t n = decimalPrefix(body);
  if (n == 0 || n != body.size()) {
    return kNaN;
  }
  double v = parseDecimal(body);
  return negative ? -v : v;
}

// parseInt(s, radix) of s with its leading white space gone: radix 0 is parseInt's default
// (16 after 0x, else 10); 10 reads decimal digits only ("0x1f" is 0).
double parseIntOfStart(std::string_view s, int radix) {
  bool negative = false;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
    negative = s[0] == '-';
    s.remove_prefix(1);
  }
  if (radix == 0) {
    radix = 10;
    if (s.size() >= 2 && s[0] == '0' && (s[1] | 0x20) == 'x') {
      radix = 16;
      s.remove_prefix(2);
    }
  }
  size_t n = 0;
  while (n < s.size()) {
    char c = char(s[n] | 0x20);
    bool ok = isDigit(s[n]) || (radix == 16 && c >= 'a' && c <= 'f');
    if (!ok) {
      break;
    }
    ++n;
  }
  if (n == 0) {
    return kNaN;
  }
  double v = radix == 10 ? parseDecimal(s.substr(0, n)) : parseRadix(s.substr(0, n), 16);
  return negative ? -v : v;
}

// parseFloat(s) of s with its leading white space gone.
double parseFloatOfStart(std::string_view s) {
  bool negative = false;
  std::string_view body = s;
  if (!body.empty() && (body[0] == '+' || body[0] == '-')) {
    negative = body[0] == '-';
    body.remove_prefix(1);
  }
  if (body.starts_with("Infinity")) {
    return negative ? -kInfinity : kInfinity;
  }
  size_t n = decimalPrefix(body);
  if (n == 0) {
    return kNaN;
  }
  double v = parseDecimal(body.substr(0, n));
  return negative ? -v : v;
}

std::string_view trimLatin1Start(std::string_view s) {
  while (!s.empty() && isJsSpaceLatin1(s.front())) {
    s.remove_prefix(1);
  }
  return s;
}

}  // namespace

double stringToNumber(std::string_view s) {
  s = trim(s);
  return s.empty() ? 0 : numberOfTrimmed(s);
}

double parseIntJs(std::string_view s, int radix) {
  return parseIntOfStart(trimStart(s), radix);
}

double parseFloatJs(std::string_view s) {
  return parseFloatOfStart(trimStart(s));
}

std::string_view trimLatin1(std::string_view s) {
  s = trimLatin1Start(s);
  while (!s.empty() && isJsSpaceLatin1(s.back())) {
    s.remove_suffix(1);
  }
  return s;
}

double stringToNumberLatin1(std::string_view s) {
  s = trimLatin1(s);
  return s.empty() ? 0 : numberOfTrimmed(s);
}

double parseIntLatin1(std::string_view s, int radix) {
  return parseIntOfStart(trimLatin1Start(s), radix);
}

double parseFloatLatin1(std::string_view s) {
  return parseFloatOfStart(trimLatin1Start(s));
}

Utf8Char decodeUtf8(std::string_view s, size_t i) {
  auto byte = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  unsigned char b0 = byte(i);
  if (b0 < 0x80) {
    return {b0, 1};
  }
  size_t len;
  uint32_t code;
  uint32_t min;
  if ((b0 & 0xE0) == 0xC0) {
    len = 2;
    code = b0 & 0x1F;
    min = 0x80;
  } else if ((b0 & 0xF0) == 0xE0) {
    len = 3;
    code = b0 & 0x0F;
    min = 0x800;
  } else if ((b0 & 0xF8) == 0xF0) {
    len = 4;
    code = b0 & 0x07;
    min = 0x10000;
  } else {
    return {0, 0};
  }
  if (i + len > s.size()) {
    return {0, 0};
  }
  for (size_t k = 1; k < len; ++k) {
    unsigned char b = byte(i + k);
    if ((b & 0xC0) != 0x80) {
      return {0, 0};
    }
    code = (code << 6) | (b & 0x3F);
  }
  if (code < min || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) {
    return {0, 0};
  }
  return {code, len};
}

size_t jsLength(std::string_view s) {
  size_t n = 0;
  size_t i = 0;
  while (i < s.size()) {
    if (static_cast<unsigned char>(s[i]) < 0x80) {
      ++n;
      ++i;
      continue;
    }
    Utf8Char c = decodeUtf8(s, i);
    if (c.length == 0) {
      ++n;
      ++i;
    } else {
      n += c.code >= 0x10000 ? 2 : 1;
      i += c.length;
    }
  }
  return n;
}

std::string_view jsPrefix(std::string_view s, size_t units) {
  size_t n = 0;
  size_t i = 0;
  while (i < s.size() && n < units) {
    Utf8Char c = decodeUtf8(s, i);
    size_t len = c.length == 0 ? 1 : c.length;
    size_t u = c.code >= 0x10000 ? 2 : 1;
    if (n + u > units) {
      break;
    }
    n += u;
    i += len;
  }
  return s.substr(0, i);
}

namespace {

// Node's getStringWidth without ICU (lib/internal/util/inspect.js): its wide and zero-width
// ranges.
bool isFullWidth(uint32_t c) {
  return c >= 0x1100 &&
         (c <= 0x115f || c == 0x2329 || c == 0x232a ||
          (c >= 0x2e80 && c <= 0x3247 && c != 0x303f) || (c >= 0x3250 && c <= 0x4dbf) ||
          (c >= 0x4e00 && c <= 0xa4c6) || (c >= 0xa960 && c <= 0xa97c) ||
          (c >= 0xac00 && c <= 0xd7a3) || (c >= 0xf900 && c <= 0xfaff) ||
          (c >= 0xfe10 && c <= 0xfe19) || (c >= 0xfe30 && c <= 0xfe6b) ||
          (c >= 0xff01 && c <= 0xff60) || (c >= 0xffe0 && c <= 0xffe6) ||
          (c >= 0x1b000 && c <= 0x1b001) || (c >= 0x1f200 && c <= 0x1f251) ||
          (c >= 0x1f300 && c <= 0x1f64f) || (c >= 0x20000 && c <= 0x3fffd));
}

bool isZeroWidth(uint32_t c) {
  return c <= 0x1F || (c >= 0x7F && c <= 0x9F) || (c >= 0x300 && c <= 0x36F) ||
         (c >= 0x200B && c <= 0x200F) || (c >= 0x20D0 && c <= 0x20FF) ||
         (c >= 0xFE00 && c <= 0xFE0F) || (c >= 0xFE20 && c <= 0xFE2F) ||
         (c >= 0xE0100 && c <= 0xE01EF);
}

bool isCsiFinal(char c) {
  return isDigit(c) || (c >= 'A' && c <= 'P') || (c >= 'R' && c <= 'T') || c == 'Z' || c == 'c' ||
         (c >= 'f' && c <= 'n') || (c >= 'q' && c <= 'u') || c == 'y' || c == '=' || c == '>' ||
         c == '<' || c == '~';
}

bool isOscChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || isDigit(c) ||
         std::string_view("-/#&.:=?%@~_").find(c) != std::string_view::npos;
}

// The length of the terminator (BEL, ESC \ or ST) at s[k], 0 when none.
size_t terminatorLength(std::string_view s, size_t k) {
  if (k < s.size() && s[k] == '\x07') {
    return 1;
  }
  if (s.substr(k, 2) == "\x1b\\" || s.substr(k, 2) == "\xc2\x9c") {
    return 2;
  }
  return 0;
}

// The length of the ANSI escape sequence at s[i] (Node's `ansi` expression, its first
// alternative, an operating system command, tried first), 0 when none.
size_t ansiLength(std::string_view s, size_t i) {
  size_t start = i;
  if (s[i] == '\x1b') {
    ++i;
  } else if (s.substr(i, 2) == "\xc2\x9b") {
    i += 2;
  } else {
    return 0;
  }
  while (i < s.size() && std::string_view("[]()#;?").find(s[i]) != std::string_view::npos) {
    ++i;
  }
  // [a-zA-Z\d]+(;[chars]*)* or (;[chars]+)*, then a terminator.
  size_t k = i;
  auto isAlnum = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || isDigit(c);
  };
  if (k < s.size() && isAlnum(s[k])) {
    while (k < s.size() && isAlnum(s[k])) {
      ++k;
    }
    while (k < s.size() && s[k] == ';') {
      ++k;
      while (k < s.size() && isOscChar(s[k])) {
        ++k;
      }
    }
  } else {
    while (k + 1 < s.size() && s[k] == ';' && isOscChar(s[k + 1])) {
      ++k;
      while (k < s.size() && isOscChar(s[k])) {
        ++k;
      }
    }
  }
  if (size_t t = terminatorLength(s, k)) {
    return k + t - start;
  }
  // (\d{1,4}(;\d{0,4})*)? followed by a final character.
  size_t j = i;
  size_t digits = 0;
  while (j < s.size() && isDigit(s[j]) && digits < 4) {
    ++j;
    ++digits;
  }
  if (digits > 0) {
    while (j < s.size() && s[j] == ';') {
      ++j;
      size_t more = 0;
      while (j < s.size() && isDigit(s[j]) && more < 4) {
        ++j;
        ++more;
      }
    }
  }
  if (j < s.size() && isCsiFinal(s[j])) {
    return j + 1 - start;
  }
  return 0;
}

}  // namespace

std::string stripAnsi(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  size_t i = 0;
  while (i < s.size()) {
    size_t n = ansiLength(s, i);
    if (n > 0) {
      i += n;
    } else {
      out += s[i++];
    }
  }
  return out;
}

size_t stringWidth(std::string_view s) {
  size_t width = 0;
  size_t i = 0;
  while (i < s.size()) {
    unsigned char b = static_cast<unsigned char>(s[i]);
    if (b >= 0x20 && b < 0x7F) {
      ++width;
      ++i;
      continue;
    }
    size_t esc = ansiLength(s, i);
    if (esc > 0) {
      i += esc;
      continue;
    }
    Utf8Char c = decodeUtf8(s, i);
    if (c.length == 0) {
      ++width;
      ++i;
      continue;
    }
    i += c.length;
    if (isFullWidth(c.code)) {
      width += 2;
    } else if (!isZeroWidth(c.code)) {
      ++width;
    }
  }
  return width;
}

bool isIdentifier(std::string_view key) {
  if (key.empty()) {
    return false;
  }
  auto alpha = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; };
  if (!alpha(key[0])) {
    return false;
  }
  for (char c : key.substr(1)) {
    if (!alpha(c) && !isDigit(c)) {
      return false;
    }
  }
  return true;
}

}  // namespace nodecc::util::detail
