// negotiator 0.6.4 (lib/encoding.js), bytes 3.1 (parse) and the JavaScript number conversions
// they rely on, statement for statement where the order of checks shows in the result.
#include "api/express/compression_rules.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>

#include "text/ascii.h"

namespace nodecc::express::detail {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

bool isJsSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

std::string_view trimJs(std::string_view s) {
  while (!s.empty() && isJsSpace(s.front())) {
    s.remove_prefix(1);
  }
  while (!s.empty() && isJsSpace(s.back())) {
    s.remove_suffix(1);
  }
  return s;
}

// The length of the StrDecimalLiteral at the start of s ([+-] digits [. digits] [e[+-]digits],
// or Infinity), 0 when there is none.
size_t decimalPrefix(std::string_view s) {
  size_t i = 0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) {
    ++i;
  }
  if (s.substr(i).starts_with("Infinity")) {
    return i + 8;
  }
  size_t digits = 0;
  while (i < s.size() && text::core::isDigit(s[i])) {
    ++i;
    ++digits;
  }
  if (i < s.size() && s[i] == '.') {
    size_t j = i + 1;
    size_t fraction = 0;
    while (j < s.size() && text::core::isDigit(s[j])) {
      ++j;
      ++fraction;
    }
    if (digits + fraction > 0) {
      i = j;
      digits += fraction;
    }
  }
  if (digits == 0) {
    return 0;
  }
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    size_t j = i + 1;
    if (j < s.size() && (s[j] == '+' || s[j] == '-')) {
      ++j;
    }
    size_t exponent = j;
    while (j < s.size() && text::core::isDigit(s[j])) {
      ++j;
    }
    if (j > exponent) {
      i = j;
    }
  }
  return i;
}

double decimalValue(std::string_view literal) {
  std::string copy(literal);
  bool negative = !copy.empty() && copy[0] == '-';
  std::string_view rest = copy;
  if (!rest.empty() && (rest[0] == '+' || rest[0] == '-')) {
    rest.remove_prefix(1);
  }
  if (rest == "Infinity") {
    return negative ? -std::numeric_limits<double>::infinity()
                    : std::numeric_limits<double>::infinity();
  }
  return std::strtod(copy.c_str(), nullptr);
}

// a || b for numbers: 0 and NaN are falsy.
double jsOr(double a, double b) {
  return (a != 0 && !std::isnan(a)) ? a : b;
}

struct Accepted {
  std::string_view encoding;
  double q;
  int i;
};

struct Priority {
  int index;  // in `available`
  int o;
  double q;
  int s;
};

// specify(): null when the spec neither names the coding nor is "*".
std::optional<Priority> specify(std::string_view encoding, const Accepted& spec, int index) {
  int s = 0;
  if (text::core::equalsIgnoreCase(spec.encoding, encoding)) {
    s |= 1;
  } else if (spec.encoding != "*") {
    return std::nullopt;
  }
  return Priority{index, spec.i, spec.q, s};
}

// parseEncoding(): /^\s*([^\s;]+)\s*(?:;(.*))?$/ over a trimmed item.
std::optional<Accepted> parseEncoding(std::string_view str, int i) {
  size_t p = 0;
  while (p < str.size() && isJsSpace(str[p])) {
    ++p;
  }
  size_t start = p;
  while (p < str.size() && !isJsSpace(str[p]) && str[p] != ';') {
    ++p;
  }
  if (p == start) {
    return std::nullopt;
  }
  std::string_view encoding = str.substr(start, p - start);
  while (p < str.size() && isJsSpace(str[p])) {
    ++p;
  }
  double q = 1;
  if (p < str.size()) {
    if (str[p] != ';') {
      return std::nullopt;
    }
    std::string_view params = str.substr(p + 1);
    // "(.*)" stops at a line terminator, where the match then fails.
    if (params.find('\n') != std::string_view::npos ||
        params.find('\r') != std::string_view::npos) {
      return std::nullopt;
    }
    while (true) {
      size_t semi = params.find(';');
      std::string_view param = trimJs(params.substr(0, semi));
      size_t eq = param.find('=');
      if (param.substr(0, eq) == "q") {
        // parseFloat(p[1]): p[1] ends at the next '=', where parseFloat stops anyway.
        q = eq == std::string_view::npos ? kNaN : jsParseFloat(param.substr(eq + 1));
        break;
      }
      if (semi == std::string_view::npos) {
        break;
      }
      params.remove_prefix(semi + 1);
    }
  }
  return Accepted{encoding, q, i};
}

}  // namespace

