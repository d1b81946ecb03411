// libFuzzer target for the url and querystring modules (src/api/url_*, querystring.cc),
// compiled with their files alone. The first input byte picks the operation (low 3 bits) and
// a variant (high bits); the rest is the string. Besides "no crash, no UB, no exception other
// than the documented nodecc::Error ones", it checks properties that hold in Node 20 and in
// the URL Standard:
//   - WHATWG: a parsed URL's href parses again to itself (serialization is idempotent), also
//     after any setter ran with the input as its value; canParse agrees with parse;
//   - URLSearchParams: serializing the parsed list is idempotent, and the list survives it;
//   - querystring: for UTF-8 input, parse(stringify(parse(s))) equals parse(s);
//     unescape(escape(s)) == s;
//   - domainToASCII is idempotent on what it returns;
//   - legacy url.parse/format/resolve: no crash, URIError/TypeError only.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "nodecc/querystring.h"
#include "nodecc/url.h"

namespace {

using nodecc::url::URL;
using nodecc::url::URLSearchParams;

void check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "property violated: %s\n", what);
    std::abort();
  }
}

void checkHref(const std::string& href, const char* what) {
  const std::optional<URL> again = URL::parse(href);
  if (!again || again->href() != href) {
    std::fprintf(stderr, "href:     %s\nreparsed: %s\n", href.c_str(),
                 again ? again->href().c_str() : "(invalid)");
  }
  check(again && again->href() == href, what);
}

constexpr std::string_view kBases[] = {
    "http://user:pass@example.com:8080/a/b/c;p?q=1#f",
    "https://example.org/",
    "file:///C:/dir/file.txt",
    "sc://host/path?x#y",
    "data:text/plain,opaque",
    "http://[::1]:3000/x/../y",
    "ws://127.0.0.1/",
    "blob:https://a.example/uuid",
};
constexpr size_t kBaseCount = sizeof kBases / sizeof kBases[0];

bool validUtf8(std::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (n == 0 || i + n > s.size()) {
      return false;
    }
    uint32_t cp = n == 1 ? c : c & (0x7F >> n);
    for (size_t k = 1; k < n; ++k) {
      const auto d = static_cast<unsigned char>(s[i + k]);
      if ((d & 0xC0) != 0x80) {
        return false;
      }
      cp = (cp << 6) | (d & 0x3F);
    }
    static constexpr uint32_t kMin[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < kMin[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
      return false;
    }
    i += n;
  }
  return true;
}

void whatwg(std::string_view in, unsigned variant) {
  std::optional<URL> u;
  if (variant % (kBaseCount + 2) == 0) {
    u = URL::parse(in);
    check(URL::canParse(in) == u.has_value(), "canParse agrees with parse");
  } else if (variant % (kBaseCount + 2) == kBaseCount + 1) {
    // The input is "base<TAB>relative"... except TAB is stripped by the parser, so use 0x01.
    const size_t cut = in.find('\x01');
    if (cut == std::string_view::npos) {
      return;
    }
    u = URL::parse(in.substr(cut + 1), in.substr(0, cut));
    check(URL::canParse(in.substr(cut + 1), in.substr(0, cut)) == u.has_value(),
          "canParse(input, base) agrees with parse");
  } else {
    const std::string_view base = kBases[variant % (kBaseCount + 2) - 1];
    u = URL::parse(in, base);
  }
  if (!u) {
    return;
  }
  checkHref(u->href(), "a URL's href parses to itself");
  // Each getter's parts assemble to the href as the Standard's serializer does.
  const std::string h = u->href();
  check(h.compare(0, u->protocol().size(), u->protocol()) == 0, "href starts with protocol");
  check(h.size() >= u->hash().size() &&
            h.compare(h.size() - u->hash().size(), std::string::npos, u->hash()) == 0,
        "href ends with hash");
  URLSearchParams& params = u->searchParams();
  params.sort();
  checkHref(u->href(), "href after searchParams.sort() parses to itself");
}

