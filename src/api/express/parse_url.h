#pragma once
// parseurl 1.3 as Express reads req.url: the pathname the router matches and the query string
// req.query parses. Pure functions of the URL.
#include <optional>
#include <string>
#include <string_view>

namespace nodecc::express::detail {

// The pathname of a URL as parseurl gives it (the fast path for "/...", else url.parse), or
// nullopt when there is none.
std::optional<std::string> pathnameOf(std::string_view url);
// The query string of a URL (after '?'), as parseurl's query; nullopt when none.
std::optional<std::string> queryOf(std::string_view url);
// parseurl's fallback: Node's url.parse for what its fast path leaves (a URL that does not
// start with '/', or holds whitespace or '#'); nullopt where url.parse throws or gives none.
std::optional<std::string> legacyPathnameOf(std::string_view url);
std::optional<std::string> legacyQueryOf(std::string_view url);

}  // namespace nodecc::express::detail
