// libFuzzer target for Express's route paths (src/api/express/path_pattern.*: path-to-regexp 8
// as Express 5's router reads it) and the request paths matched against them (parseurl's
// pathname, src/api/express/parse_url.*). Input: one byte of options (bit 0 a use() prefix
// rather than a route, bit 1 case-sensitive, bit 2 strict: no optional trailing '/', bit 3
// generated mode), then
//   - raw mode: the route path, '\n', a request URL;
//   - generated mode: bytes that build a route from tokens (literal text, :param, *wildcard,
//     {group}) and a request path from it, each group kept or dropped and each capture given a
//     value (the remaining bytes, percent-encoded, in an alphabet no literal uses).
// Properties:
//   - a route compiles or throws TypeError with path-to-regexp's message; nothing else;
//   - a match is whole (a route) or ends at a '/' (a use), its captures are non-empty, in
//     order, inside the match, with valid keys; case-insensitive matching is blind to ASCII
//     case; the route index's literal first segment is the first segment of every path the
//     route matches (else a request could skip a layer it matches);
//   - req.params: each :param decodeURIComponent's result, each *wildcard's segments decoded;
//     a bad %-sequence is 400 URIError "Failed to decode param '...'", nothing else;
//   - generated: the path built from the route matches it (a route: whole), and the captures
//     are the values put in, so req.params gives them back decoded (or 400 for a value that is
//     not UTF-8);
//   - parseurl: a URL starting with '/' without whitespace or '#' has the pathname up to '?'.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "api/express/parse_url.h"
#include "api/express/path_pattern.h"
#include "nodecc/express.h"

namespace {

using namespace nodecc;
using namespace nodecc::express::detail;
using nodecc::express::HttpError;
using nodecc::express::Params;

void check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "property violated: %s\n", what);
    std::abort();
  }
}

char lowerAscii(char c) {
  return c >= 'A' && c <= 'Z' ? char(c + 32) : c;
}
std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    c = lowerAscii(c);
  }
  return out;
}
std::string upper(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'a' && c <= 'z') {
      c = char(c - 32);
    }
  }
  return out;
}

// ECMAScript's decodeURIComponent over bytes: nullopt where it throws URIError (a '%' not
// followed by two hex digits, or escapes that are not UTF-8 of a scalar value).
int hex(char c) {
  if (c >= '0' && c <= '9') {
    return c - '0';
  }
  c = lowerAscii(c);
  return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}
std::optional<std::string> decodeComponent(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size();) {
    if (s[i] != '%') {
      out += s[i++];
      continue;
    }
    auto byteAt = [&](size_t at) -> int {
      if (at + 2 >= s.size() || s[at] != '%' || hex(s[at + 1]) < 0 || hex(s[at + 2]) < 0) {
        return -1;
      }
      return hex(s[at + 1]) * 16 + hex(s[at + 2]);
    };
    const int b = byteAt(i);
    if (b < 0) {
      return std::nullopt;
    }
    if (b < 0x80) {
      out += char(b);  // decodeURIComponent decodes reserved characters too
      i += 3;
      continue;
    }
    int n = b >= 0xC2 && b <= 0xDF   ? 1
            : b >= 0xE0 && b <= 0xEF ? 2
            : b >= 0xF0 && b <= 0xF4 ? 3
                                     : -1;
    if (n < 0) {
      return std::nullopt;
    }
    uint32_t cp = uint32_t(b) & (n == 1 ? 0x1F : n == 2 ? 0x0F : 0x07);
    std::string bytes(1, char(b));
    size_t at = i + 3;
    for (int k = 0; k < n; ++k, at += 3) {
      const int c = byteAt(at);
      if (c < 0 || (c & 0xC0) != 0x80) {
        return std::nullopt;
      }
      cp = cp << 6 | uint32_t(c & 0x3F);
      bytes += char(c);
    }
    const uint32_t min = n == 1 ? 0x80 : n == 2 ? 0x800 : 0x10000;
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
      return std::nullopt;
    }
    out += bytes;
    i = at;
  }
  return out;
}

