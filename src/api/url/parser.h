#pragma once
// The URL Standard's basic URL parser and URL serializer over url::detail::UrlRecord:
// https://url.spec.whatwg.org/#concept-basic-url-parser
// Works on UTF-8 bytes: every decision is made on ASCII code points, and non-ASCII code points
// are percent-encoded byte by byte, which is what "UTF-8 percent-encode" does.
#include <optional>
#include <string>
#include <string_view>

#include "nodecc/url.h"

namespace nodecc::url::detail {

using UrlRecord = url::detail::UrlRecord;

enum class UrlState {
  kSchemeStart,
  kScheme,
  kNoScheme,
  kSpecialRelativeOrAuthority,
  kPathOrAuthority,
  kRelative,
  kRelativeSlash,
  kSpecialAuthoritySlashes,
  kSpecialAuthorityIgnoreSlashes,
  kAuthority,
  kHost,
  kHostname,
  kPort,
  kFile,
  kFileSlash,
  kFileHost,
  kPathStart,
  kPath,
  kOpaquePath,
  kQuery,
  kFragment,
};

// Without a state override: parses input (against base, which may be null) into a fresh `url`.
// With one: runs the setter algorithm on `url` in place (which, as in the Standard, may change
// parts of it before failing). Returns false on failure.
bool basicParse(std::string_view input, const UrlRecord* base, UrlRecord& url,
                std::optional<UrlState> stateOverride = std::nullopt);

// Parses input against an optional base string; nullopt when either is invalid.
std::optional<UrlRecord> parseUrl(std::string_view input,
                                  std::optional<std::string_view> base = std::nullopt);

// The URL serializer.
std::string serializeUrl(const UrlRecord& url, bool excludeFragment = false);

bool isSpecialScheme(std::string_view scheme);
// The scheme's default port, or -1.
int defaultPort(std::string_view scheme);

}  // namespace nodecc::url::detail
