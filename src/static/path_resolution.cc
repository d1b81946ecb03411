#include "static/path_resolution.h"

#include <array>

#include "text/ascii.h"

namespace nodecc::staticfiles::core {

namespace {

using text::core::hexValue;
using text::core::startsWithIgnoreCase;

constexpr int kBadRequest = 400;

// The bytes the path scan stops at.
constexpr auto kWatched = [] {
  std::array<bool, 256> t{};
  for (unsigned char c : {'?', '/', '%', '\\', '\0'}) {
    t[c] = true;
  }
  return t;
}();

}  // namespace

int resolveTarget(std::string_view target, std::string& out, ResolvedTarget* r) {
  *r = ResolvedTarget{};
  if (target.empty()) {
    return kBadRequest;
  }
  if (target.front() != '/') {
    // absolute-form (a request meant for a proxy, legal to send to an origin): drop the
    // scheme and authority.
    if (!startsWithIgnoreCase(target, "http://") && !startsWithIgnoreCase(target, "https://")) {
      return kBadRequest;
    }
    size_t authority = target.find("//") + 2;
    size_t slash = target.find_first_of("/?", authority);
    if (slash != std::string_view::npos && target[slash] == '?') {
      return kBadRequest;
    }
    target = slash == std::string_view::npos ? std::string_view("/") : target.substr(slash);
  }
  // One scan finds the query and whether the path needs any decoding or normalizing: in the
  // common case (no '%', backslash or NUL, no "//" and no segment starting with '.') the path
  // is the target itself, with no copy. Most bytes are none of the few that matter, so a table
  // lookup and one predictable branch per byte decide.
  size_t end = 0;
  bool special = false;
  for (; end < target.size(); ++end) {
    auto c = static_cast<unsigned char>(target[end]);
    if (!kWatched[c]) {
      continue;
    }
    if (c == '?') {
      break;
    }
    if (c == '/') {
      char next = end + 1 < target.size() ? target[end + 1] : '\0';
      special |= next == '/' || next == '.';
    } else {
      special = true;  // '%', '\\' or NUL
    }
  }
  std::string_view raw = target.substr(0, end);
  if (end < target.size()) {
    r->hasQuery = true;
    r->query = target.substr(end + 1);
  }
  if (!special && raw.size() <= kMaxPathBytes) {
    r->path = raw;
    r->trailingSlash = raw.back() == '/';
    return 0;  // and no dot segment: "/." would have been special
  }
  out.clear();
  // Decode and normalize in one pass: `out` always holds "/seg/seg" with no trailing slash
  // (or is empty for the root) and each segment is checked once it is complete.
  size_t segStart = 0;  // index in `out` of the '/' that starts the current segment
  auto closeSegment = [&]() -> bool {
    std::string_view seg(out.data() + segStart + 1, out.size() - segStart - 1);
    if (seg.empty() || seg == ".") {
      out.resize(segStart);
    } else if (seg == "..") {
      if (segStart == 0) {
        return false;  // above the root
      }
      size_t prev = out.rfind('/', segStart - 1);
      out.resize(prev);
    }
    return true;
  };
  bool inSegment = false;
  for (size_t i = 0; i < raw.size(); ++i) {
    char c = raw[i];
    bool encoded = false;
    if (c == '%') {
      if (i + 2 >= raw.size()) {
        return kBadRequest;
      }
      int hi = hexValue(raw[i + 1]);
      int lo = hexValue(raw[i + 2]);
      if (hi < 0 || lo < 0) {
        return kBadRequest;
      }
      c = char(hi * 16 + lo);
      i += 2;
      encoded = true;
    }
    if (c == '\0' || c == '\\' || (c == '/' && encoded)) {
      return kBadRequest;
    }
    if (c == '/') {
      if (inSegment && !closeSegment()) {
        return kBadRequest;
      }
      segStart = out.size();
      out.push_back('/');
      inSegment = true;
      continue;
    }
    out.push_back(c);
    if (out.size() > kMaxPathBytes) {
      return kBadRequest;
    }
  }
  if (inSegment) {
    std::string_view last(out.data() + segStart + 1, out.size() - segStart - 1);
    // A path ending in "/", "/." or "/.." names a directory: "/a/.." is "/" (RFC 3986).
    r->trailingSlash = last.empty() || last == "." || last == "..";
    if (!closeSegment()) {
      return kBadRequest;
    }
  }
  if (out.empty() || r->trailingSlash) {
    out.push_back('/');
    r->trailingSlash = true;
  }
  r->path = out;
  r->dotSegment = hasDotSegment(out);
  return 0;
}

bool hasDotSegment(std::string_view path) {
  for (size_t i = 0; i + 1 < path.size(); ++i) {
    if (path[i] == '/' && path[i + 1] == '.') {
      return true;
    }
  }
  return false;
}

std::string_view relativePath(std::string_view path) {
  if (!path.empty() && path.front() == '/') {
    path.remove_prefix(1);
  }
  if (!path.empty() && path.back() == '/') {
    path.remove_suffix(1);
  }
  return path;
}

void appendPercentEncodedPath(std::string& out, std::string_view path) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  for (char ch : path) {
    auto c = static_cast<unsigned char>(ch);
    bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                c == '-' || c == '.' || c == '_' || c == '~' || c == '/' || c == '!' || c == '$' ||
                c == '&' || c == '\'' || c == '(' || c == ')' || c == '*' || c == '+' || c == ',' ||
                c == ';' || c == '=' || c == ':' || c == '@';
    if (keep) {
      out.push_back(char(c));
    } else {
      out.push_back('%');
      out.push_back(kHex[c >> 4]);
      out.push_back(kHex[c & 15]);
    }
  }
}

}  // namespace nodecc::staticfiles::core
