#pragma once
// The Cookie header as cookie-parser reads it (cookie 0.7's parse, cookie-signature's signed
// values), and the signature res.cookie(..., {signed_: true}) writes. Pure functions.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "nodecc/express.h"

namespace nodecc::express::detail {

// cookie.parse: each name's first value, without surrounding spaces and tabs, without its
// double quotes, and %-decoded when decodeURIComponent accepts it (else as it is); no
// "__proto__" (the object is a plain one).
OrderedMap<std::string> parseCookies(std::string_view header);

// cookie-signature's sign: value + "." + base64(HMAC-SHA256(secret, value)), unpadded.
std::string signCookie(std::string_view value, std::string_view secret);
// cookie-signature's unsign: the value when the signature matches (compared in constant
// time), nullopt otherwise.
std::optional<std::string> unsignCookie(std::string_view input, std::string_view secret);

// cookie-parser: `cookies` from the header and, when there are secrets, each "s:" cookie
// moved to `signedCookies` with its value unsigned by the first secret that signed it
// (nullopt, false in Express, when none did).
void readCookies(std::string_view header, const std::vector<std::string>& secrets,
                 OrderedMap<std::string>& cookies,
                 OrderedMap<std::optional<std::string>>& signedCookies);

}  // namespace nodecc::express::detail
