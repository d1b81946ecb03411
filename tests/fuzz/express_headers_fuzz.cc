// libFuzzer target for what Express reads from request headers besides bodies and ranges:
// the Accept* negotiation (src/api/express/negotiation.*: negotiator 1.1 under accepts 2),
// cookie-parser (src/api/express/cookie_parse.*: cookie 0.7's parse, cookie-signature) and
// req.query (parseurl's query, src/api/express/parse_url.*, through querystring.parse). Input:
// byte 0 picks the field (bits 0-1: Accept, Accept-Encoding, Accept-Charset, Accept-Language;
// bit 2: the field is absent; bit 3: no offers, the header's own list; bit 4: the Cookie
// header is signed with two secrets), then the field's value, '\n', an extra offer, '\n', the
// Cookie header, '\n', a value the driver signs and appends as cookie "sc", '\n', a URL.
// Properties:
//   - negotiation: only offered values come back, each once per offer; on ASCII input the list
//     equals negotiator's, transcribed here with content-type 2.1's parse (comma mode), first
//     parameter wins, q by parseFloat (an empty q is 1), and JavaScript's comparisons (a NaN
//     difference counts as 0);
//   - cookies: on ASCII input req.cookies equals cookie.parse's object (each name's first
//     value, trimmed, unquoted, decodeURIComponent'd when it decodes; "__proto__" is never an
//     own key of a plain object) in Object.keys order, and with secrets the "s:" ones move to
//     req.signedCookies, unsigned when an HMAC-SHA256 computed here matches (cookie-parser);
//     the value signed here comes back exactly;
//   - req.query: parseurl's query for a plain "/..." URL is what follows the first '?'; the
//     parsed query has at most 1000 keys (querystring's maxKeys).
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "api/express/cookie_parse.h"
#include "api/express/negotiation.h"
#include "api/express/parse_url.h"
#include "express_js.h"
#include "nodecc/querystring.h"

namespace {

using namespace nodecc::express::detail;
using express_js::lower;
using express_js::parseContentType;
using express_js::parseFloat;

void check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "property violated: %s\n", what);
    std::abort();
  }
}

// --- negotiator 1.1 ---

struct Spec {
  std::string value;  // charset / encoding / full language; type for media
  std::string subtype, prefix;
  std::vector<std::pair<std::string, std::string>> params;
  double q = 1;
  int i = 0;
};
struct Priority {
  int i = 0;
  int o = -1;
  double q = 0;
  int s = 0;
};

// x || y in JavaScript for numbers: x unless it is 0 or NaN.
double jsOr(double x, double y) {
  return (x != 0 && !std::isnan(x)) ? x : y;
}

// accept.js: each element of the list, parsed by content-type with the comma option, its type
// in the header's own case.
std::vector<express_js::ContentType> parseAccept(std::string_view header) {
  std::vector<express_js::ContentType> values;
  size_t index = 0;
  while (index < header.size()) {
    size_t start = index;
    while (start < header.size() && (header[start] == ' ' || header[start] == '\t')) {
      ++start;
    }
    express_js::ContentType parsed = parseContentType(header, true, start);
    parsed.type = std::string(header.substr(start, parsed.type.size()));
    index = parsed.index + 1;
    values.push_back(std::move(parsed));
  }
  return values;
}

double qOf(const express_js::ContentType& p) {
  const std::string* q = p.get("q");
  return q && !q->empty() ? parseFloat(*q) : 1;
}

enum class Field { kMedia, kEncoding, kCharset, kLanguage };

