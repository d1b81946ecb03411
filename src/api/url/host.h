#pragma once
// The URL Standard's host parser (domains, IPv4 with its hex/octal forms, IPv6, opaque hosts)
// and the IDNA subset behind it (idna.cc): UTS #46 ToASCII as Node 20's ada applies it,
// with a small mapping table instead of the full Unicode one. docs/url.md lists what is not
// covered.
#include <optional>
#include <string>
#include <string_view>

namespace nodecc::url::detail {

// The host parser: `input` is the raw host text of a URL (without the port). Returns the
// serialized host ("example.com", "127.0.0.1", "[::1]", an opaque host percent-encoded), or
// nullopt when it is not a valid host. `special` is whether the URL's scheme is special.
std::optional<std::string> parseHost(std::string_view input, bool special);

// ada::idna::to_ascii, which Node's legacy url.parse() also uses: maps (lowercases, folds
// full-width forms, drops ignorable code points), checks each label, punycodes the non-ASCII
// ones, and checks every "xn--" label. nullopt when the domain is invalid or maps to "".
std::optional<std::string> idnaToAscii(std::string_view domain);
// ada::idna::to_unicode: each valid "xn--" label decoded, other labels kept.
std::string idnaToUnicode(std::string_view domain);

// RFC 3492 Punycode of a label's code points (appended to out), and its inverse.
bool punycodeEncode(std::u32string_view input, std::string& out);
bool punycodeDecode(std::string_view input, std::u32string& out);

}  // namespace nodecc::url::detail