void setter(std::string_view in, unsigned variant) {
  URL u(kBases[(variant / 10) % kBaseCount]);
  const std::string value(in);
  switch (variant % 10) {
    case 0:
      try {
        u.href(value);
      } catch (const nodecc::TypeError&) {
        return;
      }
      break;
    case 1:
      u.protocol(value);
      break;
    case 2:
      u.username(value);
      break;
    case 3:
      u.password(value);
      break;
    case 4:
      u.host(value);
      break;
    case 5:
      u.hostname(value);
      break;
    case 6:
      u.port(value);
      break;
    case 7:
      u.pathname(value);
      break;
    case 8:
      u.search(value);
      break;
    default:
      u.hash(value);
      break;
  }
  // Node 20 (ada) lets the host setter leave an empty host with a port on a non-special URL
  // (new URL("sc://h/").host = ":8080" gives "sc://:8080/"), which no longer parses; nodecc
  // does what Node does, so that one case is not held to idempotence.
  if (u.hostname().empty() && !u.port().empty()) {
    return;
  }
  checkHref(u.href(), "href after a setter parses to itself");
  URLSearchParams& p = u.searchParams();
  p.append(value, value);
  checkHref(u.href(), "href after searchParams.append() parses to itself");
}

void searchParams(std::string_view in) {
  const URLSearchParams first(in);
  const std::string s = first.toString();
  const URLSearchParams second(s);
  // Strings are UTF-8 (as JS strings are valid UTF-16): invalid input bytes are kept as they
  // are by the first parse and become U+FFFD in the second, as the Standard's percent-decode
  // then UTF-8 decode makes them.
  if (validUtf8(in)) {
    check(second.toString() == s, "URLSearchParams serialization is idempotent");
    check(second.entries() == first.entries(), "the list survives its serialization");
  }
}

void querystringRoundTrip(std::string_view in, unsigned variant) {
  namespace qs = nodecc::querystring;
  const std::string_view sep = variant & 1 ? ";" : "&";
  const std::string_view eq = variant & 2 ? ":" : "=";
  const qs::ParsedQuery q = qs::parse(in, sep, eq);
  const std::string s = qs::stringify(q, sep, eq);
  const qs::ParsedQuery again = qs::parse(s, sep, eq);
  if (validUtf8(in)) {
    check(again.size() == q.size(), "querystring round trip keeps the keys");
    auto a = again.begin();
    for (const qs::ParsedQuery::Entry& e : q) {
      check(a->key == e.key && a->values == e.values, "querystring round trip keeps the pairs");
      ++a;
    }
    check(qs::unescape(qs::escape(in)) == in, "unescape(escape(s)) == s");
  }
  (void)qs::unescapeBuffer(in, true);
  (void)qs::unescape(in, true);
}

void domains(std::string_view in) {
  const std::string ascii = nodecc::url::domainToASCII(in);
  if (!ascii.empty()) {
    check(nodecc::url::domainToASCII(ascii) == ascii, "domainToASCII is idempotent");
  }
  (void)nodecc::url::domainToUnicode(in);
}

void legacy(std::string_view in, unsigned variant) {
  try {
    const nodecc::url::Url u = nodecc::url::parse(in, variant & 1, variant & 2);
    (void)u.format();
    (void)nodecc::url::format(u);
    (void)u.resolve("../x/./y?z#w");
    (void)u.resolveObject(in);
  } catch (const nodecc::Error& e) {
    check(e.name == "URIError" || e.name == "TypeError", "url.parse throws URIError/TypeError");
  }
  try {
    (void)nodecc::url::resolve(kBases[(variant >> 2) % kBaseCount], in);
    (void)nodecc::url::resolve(in, "/a/../b");
  } catch (const nodecc::Error& e) {
    check(e.name == "URIError" || e.name == "TypeError", "url.resolve throws URIError/TypeError");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) {
    return 0;
  }
  const unsigned op = data[0] & 7;
  const unsigned variant = data[0] >> 3;
  // An exact-size heap copy, so ASan sees any read past the end.
  std::unique_ptr<char[]> copy(new char[size - 1 + 1]);
  std::memcpy(copy.get(), data + 1, size - 1);
  const std::string_view in(copy.get(), size - 1);
  switch (op) {
    case 0:
    case 1:
      whatwg(in, variant + (op == 1 ? 32 : 0));
      break;
    case 2:
    case 3:
      setter(in, variant + (op == 3 ? 32 : 0));
      break;
    case 4:
      searchParams(in);
      break;
    case 5:
      querystringRoundTrip(in, variant);
      break;
    case 6:
      domains(in);
      break;
    default:
      legacy(in, variant);
      break;
  }
  return 0;
}
