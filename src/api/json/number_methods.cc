// Number.prototype.toFixed/toPrecision/toExponential (ECMA-262 21.1.3): each picks the integer
// n whose scaled value is closest to x's exact value, a tie to the larger n. printf rounds the
// same exact value, but a tie to even, so the digits come from printf's exact expansion and
// the rounding is done here.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "api/json/number.h"
#include "nodecc/error.h"
#include "nodecc/number.h"

namespace nodecc::Number {

namespace {

// x > 0 finite as significant digits d1d2d3... (no leading zero) and the decimal exponent of
// d1: x = d1.d2d3... × 10^exponent, exactly.
struct Exact {
  std::string digits;
  int exponent = 0;
};

Exact exactDigits(double x) {
  // x's lowest bit is worth 2^(e - 53), 2^-1074 at least: as many fractional decimal digits
  // as binary ones make the expansion exact.
  int e = 0;
  std::frexp(x, &e);
  int fraction = std::min(std::max(53 - e, 0), 1074);
  // The integer part has up to 309 digits (DBL_MAX).
  std::string buf(static_cast<size_t>(320 + fraction), '\0');
  int n = std::snprintf(buf.data(), buf.size(), "%.*f", fraction, x);
  buf.resize(static_cast<size_t>(n));
  size_t point = buf.find('.');
  int integerDigits = static_cast<int>(point == std::string::npos ? buf.size() : point);
  if (point != std::string::npos) {
    buf.erase(point, 1);
  }
  size_t zeros = buf.find_first_not_of('0');
  Exact out;
  out.digits = buf.substr(zeros);
  out.exponent = integerDigits - static_cast<int>(zeros) - 1;
  return out;
}

// Keeps `count` (>= 1) significant digits, rounding half up; a carry out of the first digit
// raises the exponent and keeps `count` digits ("999" to 3 digits is "100", exponent + 1).
void roundTo(Exact& x, int count) {
  size_t k = static_cast<size_t>(count);
  if (x.digits.size() <= k) {
    x.digits.append(k - x.digits.size(), '0');
    return;
  }
  bool up = x.digits[k] >= '5';
  x.digits.resize(k);
  if (!up) {
    return;
  }
  for (size_t i = k; i-- > 0;) {
    if (x.digits[i] != '9') {
      ++x.digits[i];
      return;
    }
    x.digits[i] = '0';
  }
  x.digits.insert(0, 1, '1');
  x.digits.pop_back();
  ++x.exponent;
}

std::string exponentSuffix(int e) {
  std::string out = e >= 0 ? "e+" : "e-";
  return out.append(std::to_string(std::abs(e)));
}

void checkRange(int value, int low, const char* message) {
  if (value < low || value > 100) {
    throw RangeError("", message);
  }
}

}  // namespace

std::string toString(double x) {
  return JSON::detail::numberToString(x);
}

std::string toFixed(double x, int digits) {
  checkRange(digits, 0, "toFixed() digits argument must be between 0 and 100");
  if (!std::isfinite(x)) {
    return toString(x);
  }
  std::string sign = x < 0 ? "-" : "";
  x = std::fabs(x);
  if (x >= 1e21) {
    return sign.append(toString(x));
  }
  // n = x × 10^digits rounded, as a digit string.
  std::string n = "0";
  if (x != 0) {
    Exact e = exactDigits(x);
    int kept = e.exponent + 1 + digits;  // significant digits left of the rounding point
    if (kept > 0) {
      roundTo(e, kept);
      n = e.digits;
      // A carry made the value 10^k: one more digit than were kept.
      n.append(static_cast<size_t>(e.exponent + 1 + digits - kept), '0');
    } else if (kept == 0 && e.digits[0] >= '5') {
      n.assign(1, '1');
    }
  }
  if (digits == 0) {
    return sign.append(n);
  }
  if (n.size() <= static_cast<size_t>(digits)) {
    n.insert(0, static_cast<size_t>(digits) + 1 - n.size(), '0');
  }
  n.insert(n.size() - static_cast<size_t>(digits), 1, '.');
  return sign.append(n);
}

std::string toExponential(double x, int digits) {
  if (!std::isfinite(x)) {
    return toString(x);
  }
  checkRange(digits, 0, "toExponential() argument must be between 0 and 100");
  std::string sign = x < 0 ? "-" : "";
  x = std::fabs(x);
  Exact e;
  if (x == 0) {
    e.digits.assign(static_cast<size_t>(digits) + 1, '0');
  } else {
    e = exactDigits(x);
    roundTo(e, digits + 1);
  }
  if (digits != 0) {
    e.digits.insert(1, 1, '.');
  }
  return sign.append(e.digits).append(exponentSuffix(e.exponent));
}

std::string toExponential(double x) {
  if (!std::isfinite(x)) {
    return toString(x);
  }
  std::string sign = x < 0 ? "-" : "";
  x = std::fabs(x);
  if (x == 0) {
    return sign + "0e+0";
  }
  // The shortest digits that read back: to_chars writes them as "d.ddde+XX".
  char buf[JSON::detail::kMaxNumberChars];
  char* end = std::to_chars(buf, buf + sizeof buf, x, std::chars_format::scientific).ptr;
  std::string s(buf, end);
  size_t mark = s.find('e');
  int exponent = std::atoi(s.c_str() + mark + 1);
  s.resize(mark);
  return sign.append(s).append(exponentSuffix(exponent));
}

std::string toPrecision(double x, int precision) {
  if (!std::isfinite(x)) {
    return toString(x);
  }
  checkRange(precision, 1, "toPrecision() argument must be between 1 and 100");
  std::string sign = x < 0 ? "-" : "";
  x = std::fabs(x);
  Exact e;
  if (x == 0) {
    e.digits.assign(static_cast<size_t>(precision), '0');
  } else {
    e = exactDigits(x);
    roundTo(e, precision);
  }
  std::string& m = e.digits;
  if (e.exponent < -6 || e.exponent >= precision) {
    if (precision != 1) {
      m.insert(1, 1, '.');
    }
    return sign.append(m).append(exponentSuffix(e.exponent));
  }
  if (e.exponent == precision - 1) {
    return sign.append(m);
  }
  if (e.exponent >= 0) {
    m.insert(static_cast<size_t>(e.exponent) + 1, 1, '.');
    return sign.append(m);
  }
  sign.append("0.").append(static_cast<size_t>(-(e.exponent + 1)), '0');
  return sign.append(m);
}

}  // namespace nodecc::Number