std::vector<Spec> parseSpecs(Field f, std::string_view header) {
  std::vector<Spec> out;
  const auto list = parseAccept(header);
  for (size_t i = 0; i < list.size(); ++i) {
    const auto& p = list[i];
    Spec s;
    s.i = int(i);
    s.q = qOf(p);
    if (f == Field::kMedia) {
      const size_t slash = p.type.find('/');
      if (slash == std::string::npos) {
        continue;
      }
      s.value = p.type.substr(0, slash);
      s.subtype = p.type.substr(slash + 1);
      for (const auto& kv : p.parameters) {
        if (kv.first != "q") {  // delete parsed.parameters.q
          s.params.push_back(kv);
        }
      }
    } else {
      if (p.type.empty()) {
        continue;
      }
      s.value = p.type;
      if (f == Field::kLanguage) {
        const size_t hyphen = s.value.find('-');
        s.prefix = s.value.substr(0, hyphen);
      }
    }
    out.push_back(std::move(s));
  }
  if (f == Field::kEncoding) {
    bool hasIdentity = false;
    double minQuality = 1;
    for (const Spec& s : out) {
      hasIdentity = hasIdentity || lower(s.value) == "identity" || s.value == "*";
      minQuality = std::min(minQuality, jsOr(s.q, 1));
    }
    if (!hasIdentity) {
      Spec id;
      id.value = "identity";
      id.q = minQuality;
      id.i = int(list.size());
      out.push_back(id);
    }
  }
  return out;
}

// specify(offer, spec): the specificity, or nullopt.
std::optional<int> specify(Field f, const std::string& offer, const Spec& spec) {
  switch (f) {
    case Field::kEncoding:
    case Field::kCharset:
      if (lower(spec.value) == lower(offer)) {
        return 1;
      }
      return spec.value == "*" ? std::optional<int>(0) : std::nullopt;
    case Field::kLanguage: {
      const express_js::ContentType p = parseContentType(offer);
      if (p.type.empty()) {
        return std::nullopt;
      }
      const std::string full = p.type;
      const std::string prefix = full.substr(0, full.find('-'));
      if (lower(spec.value) == full) {
        return 4;
      }
      if (lower(spec.prefix) == full) {
        return 2;
      }
      if (lower(spec.value) == prefix) {
        return 1;
      }
      return spec.value == "*" ? std::optional<int>(0) : std::nullopt;
    }
    case Field::kMedia: {
      const express_js::ContentType p = parseContentType(offer);
      const size_t slash = p.type.find('/');
      if (slash == std::string::npos) {
        return std::nullopt;
      }
      int s = 0;
      if (lower(spec.value) == p.type.substr(0, slash)) {
        s |= 4;
      } else if (spec.value != "*") {
        return std::nullopt;
      }
      if (lower(spec.subtype) == p.type.substr(slash + 1)) {
        s |= 2;
      } else if (spec.subtype != "*") {
        return std::nullopt;
      }
      if (!spec.params.empty()) {
        for (const auto& [k, v] : spec.params) {
          const std::string* pv = k == "q" ? nullptr : p.get(k);
          if (!(v == "*" || lower(v) == lower(pv ? *pv : ""))) {
            return std::nullopt;
          }
        }
        s |= 1;
      }
      return s;
    }
  }
  return std::nullopt;
}

// compareSpecs(a, b) < 0: a first.
bool before(const Priority& a, const Priority& b) {
  return jsOr(b.q - a.q, jsOr(double(b.s - a.s), jsOr(double(a.o - b.o), double(a.i - b.i)))) < 0;
}

