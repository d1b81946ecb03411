// escape-html, encodeurl, content-disposition, and type-is over a request (its pure is() is
// type_is.cc's typeMatch).
#include "api/express/text.h"

#include <cstdlib>

#include "api/url/codec.h"
#include "text/html.h"

namespace nodecc::express::detail {

std::string escapeHtml(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  text::core::appendHtmlEscaped(out, s);
  return out;
}

std::string encodeUrl(std::string_view url) {
  // Allowed as is: \x21 \x23-\x3B \x3D \x3F-\x5F \x61-\x7A \x7C \x7E, and %XX.
  static const char* kHex = "0123456789ABCDEF";
  std::string out;
  out.reserve(url.size());
  for (size_t i = 0; i < url.size(); ++i) {
    auto c = static_cast<unsigned char>(url[i]);
    bool ok = c == 0x21 || (c >= 0x23 && c <= 0x3B) || c == 0x3D || (c >= 0x3F && c <= 0x5F) ||
              (c >= 0x61 && c <= 0x7A) || c == 0x7C || c == 0x7E;
    if (c == '%') {
      ok = i + 2 < url.size() && text::core::isHexDigit(static_cast<unsigned char>(url[i + 1])) &&
           text::core::isHexDigit(static_cast<unsigned char>(url[i + 2]));
    }
    if (ok) {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

std::string lowerHeader(std::string_view name) {
  std::string out;
  text::core::assignLower(out, name);
  return out;
}

std::string contentDisposition(std::string_view filename) {
  if (filename.empty()) {
    return "attachment";
  }
  size_t slash = filename.rfind('/');
  std::string name(filename.substr(slash == std::string_view::npos ? 0 : slash + 1));
  // Code points: ISO-8859-1 ones stay (as their byte in the quoted form), others become '?'.
  bool latin1 = true;
  bool quotable = !name.empty();
  std::string fallback;
  for (size_t i = 0; i < name.size();) {
    char32_t cp;
    size_t n = url::detail::decodeUtf8At(name, i, cp);
    if (cp > 0xFF) {
      latin1 = false;
      fallback += '?';
    } else {
      // Node writes header text as latin1: the fallback's characters as their own bytes.
      fallback += static_cast<char>(cp);
    }
    quotable = quotable && ((cp >= 0x20 && cp <= 0x7E) || (cp >= 0x80 && cp <= 0xFF));
    i += n;
  }
  bool hexEscape = false;
  for (size_t i = 0; i + 2 < name.size(); ++i) {
    hexEscape = hexEscape || (name[i] == '%' && text::core::isHexDigit(name[i + 1]) &&
                              text::core::isHexDigit(name[i + 2]));
  }
  bool hasFallback = !latin1;
  auto qstring = [](const std::string& v) {
    std::string out = "\"";
    for (char c : v) {
      if (c == '"' || c == '\\') {
        out += '\\';
      }
      out += c;
    }
    return out + "\"";
  };
  std::string out = "attachment";
  if (quotable || hasFallback) {
    out += "; filename=" + qstring(hasFallback ? fallback : name);
  }
  if (hasFallback || !quotable || hexEscape) {
    static const char* kHex = "0123456789ABCDEF";
    std::string enc;
    for (char ch : name) {
      auto c = static_cast<unsigned char>(ch);
      if (text::core::isAlpha(c) || text::core::isDigit(c) ||
          std::string_view("-_.!~").find(static_cast<char>(c)) != std::string_view::npos) {
        enc += static_cast<char>(c);
      } else {
        enc += '%';
        enc += kHex[c >> 4];
        enc += kHex[c & 15];
      }
    }
    out += "; filename*=UTF-8''" + enc;
  }
  return out;
}

bool hasBody(const Request& req) {
  if (req.headers.has("transfer-encoding")) {
    return true;
  }
  if (!req.headers.has("content-length")) {
    return false;
  }
  // !isNaN(value): a number as Number() reads it ("" is 0).
  std::string_view v = req.headers["content-length"];
  std::string s(v);
  char* end = nullptr;
  std::strtod(s.c_str(), &end);
  while (end && (*end == ' ' || *end == '\t')) {
    ++end;
  }
  return end != nullptr && *end == '\0';
}

std::optional<std::string> typeIs(const Request& req,
                                  std::initializer_list<std::string_view> types) {
  if (!hasBody(req)) {
    return std::nullopt;
  }
  return typeMatch(req.headers["content-type"],
                   std::vector<std::string>(types.begin(), types.end()));
}

}  // namespace nodecc::express::detail
