// parseurl: the pathname and the query of req.url, by its fast path for a plain "/..." and
// otherwise by Node's url.parse, as Express's router and req.query read them.
#include "api/express/parse_url.h"

#include "nodecc/error.h"
#include "nodecc/url.h"

namespace nodecc::express::detail {

std::optional<std::string> legacyPathnameOf(std::string_view url) {
  try {
    return url::parse(url).pathname;
  } catch (const Error&) {
    return std::nullopt;
  }
}

std::optional<std::string> legacyQueryOf(std::string_view url) {
  try {
    auto u = url::parse(url);
    if (!u.search) {
      return std::nullopt;
    }
    return u.search->substr(1);
  } catch (const Error&) {
    return std::nullopt;
  }
}

// The fast path is parseurl's unrolled /^(\/[^?#\s]*)(\?[^#\s]*)?$/.
std::optional<std::string> queryOf(std::string_view url) {
  if (!url.empty() && url[0] == '/') {
    size_t q = url.find('?');
    bool plain = true;
    for (char c : url) {
      if (c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' ' || c == '#') {
        plain = false;
        break;
      }
    }
    if (plain) {
      if (q == std::string_view::npos) {
        return std::nullopt;
      }
      return std::string(url.substr(q + 1));
    }
  }
  return legacyQueryOf(url);
}

std::optional<std::string> pathnameOf(std::string_view url) {
  if (!url.empty() && url[0] == '/') {
    bool plain = true;
    size_t q = std::string_view::npos;
    for (size_t i = 1; i < url.size(); ++i) {
      char c = url[i];
      if (c == '?' && q == std::string_view::npos) {
        q = i;
      } else if (c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' ' || c == '#') {
        plain = false;
        break;
      }
    }
    if (plain) {
      return std::string(url.substr(0, q));
    }
  }
  return legacyPathnameOf(url);
}

}  // namespace nodecc::express::detail