std::vector<std::string> preferred(Field f, const std::string* header,
                                   const std::vector<std::string>* provided) {
  std::string h;
  if (header != nullptr) {
    h = *header;
  } else if (f == Field::kMedia) {
    h = "*/*";
  } else if (f != Field::kEncoding) {
    h = "*";
  }
  const std::vector<Spec> accepts = parseSpecs(f, h);
  std::vector<Priority> ps;
  if (provided == nullptr) {
    for (const Spec& s : accepts) {
      if (s.q > 0) {
        // The specs sort on q, then their header index (s and o are undefined there).
        ps.push_back({s.i, s.i, s.q, 0});
      }
    }
    std::stable_sort(ps.begin(), ps.end(), before);
    std::vector<std::string> out;
    for (const Priority& p : ps) {
      for (const Spec& s : accepts) {
        if (s.i == p.i) {
          out.push_back(f == Field::kMedia ? s.value + "/" + s.subtype : s.value);
        }
      }
    }
    return out;
  }
  for (size_t idx = 0; idx < provided->size(); ++idx) {
    Priority priority{int(idx), -1, 0, 0};
    for (const Spec& spec : accepts) {
      const auto s = specify(f, (*provided)[idx], spec);
      if (!s) {
        continue;
      }
      const Priority p{int(idx), spec.i, spec.q, *s};
      if (jsOr(double(priority.s - p.s), jsOr(priority.q - p.q, double(priority.o - p.o))) < 0) {
        priority = p;
      }
    }
    if (priority.q > 0) {
      ps.push_back(priority);
    }
  }
  std::stable_sort(ps.begin(), ps.end(), before);
  std::vector<std::string> out;
  for (const Priority& p : ps) {
    out.push_back((*provided)[size_t(p.i)]);
  }
  return out;
}

std::vector<std::string> nodeccPreferred(Field f, const std::string* header,
                                         const std::vector<std::string>* provided) {
  switch (f) {
    case Field::kMedia:
      return preferredMediaTypes(header, provided);
    case Field::kEncoding:
      return preferredEncodings(header, provided);
    case Field::kCharset:
      return preferredCharsets(header, provided);
    case Field::kLanguage:
      return preferredLanguages(header, provided);
  }
  return {};
}

const std::vector<std::string> kOffers[] = {
    {"text/html", "application/json", "text/plain", "TEXT/HTML;level=1", "image/png"},
    {"gzip", "br", "deflate", "identity"},
    {"utf-8", "iso-8859-1", "UTF-8"},
    {"en", "en-US", "fr", "de-CH"},
};

void negotiation(uint8_t flags, std::string_view headerText, std::string_view extra) {
  const Field f = static_cast<Field>(flags & 3);
  const std::string headerValue(headerText);
  const std::string* header = (flags & 4) ? nullptr : &headerValue;
  std::vector<std::string> offers = kOffers[flags & 3];
  if (!extra.empty()) {
    offers.emplace_back(extra);
  }
  const std::vector<std::string>* provided = (flags & 8) ? nullptr : &offers;
  const std::vector<std::string> got = nodeccPreferred(f, header, provided);
  if (provided != nullptr) {
    std::vector<int> used(offers.size());
    for (const std::string& g : got) {
      bool found = false;
      for (size_t i = 0; i < offers.size() && !found; ++i) {
        if (offers[i] == g && used[i] == 0) {
          used[i] = 1;
          found = true;
        }
      }
      check(found, "only offered values, each once per offer");
    }
  }
  if (!express_js::isAscii(headerText) || !express_js::isAscii(extra)) {
    return;  // JavaScript's toLowerCase folds latin1 letters the bytes here do not stand for
  }
  const std::vector<std::string> want = preferred(f, header, provided);
  if (got != want) {
    std::fprintf(stderr, "field %d: got", int(f));
    for (const auto& g : got) {
      std::fprintf(stderr, " [%s]", g.c_str());
    }
    std::fprintf(stderr, "; negotiator gives");
    for (const auto& w : want) {
      std::fprintf(stderr, " [%s]", w.c_str());
    }
    std::fprintf(stderr, "\n");
  }
  check(got == want, "negotiator's list");
}

// --- cookie 0.7, cookie-signature, cookie-parser ---

using Pairs = std::vector<std::pair<std::string, std::string>>;

// An own key set on a plain object ({}): kept in Object.keys order; "__proto__" sets no key.
void jsSet(Pairs& obj, const std::string& key, std::string value) {
  if (key == "__proto__") {
    return;
  }
  size_t at = obj.size();
  if (express_js::isArrayIndex(key)) {
    auto less = [](const std::string& a, const std::string& b) {
      return a.size() != b.size() ? a.size() < b.size() : a < b;
    };
    at = 0;
    while (at < obj.size() && express_js::isArrayIndex(obj[at].first) && less(obj[at].first, key)) {
      ++at;
    }
  }
  obj.insert(obj.begin() + long(at), {key, std::move(value)});
}
bool jsHas(const Pairs& obj, const std::string& key) {
  for (const auto& kv : obj) {
    if (kv.first == key) {
      return true;
    }
  }
  return false;
}

