#include "api/json/number.h"

#include <charconv>
#include <cmath>
#include <cstring>

namespace nodecc::JSON::detail {

char* formatNumber(double x, char* out) noexcept {
  if (x == 0) {  // 0 and -0
    *out = '0';
    return out + 1;
  }
  // Integers below 2^53 are their own shortest digits: the common case, formatted directly.
  if (std::fabs(x) < 9007199254740992.0 && x == std::trunc(x)) {
    return std::to_chars(out, out + kMaxNumberChars, static_cast<long long>(x)).ptr;
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
