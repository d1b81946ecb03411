#pragma once
// ECMAScript's Number::toString(x) (radix 10), the form JSON.stringify writes numbers in:
// the shortest digits that read back as x (std::to_chars finds them), laid out as JavaScript
// does: 1e+21, 1e-7, 0.000001, 123456789012345680000, -0 as "0".
#include <string>

namespace nodecc::JSON::detail {

// Enough for any double: "-1.2345678901234567e-308" is 24 characters.
inline constexpr int kMaxNumberChars = 32;

// Writes the decimal digits of v at out (at least 20 bytes) and returns the end.
char* formatUnsigned(unsigned long long v, char* out) noexcept;

// Writes x (finite) at out and returns the end. NaN and infinities are the caller's concern
// (JSON writes them as null).
char* formatNumber(double x, char* out) noexcept;
std::string numberToString(double x);

}  // namespace nodecc::JSON::detail
