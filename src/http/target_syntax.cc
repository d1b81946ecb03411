#include "http/target_syntax.h"

#include <cstddef>
#include <cstdint>

#include "text/ascii.h"

namespace nodecc::http::core {
namespace {

using text::core::isAlpha;
using text::core::isDigit;
using text::core::isHexDigit;

constexpr size_t kMaxPortDigits = 5;
constexpr uint32_t kMaxPort = 65535;

constexpr bool isUnreservedByte(uint8_t c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '.' || c == '_' || c == '~';
}
constexpr bool isSubDelimByte(uint8_t c) {
  for (char d : std::string_view("!$&'()*+,;=")) {
    if (c == static_cast<uint8_t>(d)) {
      return true;
    }
  }
  return false;
}
// unreserved / sub-delims (RFC 3986 §2): a table, as every Host value goes through it.
struct RegNameTable {
  bool in[256] = {};
  constexpr RegNameTable() {
    for (int c = 0; c < 256; ++c) {
      in[c] = isUnreservedByte(static_cast<uint8_t>(c)) || isSubDelimByte(static_cast<uint8_t>(c));
    }
  }
};
constexpr RegNameTable kRegName;

// *( unreserved / pct-encoded / sub-delims ), plus ':' when `colonOk` (userinfo).
bool isRegName(std::string_view s, bool colonOk) {
  for (size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '%') {
      if (i + 2 >= s.size() || !isHexDigit(s[i + 1]) || !isHexDigit(s[i + 2])) {
        return false;
      }
      i += 2;
    } else if (!kRegName.in[static_cast<uint8_t>(c)] && !(colonOk && c == ':')) {
      return false;
    }
  }
  return true;
}

// dec-octet "." dec-octet "." dec-octet "." dec-octet, no leading zeros (RFC 3986 §3.2.2).
bool isIPv4(std::string_view s) {
  size_t i = 0;
  for (int octet = 0; octet < 4; ++octet) {
    if (octet > 0) {
      if (i >= s.size() || s[i] != '.') {
        return false;
      }
      ++i;
    }
    const size_t start = i;
    uint32_t value = 0;
    while (i < s.size() && isDigit(s[i]) && i - start < 3) {
      value = value * 10 + static_cast<uint32_t>(s[i] - '0');
      ++i;
    }
    const size_t len = i - start;
    if (len == 0 || value > 255 || (len > 1 && s[start] == '0')) {
      return false;
    }
  }
  return i == s.size();
}

// RFC 3986 IPv6address: eight 16-bit pieces, "::" once for a run of zeros, an IPv4 tail.
bool isIPv6(std::string_view s) {
  constexpr int kPieces = 8;
  constexpr size_t kMaxHexDigits = 4;
  size_t i = 0;
  int pieces = 0;
  bool elided = false;
  if (s.substr(0, 2) == "::") {
    elided = true;
    i = 2;
    if (i == s.size()) {
      return true;
    }
  }
  for (;;) {
    size_t j = i;
    while (j < s.size() && isHexDigit(s[j])) {
      ++j;
    }
    if (j == i) {
      return false;
    }
    if (j < s.size() && s[j] == '.') {
      if (!isIPv4(s.substr(i))) {
        return false;
      }
      pieces += 2;
      break;
    }
    if (j - i > kMaxHexDigits) {
      return false;
    }
    ++pieces;
    if (j == s.size()) {
      break;
    }
    if (s[j] != ':') {
      return false;
    }
    if (j + 1 < s.size() && s[j + 1] == ':') {
      if (elided) {
        return false;
      }
      elided = true;
      i = j + 2;
      if (i == s.size()) {
        break;
      }
    } else {
      i = j + 1;
      if (i == s.size()) {
        return false;
      }
    }
  }
  return elided ? pieces < kPieces : pieces == kPieces;
}

// "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
bool isIPvFuture(std::string_view s) {
  if (s.size() < 4 || (s[0] != 'v' && s[0] != 'V')) {
    return false;
  }
  size_t i = 1;
  while (i < s.size() && isHexDigit(s[i])) {
    ++i;
  }
  if (i == 1 || i >= s.size() || s[i] != '.' || i + 1 == s.size()) {
    return false;
  }
  return isRegName(s.substr(i + 1), true) && s.substr(i + 1).find('%') == std::string_view::npos;
}

bool isPort(std::string_view s) {
  if (s.size() > kMaxPortDigits) {
    return false;
  }
  uint32_t value = 0;
  for (char c : s) {
    if (!isDigit(c)) {
      return false;
    }
    value = value * 10 + static_cast<uint32_t>(c - '0');
  }
  return value <= kMaxPort;
}

// uri-host [":" port]. `needHost`: the host may not be empty; `needPort`: the port is required
// and non-empty (authority-form).
bool isHostPort(std::string_view s, bool needHost, bool needPort) {
  std::string_view host = s;
  std::string_view port;
  bool hasPort = false;
  if (!s.empty() && s[0] == '[') {
    const size_t close = s.find(']');
    if (close == std::string_view::npos) {
      return false;
    }
    const std::string_view literal = s.substr(1, close - 1);
    if (!isIPv6(literal) && !isIPvFuture(literal)) {
      return false;
    }
    host = s.substr(0, close + 1);
    const std::string_view rest = s.substr(close + 1);
    if (!rest.empty()) {
      if (rest[0] != ':') {
        return false;
      }
      hasPort = true;
      port = rest.substr(1);
    }
  } else {
    const size_t colon = s.find(':');
    if (colon != std::string_view::npos) {
      host = s.substr(0, colon);
      port = s.substr(colon + 1);
      hasPort = true;
    }
    if (!isRegName(host, false)) {
      return false;
    }
  }
  if (needHost && host.empty()) {
    return false;
  }
  if (needPort && (!hasPort || port.empty())) {
    return false;
  }
  return !hasPort || isPort(port);
}

// scheme "://" [ userinfo "@" ] host [ ":" port ] [ path-abempty ] [ "?" query ] ["#" ...]
bool isAbsoluteForm(std::string_view t) {
  if (t.empty() || !isAlpha(t[0])) {
    return false;
  }
  size_t i = 1;
  while (i < t.size() &&
         (isAlpha(t[i]) || isDigit(t[i]) || t[i] == '+' || t[i] == '-' || t[i] == '.')) {
    ++i;
  }
  if (t.substr(i, 3) != "://") {
    return false;
  }
  std::string_view authority = t.substr(i + 3);
  authority = authority.substr(0, authority.find_first_of("/?#"));
  const size_t at = authority.rfind('@');
  if (at != std::string_view::npos) {
    if (!isRegName(authority.substr(0, at), true)) {
      return false;
    }
    authority = authority.substr(at + 1);
  }
  return isHostPort(authority, true, false);
}

}  // namespace

bool isValidTarget(Method method, std::string_view target) {
  if (target.empty()) {
    return false;
  }
  if (method == Method::kConnect) {
    return isHostPort(target, true, true);
  }
  if (target == "*") {
    return method == Method::kOptions;
  }
  if (target[0] == '/') {
    return true;
  }
  return isAbsoluteForm(target);
}

bool isValidHost(std::string_view value) {
  // Nearly every Host is a plain name or IPv4 address with an optional port: one pass over the
  // table answers those; '%', '[' and anything odd take the full grammar.
  size_t i = 0;
  while (i < value.size() && kRegName.in[static_cast<uint8_t>(value[i])]) {
    ++i;
  }
  if (i == value.size()) {
    return true;
  }
  if (value[i] == ':') {
    return isPort(value.substr(i + 1));
  }
  return isHostPort(value, false, false);
}

}  // namespace nodecc::http::core
