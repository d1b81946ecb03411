// The URL record's helpers: scheme facts, parsing against a base string, serialization.
#include "api/url/parser.h"

namespace nodecc::url::detail {

bool isSpecialScheme(std::string_view scheme) {
  return defaultPort(scheme) != -1 || scheme == "file";
}

int defaultPort(std::string_view scheme) {
  if (scheme == "http" || scheme == "ws") {
    return 80;
  }
  if (scheme == "https" || scheme == "wss") {
    return 443;
  }
  if (scheme == "ftp") {
    return 21;
  }
  return -1;
}

std::optional<UrlRecord> parseUrl(std::string_view input, std::optional<std::string_view> base) {
  std::optional<UrlRecord> baseRecord;
  if (base) {
    baseRecord.emplace();
    if (!basicParse(*base, nullptr, *baseRecord)) {
      return std::nullopt;
    }
  }
  UrlRecord url;
  if (!basicParse(input, baseRecord ? &*baseRecord : nullptr, url)) {
    return std::nullopt;
  }
  return url;
}

std::string serializeUrl(const UrlRecord& url, bool excludeFragment) {
  std::string out;
  out.reserve(url.scheme.size() + url.path.size() + 32);
  out += url.scheme;
  out += ':';
  if (url.host) {
    out += "//";
    if (!url.username.empty() || !url.password.empty()) {
      out += url.username;
      if (!url.password.empty()) {
        out += ':';
        out += url.password;
      }
      out += '@';
    }
    out += *url.host;
    if (url.port) {
      out += ':';
      out += std::to_string(*url.port);
    }
  } else if (!url.opaquePath && url.path.size() > 1 && url.path[0] == '/' && url.path[1] == '/') {
    out += "/.";  // keeps a path starting with an empty segment from reading as a host
  }
  out += url.path;
  if (url.query) {
    out += '?';
    out += *url.query;
  }
  if (!excludeFragment && url.fragment) {
    out += '#';
    out += *url.fragment;
  }
  return out;
}

}  // namespace nodecc::url::detail