bool validUtf8(std::string_view s) {
  std::string enc;
  for (char c : s) {
    char buf[4];
    std::snprintf(buf, sizeof buf, "%%%02X", static_cast<unsigned char>(c));
    enc += buf;
  }
  return decodeComponent(enc).has_value();
}

bool compiles(std::string_view route, const PathOptions& o, std::optional<PathPattern>* out) {
  try {
    out->emplace(route, o);
    return true;
  } catch (const TypeError& e) {
    const std::string_view m = e.message;
    const bool pathError = m.ends_with("; visit https://git.new/pathToRegexpError for info");
    check(pathError || m.starts_with("Too many parameters in route path: "),
          "a route that does not compile throws path-to-regexp's TypeError");
    return false;
  }
}

// The checks of one match of `path` against `p`.
void checkMatch(const PathPattern& p, const PathOptions& o, std::string_view path,
                const PathPattern::Match& m) {
  check(m.length <= path.size(), "the match is inside the path");
  if (o.end) {
    check(m.length == path.size(), "a route matches the whole path");
  } else {
    check(m.length == path.size() || path[m.length] == '/', "a use() prefix ends at a '/'");
  }
  check(m.captureCount <= PathPattern::kMaxCaptures, "at most kMaxCaptures captures");
  uint32_t last = 0;
  for (size_t i = 0; i < m.captureCount; ++i) {
    const Capture& c = m.captures[i];
    check(c.key < p.keys().size(), "a capture's key exists");
    check(c.begin < c.end && c.end <= m.length, "a capture is non-empty and inside the match");
    check(c.begin >= last, "captures in order, disjoint");
    last = c.end;
  }
  // The route index files the layer under these segments: every path it matches starts with
  // them, each a whole segment.
  const std::vector<std::string> segments = p.literalSegments(4);
  size_t at = 0;
  for (const std::string& segment : segments) {
    check(at < path.size() && path[at] == '/', "a literal segment: the path has one");
    const size_t slash = path.find('/', at + 1);
    std::string actual(
        path.substr(at + 1, slash == std::string_view::npos ? path.npos : slash - at - 1));
    if (!o.sensitive) {
      actual = lower(actual);
    }
    if (actual != segment) {
      std::fprintf(stderr, "segment \"%s\", the index's \"%s\"\n", actual.c_str(), segment.c_str());
    }
    check(actual == segment, "the route index's segments are the path's");
    at = slash == std::string_view::npos ? path.size() : slash;
  }
  // req.params, as the router sets them.
  Params params;
  try {
    decodeParams(p, m, path, params);
  } catch (const HttpError& e) {
    check(e.status == 400 && e.name == "URIError", "a bad %-sequence in a param is 400 URIError");
    check(e.message.rfind("Failed to decode param '", 0) == 0, "its message names the param");
    return;
  }
  for (size_t i = 0; i < m.captureCount; ++i) {
    const Capture& c = m.captures[i];
    const PathPattern::Key& key = p.keys()[c.key];
    const std::string_view raw = path.substr(c.begin, c.end - c.begin);
    check(params.has(key.name), "every capture sets its param");
    if (!key.wildcard) {
      const auto want = decodeComponent(raw);
      check(want.has_value(), "a param that decodes: decodeURIComponent accepts it");
      // A later capture of the same name overwrites: compare the last one only.
      bool later = false;
      for (size_t j = i + 1; j < m.captureCount; ++j) {
        later = later || p.keys()[m.captures[j].key].name == key.name;
      }
      if (!later) {
        check(params[key.name] == *want, "a param is decodeURIComponent of its capture");
      }
    }
  }
}

void matchAll(const PathPattern& p, const PathOptions& o, std::string_view path) {
  PathPattern::Match m;
  const bool ok = p.match(path, &m);
  if (ok) {
    checkMatch(p, o, path, m);
  }
  PathPattern::Match again;
  check(p.match(path, &again) == ok && (!ok || again.length == m.length), "deterministic");
  if (!o.sensitive) {
    for (const std::string& other : {lower(path), upper(path)}) {
      PathPattern::Match folded;
      check(p.match(other, &folded) == ok, "case-insensitive: blind to ASCII case");
      if (ok) {
        check(folded.length == m.length && folded.captureCount == m.captureCount,
              "case-insensitive: the same match");
        for (size_t i = 0; i < m.captureCount; ++i) {
          check(folded.captures[i].begin == m.captures[i].begin &&
                    folded.captures[i].end == m.captures[i].end,
                "case-insensitive: the same captures");
        }
      }
    }
  }
}

