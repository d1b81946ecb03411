#pragma once
// Small text helpers of the HTTP API: ASCII case folding, the RFC 9110 token and field-value
// tests, decimal formatting.
#include <cstdint>
#include <string>
#include <string_view>

#include "http/scan.h"

namespace nodecc::http::detail {

inline char lowerAscii(char c) {
  return (c >= 'A' && c <= 'Z') ? char(c + 32) : c;
}

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

// RFC 9110 tchar (isToken) and the bytes a field value must not contain (isValidHeaderValue:
// CTLs but HTAB, and DEL; CR, LF and NUL are response splitting, as Node checks), both through
// the parser's byte-class scans, 8 or 16 bytes a step: every outgoing header goes through both.
inline bool isToken(std::string_view s) {
  return !s.empty() && core::scan(core::kTokenChars, s.data(), s.size()) == s.size();
}

inline bool isValidHeaderValue(std::string_view s) {
  return core::scan(core::kFieldValueChars, s.data(), s.size()) == s.size();
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
