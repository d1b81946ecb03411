// The legacy url.parse() and url.format(): a port of Node 20's lib/url.js, step for step, over
// UTF-8 bytes (every character it looks for is ASCII; whitespace tests decode code points).
#include "api/url/legacy.h"

#include <algorithm>

#include "api/url/codec.h"
#include "api/url/host.h"
#include "nodecc/url.h"
#include "text/ascii.h"

namespace nodecc::url::detail {

bool isSlashedProtocol(std::string_view p) {
  if (!p.empty() && p.back() == ':') {
    p.remove_suffix(1);
  }
  return p == "http" || p == "https" || p == "ftp" || p == "gopher" || p == "file" || p == "ws" ||
         p == "wss";
}

bool isHostlessProtocol(std::string_view p) {
  return p == "javascript" || p == "javascript:";
}

}  // namespace nodecc::url::detail

namespace nodecc::url {

namespace {

using url::detail::truthy;

// What JS's \s matches.
bool isJsWhitespace(char32_t c) {
  return (c >= 9 && c <= 13) || c == ' ' || c == 0xA0 || c == 0x1680 ||
         (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F ||
         c == 0x3000 || c == 0xFEFF;
}

char32_t codePointAt(std::string_view s, size_t i, size_t& len) {
  auto b = static_cast<unsigned char>(s[i]);
  if (b < 0x80) {
    len = 1;
    return b;
  }
  char32_t cp;
  len = detail::decodeUtf8At(s, i, cp);
  return cp;
}

bool hasJsWhitespace(std::string_view s) {
  for (size_t i = 0, len; i < s.size(); i += len) {
    if (isJsWhitespace(codePointAt(s, i, len))) {
      return true;
    }
  }
  return false;
}

// /^(\/\/?(?!\/)[^?\s]*)(\?[^\s]*)?$/: the length of group 1, or npos when there is no match.
size_t matchSimplePath(std::string_view rest) {
  if (rest.empty() || rest[0] != '/') {
    return std::string_view::npos;
  }
  size_t i = rest.size() > 1 && rest[1] == '/' ? 2 : 1;
  if (i < rest.size() && rest[i] == '/') {
    return std::string_view::npos;
  }
  size_t q = rest.find('?', i);
  size_t pathEnd = q == std::string_view::npos ? rest.size() : q;
  if (hasJsWhitespace(rest.substr(i, pathEnd - i)) || hasJsWhitespace(rest.substr(pathEnd))) {
    return std::string_view::npos;
  }
  return pathEnd;
}

// /^[a-z0-9.+-]+:/i: the length of the match with its ':', or 0.
size_t matchProtocol(std::string_view rest) {
  size_t i = 0;
  while (i < rest.size() && (text::core::isAlpha(rest[i]) || text::core::isDigit(rest[i]) ||
                             rest[i] == '.' || rest[i] == '+' || rest[i] == '-')) {
    ++i;
  }
  return (i > 0 && i < rest.size() && rest[i] == ':') ? i + 1 : 0;
}

// /^\/\/[^@/]+@[^@/]+/
bool matchHostPattern(std::string_view rest) {
  if (rest.substr(0, 2) != "//") {
    return false;
  }
  size_t i = 2;
  while (i < rest.size() && rest[i] != '@' && rest[i] != '/') {
    ++i;
  }
  return i > 2 && i + 1 < rest.size() && rest[i] == '@' && rest[i + 1] != '/' && rest[i + 1] != '@';
}

bool isIpv6Hostname(std::string_view h) {
  return h.size() >= 2 && h[0] == '[' && h.back() == ']';
}

bool containsAnyOf(std::string_view s, std::string_view chars) {
  return s.find_first_of(chars) != std::string_view::npos;
}

// Node's forbiddenHostChars and forbiddenHostCharsIpv6.
constexpr std::string_view kForbiddenHostChars("\0\t\n\r #%/:<>?@[\\]^|", 18);
constexpr std::string_view kForbiddenHostCharsIpv6("\0\t\n\r #%/<>?@\\^|", 15);

const char* autoEscaped(unsigned char c) {
  switch (c) {
    case '\t':
      return "%09";
    case '\n':
      return "%0A";
    case '\r':
      return "%0D";
    case ' ':
      return "%20";
    case '"':
      return "%22";
    case '\'':
      return "%27";
    case '<':
      return "%3C";
    case '>':
      return "%3E";
    case '\\':
      return "%5C";
    case '^':
      return "%5E";
    case '`':
      return "%60";
    case '{':
      return "%7B";
    case '|':
      return "%7C";
    case '}':
      return "%7D";
    default:
      return nullptr;
  }
}

void autoEscape(std::string& s) {
  std::string out;
  bool changed = false;
  for (char c : s) {
    if (const char* e = autoEscaped(static_cast<unsigned char>(c))) {
      out += e;
      changed = true;
    } else {
      out += c;
    }
  }
  if (changed) {
    s = std::move(out);
  }
}

// Unicode's Cased and Case_Ignorable properties, for the scripts a host name plausibly uses.
bool isCased(char32_t c) {
  return (c < 0x80 && text::core::isAlpha(static_cast<unsigned char>(c))) || c == 0xAA ||
         c == 0xB5 || c == 0xBA || (c >= 0xC0 && c <= 0x2B8 && c != 0xD7 && c != 0xF7) ||
         (c >= 0x370 && c <= 0x3FF && c != 0x374 && c != 0x375 && c != 0x37E && c != 0x387 &&
          c != 0x3F6) ||
         (c >= 0x400 && c <= 0x52F && (c < 0x482 || c > 0x489)) || (c >= 0x531 && c <= 0x587) ||
         (c >= 0x10A0 && c <= 0x10FF) || (c >= 0x1E00 && c <= 0x1FBC) ||
         (c >= 0x2C00 && c <= 0x2D2F) || (c >= 0xFF21 && c <= 0xFF3A) ||
         (c >= 0xFF41 && c <= 0xFF5A);
}

bool isCaseIgnorable(char32_t c) {
  return c == '\'' || c == '.' || c == ':' || c == '^' || c == '`' || c == 0xA8 || c == 0xAD ||
         c == 0xAF || c == 0xB4 || c == 0xB7 || c == 0xB8 || (c >= 0x2B0 && c <= 0x36F) ||
         (c >= 0x200B && c <= 0x200F) || c == 0x2018 || c == 0x2019 || c == 0x2024 || c == 0x2027;
}

// JS's toLowerCase() of a host name as far as the IDNA mapping that follows cannot make up for
// it: ASCII letters, a word-final capital sigma (which JS makes ς, where the mapping gives σ)
// and ẞ (JS gives ß, the mapping "ss"). Other letters are lowercased by the mapping.
void lowerCaseHostname(std::string& s) {
  bool special = false;
  for (char& c : s) {
    c = text::core::toLower(c);
    special = special || static_cast<unsigned char>(c) >= 0x80;
  }
  if (!special ||
      (s.find("\xCE\xA3") == std::string::npos && s.find("\xE1\xBA\x9E") == std::string::npos)) {
    return;
  }
  std::u32string cps;
  for (size_t i = 0, len; i < s.size(); i += len) {
    cps += codePointAt(s, i, len);
  }
  std::string out;
  for (size_t i = 0; i < cps.size(); ++i) {
    char32_t c = cps[i];
    if (c == 0x1E9E) {
      c = 0xDF;
    } else if (c == 0x3A3) {
      size_t b = i;
      while (b > 0 && isCaseIgnorable(cps[b - 1])) {
        --b;
      }
      size_t f = i + 1;
      while (f < cps.size() && isCaseIgnorable(cps[f])) {
        ++f;
      }
      bool final = b > 0 && isCased(cps[b - 1]) && !(f < cps.size() && isCased(cps[f]));
      c = final ? 0x3C2 : 0x3C3;
    }
    detail::appendUtf8(out, c);
  }
  s = std::move(out);
}

Error uriError() {
  Error e("URI malformed");
  e.name = "URIError";
  return e;
}

TypeError invalidUrl(std::string_view input) {
  TypeError e("ERR_INVALID_URL", "Invalid URL");
  e.path = std::string(input);
  return e;
}

// A request target such as "/echo?value=x": printable ASCII without '\\', '@' and '#', starting
// with one '/' or two. Node's trimming loop leaves it as it is and its simple-path pattern
// matches it, so it needs no more than a search for the '?'.
bool isPlainPath(std::string_view s) {
  if (s.empty() || s[0] != '/' || (s.size() > 2 && s[1] == '/' && s[2] == '/')) {
    return false;
  }
  for (char c : s) {
    auto u = static_cast<unsigned char>(c);
    if (u < 0x21 || u > 0x7E || c == '\\' || c == '@' || c == '#') {
      return false;
    }
  }
  return true;
}

// Node's fast path: path, href and pathname, and the search and query when there is a '?'.
void setSimplePath(Url& self, std::string_view rest, size_t pathLen, bool parseQueryString) {
  self.path = std::string(rest);
  self.href = self.path;
  self.pathname = std::string(rest.substr(0, pathLen));
  if (pathLen < rest.size()) {
    self.search = std::string(rest.substr(pathLen));
    self.rawQuery = std::string(rest.substr(pathLen + 1));
    if (parseQueryString) {
      self.query = querystring::parse(*self.rawQuery);
    }
  }
}

}  // namespace

Url parse(std::string_view url, bool parseQueryString, bool slashesDenoteHost) {
  Url self;
  if (!slashesDenoteHost && isPlainPath(url)) {
    setSimplePath(self, url, std::min(url.find('?'), url.size()), parseQueryString);
    return self;
  }
  // Trim whitespace and turn backslashes before the first '?' or '#' into slashes.
  bool hasHash = false, hasAt = false, inWs = false, split = false;
  ptrdiff_t start = -1, end = -1;
  size_t lastPos = 0;
  std::string converted;
  for (size_t i = 0, len; i < url.size(); i += len) {
    const char32_t code = codePointAt(url, i, len);
    const bool isWs = code < 33 || code == 0xA0 || code == 0xFEFF;
    if (start == -1) {
      if (isWs) {
        continue;
      }
      lastPos = i;
      start = static_cast<ptrdiff_t>(i);
    } else if (inWs) {
      if (!isWs) {
        end = -1;
        inWs = false;
      }
    } else if (isWs) {
      end = static_cast<ptrdiff_t>(i);
      inWs = true;
    }
    if (!split) {
      if (code == '@') {
        hasAt = true;
      } else if (code == '#' || code == '?') {
        hasHash = hasHash || code == '#';
        split = true;
      } else if (code == '\\') {
        converted.append(url.substr(lastPos, i - lastPos));
        converted += '/';
        lastPos = i + 1;
      }
    } else if (!hasHash && code == '#') {
      hasHash = true;
    }
  }
  std::string_view rest;
  if (start != -1) {
    const auto ustart = static_cast<size_t>(start);
    if (lastPos == ustart) {
      rest = end == -1 ? url.substr(ustart) : url.substr(ustart, static_cast<size_t>(end) - ustart);
    } else {
      if (end == -1 && lastPos < url.size()) {
        converted.append(url.substr(lastPos));
      } else if (end != -1 && lastPos < static_cast<size_t>(end)) {
        converted.append(url.substr(lastPos, static_cast<size_t>(end) - lastPos));
      }
      rest = converted;
    }
  }

  if (!slashesDenoteHost && !hasHash && !hasAt) {
    // The fast path for a plain path with an optional query, such as a request's URL.
    size_t pathLen = matchSimplePath(rest);
    if (pathLen != std::string_view::npos) {
      setSimplePath(self, rest, pathLen, parseQueryString);
      return self;
    }
  }

  const size_t protoLen = matchProtocol(rest);
  const std::string_view proto = rest.substr(0, protoLen);
  std::string lowerProto(proto);
  text::core::lowerInPlace(lowerProto);
  if (protoLen) {
    self.protocol = lowerProto;
    rest.remove_prefix(protoLen);
  }

  bool slashes = false;
  if (slashesDenoteHost || protoLen || matchHostPattern(rest)) {
    slashes = rest.substr(0, 2) == "//";
    if (slashes && !(protoLen && url::detail::isHostlessProtocol(lowerProto))) {
      rest.remove_prefix(2);
      self.slashes = true;
    }
  }

  std::string r(rest);
  if (!url::detail::isHostlessProtocol(lowerProto) &&
      (slashes || (protoLen && !url::detail::isSlashedProtocol(proto)))) {
    // There is a host: it ends at the first host-ending character; an '@' before that ends
    // the auth (the last '@' wins).
    ptrdiff_t hostEnd = -1, atSign = -1, nonHost = -1;
    for (size_t i = 0; i < r.size(); ++i) {
      switch (r[i]) {
        case '\t':
        case '\n':
        case '\r':
          r.erase(i, 1);
          --i;
          break;
        case ' ':
        case '"':
        case '%':
        case '\'':
        case ';':
        case '<':
        case '>':
        case '\\':
        case '^':
        case '`':
        case '{':
        case '|':
        case '}':
          if (nonHost == -1) {
            nonHost = static_cast<ptrdiff_t>(i);
          }
          break;
        case '#':
        case '/':
        case '?':
          if (nonHost == -1) {
            nonHost = static_cast<ptrdiff_t>(i);
          }
          hostEnd = static_cast<ptrdiff_t>(i);
          break;
        case '@':
          atSign = static_cast<ptrdiff_t>(i);
          nonHost = -1;
          break;
        default:
          break;
      }
      if (hostEnd != -1) {
        break;
      }
    }
    size_t hostStart = 0;
    if (atSign != -1) {
      auto auth = url::detail::decodeUriComponent(
          std::string_view(r).substr(0, static_cast<size_t>(atSign)));
      if (!auth) {
        throw uriError();
      }
      self.auth = std::move(*auth);
      hostStart = static_cast<size_t>(atSign) + 1;
    }
    if (nonHost == -1) {
      self.host = r.substr(hostStart);
      r.clear();
    } else {
      self.host = r.substr(hostStart, static_cast<size_t>(nonHost) - hostStart);
      r.erase(0, static_cast<size_t>(nonHost));
    }

    // parseHost(): a trailing /:[0-9]*$/ is the port.
    std::string_view h = *self.host;
    size_t k = h.size();
    while (k > 0 && text::core::isDigit(h[k - 1])) {
      --k;
    }
    if (k > 0 && h[k - 1] == ':') {
      if (k < h.size()) {
        self.port = std::string(h.substr(k));
      }
      h = h.substr(0, k - 1);
    }
    self.hostname = std::string(h);

    const std::string hostname = *self.hostname;
    const bool ipv6Hostname = isIpv6Hostname(hostname);
    if (!ipv6Hostname) {
      // getHostname(): a '/', '\\', '#', '?' or ':' left in the name starts the path.
      size_t bad = hostname.find_first_of("/\\#?:");
      if (bad != std::string::npos) {
        self.hostname = hostname.substr(0, bad);
        r = "/" + hostname.substr(bad) + r;
      }
    }
    if (detail::utf16Length(*self.hostname) > 255) {
      self.hostname->clear();
    } else {
      lowerCaseHostname(*self.hostname);
    }
    if (!self.hostname->empty()) {
      if (ipv6Hostname) {
        if (containsAnyOf(*self.hostname, kForbiddenHostCharsIpv6)) {
          throw invalidUrl(url);
        }
      } else {
        auto ascii = url::detail::idnaToAscii(*self.hostname);
        if (ascii) {
          // Node makes its string from ada's result as a C string: it ends at the first NUL.
          ascii->resize(std::min(ascii->size(), ascii->find('\0')));
        }
        if (!ascii || ascii->empty() || containsAnyOf(*ascii, kForbiddenHostChars)) {
          throw invalidUrl(url);
        }
        self.hostname = std::move(*ascii);
      }
    }
    self.host = *self.hostname + (truthy(self.port) ? ":" + *self.port : std::string());
    if (ipv6Hostname) {
      *self.hostname = self.hostname->substr(1, self.hostname->size() - 2);
      if (r.empty() || r[0] != '/') {
        r.insert(0, "/");
      }
    }
  }

  if (!url::detail::isHostlessProtocol(lowerProto)) {
    autoEscape(r);
  }

  ptrdiff_t questionIdx = -1, hashIdx = -1;
  for (size_t i = 0; i < r.size(); ++i) {
    if (r[i] == '#') {
      self.hash = r.substr(i);
      hashIdx = static_cast<ptrdiff_t>(i);
      break;
    }
    if (r[i] == '?' && questionIdx == -1) {
      questionIdx = static_cast<ptrdiff_t>(i);
    }
  }
  if (questionIdx != -1) {
    const auto q = static_cast<size_t>(questionIdx);
    const size_t searchEnd = hashIdx == -1 ? r.size() : static_cast<size_t>(hashIdx);
    self.search = r.substr(q, searchEnd - q);
    self.rawQuery = r.substr(q + 1, searchEnd - q - 1);
    if (parseQueryString) {
      self.query = querystring::parse(*self.rawQuery);
    }
  }
  const ptrdiff_t firstIdx =
      (questionIdx != -1 && (hashIdx == -1 || questionIdx < hashIdx)) ? questionIdx : hashIdx;
  if (firstIdx == -1) {
    if (!r.empty()) {
      self.pathname = r;
    }
  } else if (firstIdx > 0) {
    self.pathname = r.substr(0, static_cast<size_t>(firstIdx));
  }
  if (url::detail::isSlashedProtocol(lowerProto) && truthy(self.hostname) &&
      !truthy(self.pathname)) {
    self.pathname = "/";
  }
  if (truthy(self.pathname) || truthy(self.search)) {
    self.path = self.pathname.value_or("") + self.search.value_or("");
  }
  self.href = self.format();
  return self;
}

std::string Url::format() const {
  std::string authPart;
  if (truthy(auth)) {
    authPart = url::detail::encodeStr(*auth, url::detail::kAuthNoEscape, false) + "@";
  }
  std::string proto = protocol.value_or("");
  std::string pathnameOut;
  std::string hostOut;
  if (truthy(host)) {
    hostOut = authPart + *host;
  } else if (truthy(hostname)) {
    const bool bracket = hostname->find(':') != std::string::npos && !isIpv6Hostname(*hostname);
    hostOut = authPart + (bracket ? "[" + *hostname + "]" : *hostname);
    if (truthy(port)) {
      hostOut += ":" + *port;
    }
  }
  std::string searchOut;
  if (truthy(search)) {
    searchOut = *search;
  } else if (!query.empty()) {
    std::string q = querystring::stringify(query);
    if (!q.empty()) {
      searchOut = "?" + q;
    }
  }
  if (!proto.empty() && proto.back() != ':') {
    proto += ':';
  }
  for (char c : pathname.value_or("")) {
    if (c == '#') {
      pathnameOut += "%23";
    } else if (c == '?') {
      pathnameOut += "%3F";
    } else {
      pathnameOut += c;
    }
  }
  if (slashes || url::detail::isSlashedProtocol(proto)) {
    if (slashes || !hostOut.empty()) {
      if (!pathnameOut.empty() && pathnameOut[0] != '/') {
        pathnameOut.insert(0, "/");
      }
      hostOut.insert(0, "//");
    } else if (proto.size() >= 4 && proto.compare(0, 4, "file") == 0) {
      hostOut = "//";
    }
  }
  for (size_t i = 0; (i = searchOut.find('#', i)) != std::string::npos; i += 3) {
    searchOut.replace(i, 1, "%23");
  }
  std::string hashOut = hash.value_or("");
  if (!hashOut.empty() && hashOut[0] != '#') {
    hashOut.insert(0, "#");
  }
  if (!searchOut.empty() && searchOut[0] != '?') {
    searchOut.insert(0, "?");
  }
  return proto + hostOut + pathnameOut + searchOut + hashOut;
}

std::string format(const Url& urlObject) {
  return urlObject.format();
}

std::string format(std::string_view urlString) {
  return parse(urlString).format();
}

}  // namespace nodecc::url