// Generated mode. Literal text uses only kLiteral's characters (and the specials, escaped);
// values only kValue's (digits, a-f, x-z and '%'), which no literal holds in either case.
constexpr std::string_view kLiteral = "/-.ghkGHK@~";
constexpr std::string_view kSpecial = "{}()[]+?!:*";

struct Gen {
  std::string_view in;
  size_t at = 0;
  int byte() { return at < in.size() ? static_cast<unsigned char>(in[at++]) : -1; }
};

struct Piece {
  enum Kind { kText, kParam, kWildcard, kGroup } kind;
  std::string text;  // route text of a literal
  std::string pathText;
  std::vector<Piece> group;
};

// Route tokens until a '}' byte or the end: at most 24 pieces, groups 3 deep.
std::vector<Piece> genPieces(Gen& g, int depth, int* names) {
  std::vector<Piece> out;
  for (int n = 0; n < 24; ++n) {
    const int b = g.byte();
    if (b < 0) {
      break;
    }
    switch (b % 8) {
      case 0:
      case 1:
      case 2: {
        const char c = kLiteral[size_t(b / 8) % kLiteral.size()];
        out.push_back({Piece::kText, std::string(1, c), std::string(1, c), {}});
        break;
      }
      case 3: {
        const char c = kSpecial[size_t(b / 8) % kSpecial.size()];
        out.push_back({Piece::kText, std::string("\\") + c, std::string(1, c), {}});
        break;
      }
      case 4:
        out.push_back({Piece::kParam, "p" + std::to_string((*names)++), {}, {}});
        break;
      case 5:
        out.push_back({Piece::kWildcard, "w" + std::to_string((*names)++), {}, {}});
        break;
      case 6:
        if (depth < 3) {
          Piece group{Piece::kGroup, {}, {}, genPieces(g, depth + 1, names)};
          out.push_back(std::move(group));
        }
        break;
      default:
        if (depth > 0) {
          return out;
        }
        break;
    }
  }
  return out;
}

std::string routeOf(const std::vector<Piece>& pieces) {
  std::string out;
  for (const Piece& p : pieces) {
    switch (p.kind) {
      case Piece::kText:
        out += p.text;
        break;
      case Piece::kParam:  // quoted: a literal letter after it must not extend the name
        out += ":\"" + p.text + "\"";
        break;
      case Piece::kWildcard:
        out += "*\"" + p.text + "\"";
        break;
      case Piece::kGroup:
        out += "{" + routeOf(p.group) + "}";
        break;
    }
  }
  return out;
}

// The path: each group kept or dropped, each capture a value; the values in order.
void pathOf(const std::vector<Piece>& pieces, Gen& g, std::string* path,
            std::vector<std::string>* raw, std::vector<std::string>* plain) {
  for (const Piece& p : pieces) {
    switch (p.kind) {
      case Piece::kText:
        *path += p.pathText;
        break;
      case Piece::kParam:
      case Piece::kWildcard: {
        // A value: 1-4 bytes, percent-encoded except digits and a-f, x-z.
        const int n = 1 + std::max(0, g.byte()) % 4;
        std::string bytes, enc;
        for (int k = 0; k < n; ++k) {
          const int b = g.byte();
          const char c = char(b < 0 ? '0' + k : b);
          bytes += c;
          if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'x' && c <= 'z')) {
            enc += c;
          } else {
            char buf[4];
            std::snprintf(buf, sizeof buf, "%%%02X", static_cast<unsigned char>(c));
            enc += buf;
          }
        }
        *path += enc;
        raw->push_back(enc);
        plain->push_back(bytes);
        break;
      }
      case Piece::kGroup:
        if (g.byte() & 1) {
          pathOf(p.group, g, path, raw, plain);
        }
        break;
    }
  }
}