Pairs cookieParse(std::string_view str) {
  Pairs obj;
  const size_t len = str.size();
  if (len < 2) {
    return obj;
  }
  auto code = [&](size_t i) { return i < len ? static_cast<unsigned char>(str[i]) : -1; };
  auto startIndex = [&](size_t index, size_t max) {
    do {
      const int c = code(index);
      if (c != ' ' && c != '\t') {
        return index;
      }
    } while (++index < max);
    return max;
  };
  auto endIndex = [&](size_t index, size_t min) {
    while (index > min) {
      const int c = code(--index);
      if (c != ' ' && c != '\t') {
        return index + 1;
      }
    }
    return min;
  };
  size_t index = 0;
  do {
    const size_t eqIdx = str.find('=', index);
    if (eqIdx == std::string_view::npos) {
      break;
    }
    size_t endIdx = str.find(';', index);
    if (endIdx == std::string_view::npos) {
      endIdx = len;
    } else if (eqIdx > endIdx) {
      index = str.rfind(';', eqIdx - 1) + 1;  // lastIndexOf: at least endIdx
      continue;
    }
    const size_t keyStart = startIndex(index, eqIdx);
    const size_t keyEnd = endIndex(eqIdx, keyStart);
    const std::string key(str.substr(keyStart, keyEnd - keyStart));
    if (!jsHas(obj, key)) {
      size_t valStart = startIndex(eqIdx + 1, endIdx);
      size_t valEnd = endIndex(endIdx, valStart);
      if (code(valStart) == '"' && valEnd >= 1 && code(valEnd - 1) == '"') {
        valStart++;
        valEnd--;
      }
      // slice(start, end) with end < start is "".
      const std::string val(valEnd > valStart ? str.substr(valStart, valEnd - valStart) : "");
      std::string decoded = val;
      if (val.find('%') != std::string::npos) {
        const auto d = express_js::decodeURIComponent(val);
        decoded = d ? *d : val;
      }
      jsSet(obj, key, std::move(decoded));
    }
    index = endIdx + 1;
  } while (index < len);
  return obj;
}

std::string hmacSign(const std::string& value, const std::string& secret) {
  unsigned char mac[EVP_MAX_MD_SIZE];
  unsigned int n = 0;
  HMAC(EVP_sha256(), secret.data(), int(secret.size()),
       reinterpret_cast<const unsigned char*>(value.data()), value.size(), mac, &n);
  static const char* kB64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string b64;
  for (unsigned int i = 0; i < n; i += 3) {
    const uint32_t v = uint32_t(mac[i]) << 16 | (i + 1 < n ? uint32_t(mac[i + 1]) << 8 : 0) |
                       (i + 2 < n ? mac[i + 2] : 0);
    b64 += kB64[v >> 18 & 63];
    b64 += kB64[v >> 12 & 63];
    if (i + 1 < n) {
      b64 += kB64[v >> 6 & 63];
    }
    if (i + 2 < n) {
      b64 += kB64[v & 63];
    }
  }
  return value + "." + b64;  // .replace(/=+$/, ''): no padding written
}

std::optional<std::string> unsign(const std::string& val, const std::string& secret) {
  const size_t dot = val.rfind('.');
  const std::string str =
      dot == std::string::npos ? val.substr(0, val.size() - 1) : val.substr(0, dot);
  if (val.empty()) {
    return std::nullopt;
  }
  return hmacSign(str, secret) == val ? std::optional<std::string>(str) : std::nullopt;
}

