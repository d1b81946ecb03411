#pragma once
// Small text helpers of the HTTP API: ASCII case folding and the RFC 9110 token test.
#include <string>
#include <string_view>

namespace nodecc::http::detail {

inline char lowerAscii(char c) { return (c >= 'A' && c <= 'Z') ? char(c + 32) : c; }

inline bool equalsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) {
    return false;
  }
  for (size_t i = 0; i < a.size(); ++i) {
    if (lowerAscii(a[i]) != lowerAscii(b[i])) {
      return false;
    }
  }
  return true;
}

inline void assignLower(std::string& out, std::string_view s) {
  out.resize(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    out[i] = lowerAscii(s[i]);
  }
}

inline bool isTokenChar(unsigned char c) {
  if (c >= '0' && c <= '9') {
    return true;
  }
  if ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') {
    return true;
  }
  switch (c) {
    case '!': case '#': case '$': case '%': case '&': case '\'': case '*': case '+':
    case '-': case '.': case '^': case '_': case '`': case '|': case '~':
      return true;
    default:
      return false;
  }
}

inline bool isToken(std::string_view s) {
  if (s.empty()) {
    return false;
  }
  for (unsigned char c : s) {
    if (!isTokenChar(c)) {
      return false;
    }
  }
  return true;
}

// A header value must not contain CR, LF or NUL (response splitting), as Node checks.
inline bool isValidHeaderValue(std::string_view s) {
  for (unsigned char c : s) {
    if ((c < 0x20 && c != '\t') || c == 0x7f) {
      return false;
    }
  }
  return true;
}

}  // namespace nodecc::http::detail
