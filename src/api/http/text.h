#pragma once
// Text helpers of the HTTP API: the token and field-value tests over the parser's SIMD scans,
// word matching in field values, decimal formatting (byte-level helpers are text/ascii.h's).
#include <cstdint>
#include <string>
#include <string_view>

#include "http/scan.h"
#include "text/ascii.h"

namespace nodecc::http::detail {

using text::core::assignLower;
using text::core::equalsIgnoreCase;

// Whether `text` holds `word` (ASCII case-insensitive) with no word character (\w) on either
// side: Node's /(?:^|\W)close(?:$|\W)/i for Connection, and its tests of Transfer-Encoding,
// TE and Expect.
inline bool mentionsWord(std::string_view text, std::string_view word) {
  auto isWordChar = [](char c) { return text::core::isAlnum(c) || c == '_'; };
  for (size_t i = 0; i + word.size() <= text.size(); ++i) {
    if (equalsIgnoreCase(text.substr(i, word.size()), word) &&
        (i == 0 || !isWordChar(text[i - 1])) &&
        (i + word.size() == text.size() || !isWordChar(text[i + word.size()]))) {
      return true;
    }
  }
  return false;
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
