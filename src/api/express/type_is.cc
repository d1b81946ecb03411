// type-is 2's is(mediaType, types): a Content-Type against the types a parser or req.is()
// accepts. Pure (no request), so the body parsers' type check links without the server.
#include <cctype>

#include "api/express/tables.h"
#include "api/express/text.h"

namespace nodecc::express::detail {

namespace {

bool isToken(std::string_view s) {
  if (s.empty()) {
    return false;
  }
  for (char c : s) {
    if (!(std::isalnum(static_cast<unsigned char>(c)) ||
          std::string_view("!#$%&'*+.^_`|~-").find(c) != std::string_view::npos)) {
      return false;
    }
  }
  return true;
}

// The media type of a Content-Type value, lower-cased, or "" when it is not type/subtype.
std::string normalizeType(std::string_view value) {
  std::string type(value.substr(0, value.find(';')));
  while (!type.empty() && (type.back() == ' ' || type.back() == '\t')) {
    type.pop_back();
  }
  type.erase(0, type.find_first_not_of(" \t"));
  text::core::lowerInPlace(type);
  size_t slash = type.find('/');
  if (slash == std::string::npos || !isToken(type.substr(0, slash)) ||
      !isToken(type.substr(slash + 1))) {
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
