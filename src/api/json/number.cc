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
  // Shortest round-trip digits in scientific form: "d[.ddd]e[+-]x".
  char sci[kMaxNumberChars];
  char* sciEnd = std::to_chars(sci, sci + sizeof sci, x, std::chars_format::scientific).ptr;
  char digits[20];
  int k = 0;
  const char* p = sci;
  for (; p < sciEnd && *p != 'e'; ++p) {
    if (*p != '.') {
      digits[k++] = *p;
    }
  }
  int exponent = 0;
  std::from_chars(p + 1 + (p[1] == '+'), sciEnd, exponent);
  int n = exponent + 1;  // ECMAScript's n: the position of the decimal point
  if (k <= n && n <= 21) {
    std::memcpy(out, digits, k);
    std::memset(out + k, '0', n - k);
    return out + n;
  }
  if (0 < n && n <= 21) {
    std::memcpy(out, digits, n);
    out[n] = '.';
    std::memcpy(out + n + 1, digits + n, k - n);
    return out + k + 1;
  }
  if (-6 < n && n <= 0) {
    out[0] = '0';
    out[1] = '.';
    std::memset(out + 2, '0', -n);
    std::memcpy(out + 2 - n, digits, k);
    return out + 2 - n + k;
  }
  *out++ = digits[0];
  if (k > 1) {
    *out++ = '.';
    std::memcpy(out, digits + 1, k - 1);
    out += k - 1;
  }
  *out++ = 'e';
  *out++ = n - 1 < 0 ? '-' : '+';
  return std::to_chars(out, out + 8, n - 1 < 0 ? 1 - n : n - 1).ptr;
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
