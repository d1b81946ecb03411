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

// RFC 9110 tchar, and the bytes a field value must not contain (CTLs but HTAB, and DEL: CR,
// LF and NUL are response splitting, as Node checks), as tables: every outgoing header goes
// through both, a branch per byte cost a proxy ~1,500 instructions per request.
struct HeaderCharTables {
  bool token[256] = {};
  bool badValue[256] = {};
  constexpr HeaderCharTables() {
    for (int c = '0'; c <= '9'; ++c) {
      token[c] = true;
    }
    for (int c = 'a'; c <= 'z'; ++c) {
      token[c] = token[c - 32] = true;
    }
    for (unsigned char c : std::string_view("!#$%&'*+-.^_`|~")) {
      token[c] = true;
    }
    for (int c = 0; c < 0x20; ++c) {
      badValue[c] = c != '\t';
    }
    badValue[0x7f] = true;
  }
};
inline constexpr HeaderCharTables kHeaderChars{};

inline bool isTokenChar(unsigned char c) { return kHeaderChars.token[c]; }

inline bool isToken(std::string_view s) {
  bool ok = !s.empty();
  for (unsigned char c : s) {
    ok &= kHeaderChars.token[c];
  }
  return ok;
}

// A header value must not contain CR, LF or NUL (response splitting), as Node checks.
inline bool isValidHeaderValue(std::string_view s) {
  bool bad = false;
  for (unsigned char c : s) {
    bad |= kHeaderChars.badValue[c];
  }
  return !bad;
}

}  // namespace nodecc::http::detail