bool valueChar(char c) {
  return (c >= '0' && c <= '9') || (lowerAscii(c) >= 'a' && lowerAscii(c) <= 'f') ||
         (lowerAscii(c) >= 'x' && lowerAscii(c) <= 'z') || c == '%';
}

void generated(std::string_view in, const PathOptions& o) {
  Gen g{in};
  int names = 0;
  const std::vector<Piece> pieces = genPieces(g, 0, &names);
  const std::string route = routeOf(pieces);
  std::optional<PathPattern> p;
  if (!compiles(route, o, &p)) {
    return;
  }
  std::string path;
  std::vector<std::string> raw, plain;
  pathOf(pieces, g, &path, &raw, &plain);
  matchAll(*p, o, path);
  PathPattern::Match m;
  if (!p->match(path, &m)) {
    std::fprintf(stderr, "route \"%s\" does not match \"%s\"\n", route.c_str(), path.c_str());
  }
  check(p->match(path, &m), "a path built from the route matches it");
  if (!o.end) {
    return;  // a use() may match a shorter prefix through an earlier alternative
  }
  // Value characters are only ever in captures: in order, they are the values put in.
  std::string captured, values;
  bool exact = m.captureCount == raw.size();
  for (size_t i = 0; i < m.captureCount; ++i) {
    const std::string_view c =
        std::string_view(path).substr(m.captures[i].begin, m.captures[i].end - m.captures[i].begin);
    for (char ch : c) {
      if (valueChar(ch)) {
        captured += ch;
      }
    }
    exact = exact && c == raw[i];
  }
  for (const std::string& v : raw) {
    values += v;
  }
  if (captured != values) {
    std::fprintf(stderr, "route \"%s\", path \"%s\": captured \"%s\", put in \"%s\"\n",
                 route.c_str(), path.c_str(), captured.c_str(), values.c_str());
  }
  check(captured == values, "the captures hold the values put in");
  if (!exact) {
    return;
  }
  Params params;
  bool allUtf8 = true;
  for (const std::string& v : plain) {
    allUtf8 = allUtf8 && validUtf8(v);
  }
  try {
    decodeParams(*p, m, path, params);
  } catch (const HttpError& e) {
    check(!allUtf8, "values that are UTF-8 decode");
    return;
  }
  check(allUtf8, "a value that is not UTF-8 is 400");
  for (size_t i = 0; i < m.captureCount; ++i) {
    const PathPattern::Key& key = p->keys()[m.captures[i].key];
    const std::vector<std::string> got = params.getAll(key.name);
    check(got.size() == 1 && got[0] == plain[i], "req.params gives the values back");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) {
    return 0;
  }
  PathOptions o;
  o.end = !(data[0] & 1);
  o.sensitive = data[0] & 2;
  o.trailing = !(data[0] & 4);
  // An exact-size heap copy, so ASan sees any read past the end.
  const size_t n = size - 1;
  std::unique_ptr<char[]> copy(new char[n]);
  std::memcpy(copy.get(), data + 1, n);
  const std::string_view in(copy.get(), n);
  if (data[0] & 8) {
    generated(in, o);
    return 0;
  }
  const size_t nl = in.find('\n');
  const std::string_view route = in.substr(0, nl);
  const std::string_view url = nl == std::string_view::npos ? "" : in.substr(nl + 1);

  const std::optional<std::string> pathname = pathnameOf(url);
  bool fast = !url.empty() && url[0] == '/';
  for (char c : url) {
    fast = fast && std::strchr("\t\n\f\r #", c) == nullptr;
  }
  if (fast) {
    check(pathname && *pathname == url.substr(0, url.find('?')), "parseurl's fast path");
  }

  std::optional<PathPattern> p;
  if (!compiles(route, o, &p)) {
    return 0;
  }
  matchAll(*p, o, url);
  if (pathname) {
    matchAll(*p, o, *pathname);
  }
  return 0;
}
