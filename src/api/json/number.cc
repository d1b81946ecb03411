#include "api/json/number.h"

#include <charconv>
#include <cmath>
#include <cstring>

namespace nodecc::JSON::detail {

namespace {

// "00" to "99": two digits per division, as most fast integer formatters do.
constexpr char kDigitPairs[] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

int digitCount(std::uint32_t v) noexcept {
  return v < 100000       ? (v < 100     ? (v < 10 ? 1 : 2)
                             : v < 1000  ? 3
                             : v < 10000 ? 4
                                         : 5)
         : v < 10000000   ? (v < 1000000 ? 6 : 7)
         : v < 100000000  ? 8
         : v < 1000000000 ? 9
                          : 10;
}

// Pairs of digits from the end: one 32-bit division by a constant (a multiplication) per pair.
char* formatUnsigned32(std::uint32_t v, char* out) noexcept {
  int n = digitCount(v);
  char* p = out + n;
  while (v >= 100) {
    std::uint32_t q = v / 100;
    std::uint32_t pair = (v - q * 100) * 2;
    v = q;
    *--p = kDigitPairs[pair + 1];
    *--p = kDigitPairs[pair];
  }
  if (v >= 10) {
    *--p = kDigitPairs[v * 2 + 1];
    *--p = kDigitPairs[v * 2];
  } else {
    *--p = static_cast<char>('0' + v);
  }
  return out + n;
}

}  // namespace

// std::to_chars spent about 130 instructions on each of citm_catalog.json's 9-digit ids;
// 32-bit pairs of digits take about 40.
char* formatUnsigned(unsigned long long v, char* out) noexcept {
  if (v <= 0xFFFFFFFFULL) {
    return formatUnsigned32(static_cast<std::uint32_t>(v), out);
  }
  // The high part, then the low 9 digits zero-padded.
  char low[9];
  auto rest = static_cast<std::uint32_t>(v % 1000000000);
  out = formatUnsigned(v / 1000000000, out);
  for (int i = 8; i >= 0; --i) {
    low[i] = static_cast<char>('0' + rest % 10);
    rest /= 10;
  }
  std::memcpy(out, low, 9);
  return out + 9;
}

char* formatNumber(double x, char* out) noexcept {
  if (x == 0) {  // 0 and -0
    *out = '0';
    return out + 1;
  }
  // Integers below 2^53 are their own shortest digits: the common case, formatted directly.
  if (std::fabs(x) < 9007199254740992.0 && x == std::trunc(x)) {
    if (x < 0) {
      *out++ = '-';
      x = -x;
    }
    return formatUnsigned(static_cast<unsigned long long>(x), out);
  }
  if (x < 0) {
    *out++ = '-';
    x = -x;
  }
  // Shortest round-trip digits in scientific form, "d[.ddd]e[+-]x" (to_chars is most of the
  // cost; the layout below is written without further library calls).
  char sci[kMaxNumberChars];
  char* sciEnd = std::to_chars(sci, sci + sizeof sci, x, std::chars_format::scientific).ptr;
  // The digits: sci[0], then sci[2..e) when there is a point; k of them.
  const char* e = sci + 1;
  while (*e != 'e') {
    ++e;
  }
  const char* more = sci + 2;  // the digits after the first
  const int k = e == sci + 1 ? 1 : static_cast<int>(e - sci) - 1;
  int exponent = 0;
  for (const char* d = e + 2; d < sciEnd; ++d) {
    exponent = exponent * 10 + (*d - '0');
  }
  if (e[1] == '-') {
    exponent = -exponent;
  }
  auto digit = [&](int i) { return i == 0 ? sci[0] : more[i - 1]; };
  const int n = exponent + 1;  // ECMAScript's n: the position of the decimal point
  if (k <= n && n <= 21) {
    for (int i = 0; i < k; ++i) {
      *out++ = digit(i);
    }
    for (int i = k; i < n; ++i) {
      *out++ = '0';
    }
    return out;
  }
  if (0 < n && n <= 21) {
    for (int i = 0; i < n; ++i) {
      *out++ = digit(i);
    }
    *out++ = '.';
    for (int i = n; i < k; ++i) {
      *out++ = digit(i);
    }
    return out;
  }
  if (-6 < n && n <= 0) {
    *out++ = '0';
    *out++ = '.';
    for (int i = n; i < 0; ++i) {
      *out++ = '0';
    }
    for (int i = 0; i < k; ++i) {
      *out++ = digit(i);
    }
    return out;
  }
  // Exponential: d[.ddd]e+x, the digits as to_chars wrote them.
  const std::size_t mantissa = static_cast<std::size_t>(e - sci);
  for (std::size_t i = 0; i < mantissa; ++i) {
    out[i] = sci[i];
  }
  out += mantissa;
  *out++ = 'e';
  *out++ = n - 1 < 0 ? '-' : '+';
  return formatUnsigned(static_cast<unsigned>(n - 1 < 0 ? 1 - n : n - 1), out);
}

std::string numberToString(double x) {
  if (std::isnan(x)) {
    return "NaN";
  }
  if (std::isinf(x)) {
    return x < 0 ? "-Infinity" : "Infinity";
  }
  char buf[kMaxNumberChars];
  return std::string(buf, formatNumber(x, buf));
}

}  // namespace nodecc::JSON::detail