std::vector<std::string_view> negotiateEncodings(std::string_view accept,
                                                 const std::vector<std::string_view>& available,
                                                 const std::vector<std::string_view>& preferred) {
  // parseAcceptEncoding
  std::vector<Accepted> accepts;
  bool hasIdentity = false;
  double minQuality = 1;
  int count = 0;
  while (true) {
    size_t comma = accept.find(',');
    std::optional<Accepted> e = parseEncoding(trimJs(accept.substr(0, comma)), count);
    ++count;
    if (e) {
      accepts.push_back(*e);
      hasIdentity = hasIdentity || specify("identity", *e, 0).has_value();
      minQuality = std::min(minQuality, jsOr(e->q, 1));
    }
    if (comma == std::string_view::npos) {
      break;
    }
    accept.remove_prefix(comma + 1);
  }
  if (!hasIdentity) {
    accepts.push_back(Accepted{"identity", minQuality, count});
  }

  std::vector<Priority> priorities;
  for (size_t n = 0; n < available.size(); ++n) {
    Priority priority{int(n), -1, 0, 0};
    for (const Accepted& a : accepts) {
      std::optional<Priority> spec = specify(available[n], a, int(n));
      if (spec && jsOr(double(priority.s - spec->s),
                       jsOr(priority.q - spec->q, double(priority.o - spec->o))) < 0) {
        priority = *spec;
      }
    }
    if (priority.q > 0) {  // isQuality
      priorities.push_back(priority);
    }
  }
  auto preferredIndex = [&](const Priority& p) {
    auto it = std::find(preferred.begin(), preferred.end(), available[size_t(p.index)]);
    return it == preferred.end() ? -1 : int(it - preferred.begin());
  };
  auto compare = [&](const Priority& a, const Priority& b) -> double {
    if (a.q != b.q) {
      return b.q - a.q;
    }
    int ap = preferredIndex(a);
    int bp = preferredIndex(b);
    if (ap == -1 && bp == -1) {
      return jsOr(double(b.s - a.s), jsOr(double(a.o - b.o), double(a.index - b.index)));
    }
    if (ap != -1 && bp != -1) {
      return ap - bp;
    }
    return ap == -1 ? 1 : -1;
  };
  // Array.prototype.sort is stable.
  std::stable_sort(priorities.begin(), priorities.end(),
                   [&](const Priority& a, const Priority& b) { return compare(a, b) < 0; });
  std::vector<std::string_view> out;
  for (const Priority& p : priorities) {
    out.push_back(available[size_t(p.index)]);
  }
  return out;
}

std::optional<double> parseBytes(std::string_view val) {
  // /^((-|\+)?(\d+(?:\.\d+)?)) *(kb|mb|gb|tb|pb)$/i
  size_t i = 0;
  if (i < val.size() && (val[i] == '-' || val[i] == '+')) {
    ++i;
  }
  size_t digits = i;
  while (i < val.size() && text::core::isDigit(val[i])) {
    ++i;
  }
  bool matched = false;
  double unit = 1;
  size_t numberEnd = i;
  if (i > digits) {
    if (i < val.size() && val[i] == '.') {
      size_t j = i + 1;
      while (j < val.size() && text::core::isDigit(val[j])) {
        ++j;
      }
      if (j > i + 1) {
        i = j;
      }
    }
    numberEnd = i;
    while (i < val.size() && val[i] == ' ') {
      ++i;
    }
    std::string_view suffix = val.substr(i);
    static constexpr std::pair<std::string_view, double> kUnits[] = {{"kb", 1 << 10},
                                                                     {"mb", 1 << 20},
                                                                     {"gb", 1 << 30},
                                                                     {"tb", 1099511627776.0},
                                                                     {"pb", 1125899906842624.0}};
    for (const auto& [name, factor] : kUnits) {
      if (text::core::equalsIgnoreCase(suffix, name)) {
        matched = true;
        unit = factor;
      }
    }
  }
  double value;
  if (matched) {
    value = jsParseFloat(val.substr(0, numberEnd));
  } else {
    // parseInt(val, 10)
    std::string_view s = trimJs(val);
    size_t k = 0;
    if (k < s.size() && (s[k] == '+' || s[k] == '-')) {
      ++k;
    }
    size_t first = k;
    while (k < s.size() && text::core::isDigit(s[k])) {
      ++k;
    }
    value = k == first ? kNaN : std::strtod(std::string(s.substr(0, k)).c_str(), nullptr);
  }
  if (std::isnan(value)) {
    return std::nullopt;
  }
  return std::floor(unit * value);
}

double jsNumber(std::string_view text) {
  std::string_view s = trimJs(text);
  if (s.empty()) {
    return 0;
  }
  if (s.size() > 2 && s[0] == '0') {
    int base = s[1] == 'x' || s[1] == 'X'   ? 16
               : s[1] == 'o' || s[1] == 'O' ? 8
               : s[1] == 'b' || s[1] == 'B' ? 2
                                            : 0;
    if (base != 0) {
      double v = 0;
      for (char c : s.substr(2)) {
        int d = text::core::isHexDigit(c) ? text::core::hexValue(c) : 99;
        if (d >= base) {
          return kNaN;
        }
        v = v * base + d;
      }
      return v;
    }
  }
  size_t n = decimalPrefix(s);
  return n == s.size() ? decimalValue(s) : kNaN;
}

double jsParseFloat(std::string_view text) {
  std::string_view s = text;
  while (!s.empty() && isJsSpace(s.front())) {
    s.remove_prefix(1);
  }
  size_t n = decimalPrefix(s);
  return n == 0 ? kNaN : decimalValue(s.substr(0, n));
}

}  // namespace nodecc::express::detail
