#pragma once
// Small text helpers of the HTTP API: ASCII case folding and the RFC 9110 token test.
#include <cstdint>
#include <string>
#include <string_view>

#include "http/scan.h"

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

// Both through the parser's byte-class scans (the same sets: tchar, and the complement of
// badValue), 8 or 16 bytes a step.
inline bool isToken(std::string_view s) {
  return !s.empty() && scan(kTokenChars, s.data(), s.size()) == s.size();
}

// A header value must not contain CR, LF or NUL (response splitting), as Node checks.
inline bool isValidHeaderValue(std::string_view s) {
  return scan(kFieldValueChars, s.data(), s.size()) == s.size();
}

// Writes v in decimal into the bytes ending at `end` and returns where the digits start (at
// most 20 of them). Backwards, so the digits need not be counted first: Content-Length values
// are short (std::to_chars plus an append cost 73 instructions for "13", this about half).
inline char* formatDecimal(char* end, uint64_t v) {
  char* p = end;
  do {
    *--p = char('0' + v % 10);
    v /= 10;
  } while (v != 0);
  return p;
}

}  // namespace nodecc::http::detail
