#pragma once
// HTTP-date (RFC 9110 §5.6.7): formatting IMF-fixdate for Last-Modified, and parsing the three
// forms a recipient must accept for If-Modified-Since, If-Unmodified-Since and If-Range.
// Pure functions: no clock, no locale, no allocation.
#include <cstdint>
#include <string_view>

namespace nodecc::staticfiles::core {

inline constexpr size_t kHttpDateLength = 29;  // "Sun, 06 Nov 1994 08:49:37 GMT"

// Writes the IMF-fixdate of `unixSeconds` (UTC) into out[0..29).
void formatHttpDate(int64_t unixSeconds, char* out);

// IMF-fixdate, RFC 850 ("Sunday, 06-Nov-94 08:49:37 GMT") or asctime ("Sun Nov  6 08:49:37
// 1994"). False when `text` is none of them (the caller then ignores the header, as RFC 9110
// requires). The weekday is not checked against the date (nginx does not either).
bool parseHttpDate(std::string_view text, int64_t* unixSeconds);

}  // namespace nodecc::staticfiles::core
