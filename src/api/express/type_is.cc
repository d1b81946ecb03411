// type-is 2.1's is(mediaType, types): a Content-Type against the types a parser or req.is()
// accepts. Pure (no request), so the body parsers' type check links without the server.
#include "api/express/content_type.h"
#include "api/express/tables.h"
#include "api/express/text.h"

namespace nodecc::express::detail {

namespace {

// media-typer 1.1's test(): /^ *([A-Za-z0-9][A-Za-z0-9!#$&^_-]{0,126})\/
// ([A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}) *$/ (the spaces are trimmed already).
bool typerName(std::string_view s, std::string_view others) {
  if (s.empty() || s.size() > 127 || !text::core::isAlnum(s[0])) {
    return false;
  }
  for (char c : s) {
    if (!text::core::isAlnum(c) && others.find(c) == std::string_view::npos) {
      return false;
    }
  }
  return true;
}

// type-is's normalizeType: content-type's type (before any ';', OWS trimmed, lower-cased) when
// media-typer accepts it, else "".
std::string normalizeType(std::string_view value) {
  std::string type = parseContentType(value, false, 0, false).type;
  size_t slash = type.find('/');
  if (slash == std::string::npos ||
      !typerName(std::string_view(type).substr(0, slash), "!#$&^_-") ||
      !typerName(std::string_view(type).substr(slash + 1), "!#$&^_.+-")) {
    return {};
  }
  return type;
}

std::string normalize(const std::string& type) {
  if (type == "urlencoded") {
    return "application/x-www-form-urlencoded";
  }
  if (type == "multipart") {
    return "multipart/*";
  }
  if (!type.empty() && type[0] == '+') {
    return "*/*" + type;
  }
  return type.find('/') == std::string::npos ? std::string(mimeLookup(type)) : type;
}

bool mimeMatch(const std::string& expected, const std::string& actual) {
  if (expected.empty()) {
    return false;
  }
  size_t as = actual.find('/');
  size_t es = expected.find('/');
  if (as == std::string::npos || es == std::string::npos ||
      actual.find('/', as + 1) != std::string::npos ||
      expected.find('/', es + 1) != std::string::npos) {
    return false;
  }
  std::string a0 = actual.substr(0, as);
  std::string a1 = actual.substr(as + 1);
  std::string e0 = expected.substr(0, es);
  std::string e1 = expected.substr(es + 1);
  if (e0 != "*" && e0 != a0) {
    return false;
  }
  if (e1.size() >= 2 && e1.compare(0, 2, "*+") == 0) {
    return e1.size() <= a1.size() + 1 && a1.size() >= e1.size() - 1 &&
           a1.compare(a1.size() - (e1.size() - 1), e1.size() - 1, e1, 1) == 0;
  }
  return e1 == "*" || e1 == a1;
}

}  // namespace

std::optional<std::string> typeMatch(std::string_view contentType,
                                     const std::vector<std::string>& types) {
  std::string val = normalizeType(contentType);
  if (val.empty()) {
    return std::nullopt;
  }
  if (types.empty()) {
    return val;
  }
  for (const std::string& t : types) {
    if (mimeMatch(normalize(t), val)) {
      return (!t.empty() && t[0] == '+') || t.find('*') != std::string::npos ? val : t;
    }
  }
  return std::nullopt;
}

}  // namespace nodecc::express::detail
