// mime-types 3 and statuses over the generated tables.
#include <algorithm>

#include "api/express/tables.h"
#include "api/url/codec.h"
#include "api/util/js_text.h"
#include "text/ascii.h"

namespace nodecc::express::detail {

namespace {

// Longer than every extension and type of the tables (24 and 37 bytes): a longer key is not
// in them, so lookups lower-case into a buffer of this size.
constexpr size_t kMaxLookupLength = 80;

// /^\s*([^;\s]*)(?:;|\s|$)/: the type before any parameter, or nullopt when none matches.
std::optional<std::string_view> extractType(std::string_view s) {
  size_t i = 0;
  auto space = [](char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
  };
  while (i < s.size() && space(s[i])) {
    ++i;
  }
  size_t start = i;
  while (i < s.size() && s[i] != ';' && !space(s[i])) {
    ++i;
  }
  return s.substr(start, i - start);
}

}  // namespace

std::string_view mimeLookup(std::string_view path) {
  if (path.empty()) {
    return {};
  }
  // extname('x.' + path), lower-cased, without its dot. Without a '/' in path the base name is
  // "x." + path, whose last dot is path's last or the one before it.
  std::string_view ext;
  size_t slash = path.rfind('/');
  if (slash == std::string_view::npos) {
    size_t dot = path.rfind('.');
    ext = dot == std::string_view::npos ? path : path.substr(dot + 1);
  } else {
    std::string_view base = path.substr(slash + 1);
    size_t dot = base.rfind('.');
    if (dot == std::string_view::npos || dot == 0) {
      return {};
    }
    ext = base.substr(dot + 1);
  }
  char lower[kMaxLookupLength];
  if (ext.empty() || ext.size() > sizeof lower) {
    return {};
  }
  for (size_t i = 0; i < ext.size(); ++i) {
    lower[i] = text::core::toLower(ext[i]);
  }
  ext = std::string_view(lower, ext.size());
  const ExtensionType* begin = kExtensionTypes;
  const ExtensionType* end = kExtensionTypes + kExtensionTypeCount;
  auto it = std::lower_bound(
      begin, end, ext, [](const ExtensionType& e, std::string_view k) { return e.extension < k; });
  return it != end && it->extension == ext ? it->type : std::string_view();
}

std::string_view mimeCharset(std::string_view type) {
  auto match = extractType(type);
  if (!match) {
    return {};
  }
  char buffer[kMaxLookupLength];
  if (match->size() > sizeof buffer) {
    return text::core::equalsIgnoreCase(match->substr(0, 5), "text/") ? "UTF-8" : "";
  }
  for (size_t i = 0; i < match->size(); ++i) {
    buffer[i] = text::core::toLower((*match)[i]);
  }
  std::string_view lower(buffer, match->size());
  const TypeCharset* begin = kTypeCharsets;
  const TypeCharset* end = kTypeCharsets + kTypeCharsetCount;
  auto it = std::lower_bound(begin, end, lower,
                             [](const TypeCharset& e, std::string_view k) { return e.type < k; });
  if (it != end && it->type == lower) {
    return it->charset;
  }
  if (lower.substr(0, 5) == "text/") {
    return "UTF-8";
  }
  return {};
}

std::optional<std::string> mimeContentType(std::string_view str) {
  if (str.empty()) {
    return std::nullopt;
  }
  std::string mime(str.find('/') == std::string_view::npos ? mimeLookup(str) : str);
  if (mime.empty()) {
    return std::nullopt;
  }
  if (mime.find("charset") == std::string::npos) {
    std::string charset(mimeCharset(mime));
    if (!charset.empty()) {
      text::core::lowerInPlace(charset);
      mime += "; charset=";
      mime += charset;
    }
  }
  return mime;
}

std::optional<bool> compressible(std::string_view type) {
  // compressible 2: EXTRACT_TYPE_REGEXP /^\s*([^;\s]*)(?:;|\s|$)/, lower-cased.
  size_t start = 0;
  while (start < type.size() && util::detail::isJsSpaceLatin1(type[start])) {
    ++start;
  }
  size_t end = start;
  while (end < type.size() && type[end] != ';' && !util::detail::isJsSpaceLatin1(type[end])) {
    ++end;
  }
  std::string lower(type.substr(start, end - start));
  text::core::lowerInPlace(lower);
  const TypeCompressible* first = kTypeCompressible;
  const TypeCompressible* last = kTypeCompressible + kTypeCompressibleCount;
  auto it =
      std::lower_bound(first, last, std::string_view(lower),
                       [](const TypeCompressible& e, std::string_view k) { return e.type < k; });
  if (it != last && it->type == lower) {
    return it->compressible;
  }
  // COMPRESSIBLE_TYPE_REGEXP /^text\/|\+(?:json|text|xml)$/i, else undefined.
  std::string_view t = lower;
  if (t.starts_with("text/") || t.ends_with("+json") || t.ends_with("+text") ||
      t.ends_with("+xml")) {
    return true;
  }
  return std::nullopt;
}

}  // namespace nodecc::express::detail