void cookies(bool withSecrets, std::string_view header, std::string_view toSign) {
  const std::vector<std::string> secrets =
      withSecrets ? std::vector<std::string>{"keyboard cat", "old secret"}
                  : std::vector<std::string>{};
  std::string h(header);
  if (withSecrets && !toSign.empty()) {
    // What res.cookie('sc', value, {signed: true}) sends, with the second (older) secret.
    h += "; sc=" + express_js::encodeURIComponent("s:" + hmacSign(std::string(toSign), secrets[1]));
  }
  nodecc::express::OrderedMap<std::string> got;
  nodecc::express::OrderedMap<std::optional<std::string>> gotSigned;
  readCookies(h, secrets, got, gotSigned);
  if (!express_js::isAscii(h)) {
    return;  // Node's latin1 text of other bytes is not what decodeURIComponent here reads
  }
  Pairs want = cookieParse(h);
  std::vector<std::pair<std::string, std::optional<std::string>>> wantSigned;
  if (!secrets.empty()) {
    Pairs kept;
    for (auto& [k, v] : want) {
      if (v.size() >= 2 && v.compare(0, 2, "s:") == 0) {
        std::optional<std::string> plain;
        for (const std::string& s : secrets) {
          plain = unsign(v.substr(2), s);
          if (plain) {
            break;
          }
        }
        wantSigned.emplace_back(k, plain);
      } else {
        kept.emplace_back(k, v);
      }
    }
    want = kept;
  }
  bool same = got.size() == want.size();
  size_t i = 0;
  for (const auto& [k, v] : got) {
    same = same && i < want.size() && want[i].first == k && want[i].second == v;
    ++i;
  }
  if (!same) {
    std::fprintf(stderr, "cookies:");
    for (const auto& [k, v] : got) {
      std::fprintf(stderr, " [%s]=[%s]", k.c_str(), v.c_str());
    }
    std::fprintf(stderr, "; cookie.parse gives");
    for (const auto& [k, v] : want) {
      std::fprintf(stderr, " [%s]=[%s]", k.c_str(), v.c_str());
    }
    std::fprintf(stderr, "\n");
  }
  check(same, "req.cookies is cookie.parse's object");
  check(gotSigned.size() == wantSigned.size(), "req.signedCookies: cookie-parser's keys");
  i = 0;
  for (const auto& [k, v] : gotSigned) {
    check(wantSigned[i].first == k && wantSigned[i].second == v,
          "req.signedCookies: cookie-parser's values");
    ++i;
  }
  // A value res.cookie can send: a JavaScript string, so UTF-8 here.
  const bool utf8 =
      express_js::decodeURIComponent(express_js::encodeURIComponent(toSign)).has_value();
  if (withSecrets && !toSign.empty() && utf8 && !jsHas(cookieParse(std::string(header)), "sc")) {
    const std::optional<std::string>* back = gotSigned.find("sc");
    check(back != nullptr && *back == std::optional<std::string>(std::string(toSign)),
          "a cookie signed with a secret comes back");
  }
}

// --- req.query ---

void query(std::string_view url) {
  const std::optional<std::string> q = queryOf(url);
  bool fast = !url.empty() && url[0] == '/';
  for (char c : url) {
    fast = fast && std::strchr("\t\n\f\r #", c) == nullptr;
  }
  if (fast) {
    const size_t mark = url.find('?');
    check(mark == std::string_view::npos ? !q : q && *q == url.substr(mark + 1),
          "parseurl's query: what follows the first '?'");
  }
  if (q) {
    const nodecc::querystring::ParsedQuery parsed = nodecc::querystring::parse(*q);
    check(parsed.size() <= 1000, "req.query: at most 1000 keys");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) {
    return 0;
  }
  std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);
  std::string_view part[5];
  for (auto& p : part) {
    const size_t nl = rest.find('\n');
    p = rest.substr(0, nl);
    rest = nl == std::string_view::npos ? std::string_view() : rest.substr(nl + 1);
  }
  negotiation(data[0], part[0], part[1]);
  cookies(data[0] & 16, part[2], part[3]);
  query(part[4]);
  return 0;
}
