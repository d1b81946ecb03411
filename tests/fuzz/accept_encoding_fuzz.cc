// libFuzzer target for Accept-Encoding negotiation (src/static/content_coding.*), compiled
// alone. Input: one byte of flags (bit 0: file.gz exists, bit 1: file.br exists, bit 2: no
// header at all), then the header value. Properties:
//   - only an existing representation is chosen; no header means identity;
//   - a coding the client refused explicitly (the last "br;q=0" appended) is never sent;
//   - parseQValue accepts exactly RFC 9110's qvalue grammar, with its value;
//   - on a well-formed header (RFC 9110 §12.5.3: codings with an optional weight, each named
//     once) the choice is the one the RFC and content_coding.h's rules give, computed here
//     independently: highest q among the available representations, ties to br, gzip, then
//     identity; identity acceptable unless refused by "identity;q=0" or by "*;q=0" without an
//     identity entry, and, when not named, below any coding that was.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "static/content_coding.h"

namespace {

using namespace nodecc::staticfiles::core;

void check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "property violated: %s\n", what);
    std::abort();
  }
}

bool isOws(char c) {
  return c == ' ' || c == '\t';
}
bool isTchar(unsigned char c) {
  return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') ||
         (c != 0 && std::strchr("!#$%&'*+-.^_`|~", c) != nullptr);
}
std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') {
      c = char(c + 32);
    }
  }
  return out;
}

// qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] ), in thousandths.
std::optional<int> referenceQ(std::string_view s) {
  if (s.empty() || (s[0] != '0' && s[0] != '1')) {
    return std::nullopt;
  }
  int value = (s[0] - '0') * 1000;
  if (s.size() == 1) {
    return value;
  }
  if (s[1] != '.' || s.size() > 5) {
    return std::nullopt;
  }
  int scale = 100;
  for (size_t i = 2; i < s.size(); ++i, scale /= 10) {
    if (s[i] < '0' || s[i] > '9' || (s[0] == '1' && s[i] != '0')) {
      return std::nullopt;
    }
    value += (s[i] - '0') * scale;
  }
  return value;
}

// The weights of a well-formed header: #( codings weight ), codings = token, weight =
// OWS ";" OWS "q=" qvalue, each coding (case-insensitive) at most once; nullopt otherwise.
struct Weights {
  std::optional<int> br, gzip, identity, star;
};
std::optional<Weights> wellFormed(std::string_view h) {
  Weights w;
  std::vector<std::string> seen;
  while (true) {
    const size_t comma = h.find(',');
    std::string_view e = h.substr(0, comma);
    while (!e.empty() && isOws(e.front())) {
      e.remove_prefix(1);
    }
    while (!e.empty() && isOws(e.back())) {
      e.remove_suffix(1);
    }
    if (!e.empty()) {
      size_t n = 0;
      while (n < e.size() && isTchar(static_cast<unsigned char>(e[n]))) {
        ++n;
      }
      if (n == 0) {
        return std::nullopt;
      }
      std::string name = lower(e.substr(0, n));
      std::string_view rest = e.substr(n);
      int q = 1000;
      while (!rest.empty() && isOws(rest.front())) {
        rest.remove_prefix(1);
      }
      if (!rest.empty()) {
        if (rest[0] != ';') {
          return std::nullopt;
        }
        rest.remove_prefix(1);
        while (!rest.empty() && isOws(rest.front())) {
          rest.remove_prefix(1);
        }
        if (rest.size() < 2 || (rest[0] | 0x20) != 'q' || rest[1] != '=') {
          return std::nullopt;
        }
        const auto v = referenceQ(rest.substr(2));
        if (!v) {
          return std::nullopt;
        }
        q = *v;
      }
      // x-gzip is gzip (RFC 9110 §8.4.1.3): naming both is naming gzip twice.
      if (name == "x-gzip") {
        name = "gzip";
      }
      for (const std::string& s : seen) {
        if (s == name) {
          return std::nullopt;
        }
      }
      seen.push_back(name);
      if (name == "br") {
        w.br = q;
      } else if (name == "gzip") {
        w.gzip = q;
      } else if (name == "identity") {
        w.identity = q;
      } else if (name == "*") {
        w.star = q;
      }
    }
    if (comma == std::string_view::npos) {
      return w;
    }
    h.remove_prefix(comma + 1);
  }
}

Coding referenceChoice(const Weights& w, bool haveGzip, bool haveBrotli) {
  auto qOf = [&](const std::optional<int>& q) { return q ? *q : (w.star ? *w.star : 0); };
  const int br = haveBrotli ? qOf(w.br) : 0;
  const int gz = haveGzip ? qOf(w.gzip) : 0;
  // Not named (and no "*"): acceptable, but below any coding the client named.
  const int id = w.identity ? *w.identity : (w.star ? *w.star : 1);
  Coding best = Coding::kIdentity;
  int bestQ = id;
  if (gz > 0 && gz >= bestQ) {
    best = Coding::kGzip;
    bestQ = gz;
  }
  if (br > 0 && br >= bestQ) {
    best = Coding::kBrotli;
  }
  return best;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) {
    return 0;
  }
  const bool haveGzip = data[0] & 1;
  const bool haveBrotli = data[0] & 2;
  const bool absent = data[0] & 4;
  // An exact-size heap copy, so ASan sees any read past the end.
  std::unique_ptr<char[]> copy(new char[size]);
  std::memcpy(copy.get(), data + 1, size - 1);
  const std::string_view header =
      absent ? std::string_view() : std::string_view(copy.get(), size - 1);

  const Coding c = chooseCoding(header, haveGzip, haveBrotli);
  check(c == Coding::kIdentity || (c == Coding::kGzip && haveGzip) ||
            (c == Coding::kBrotli && haveBrotli),
        "only an existing representation is chosen");
  if (absent) {
    check(c == Coding::kIdentity, "no header: identity");
    return 0;
  }
  check(chooseCoding(header, haveGzip, haveBrotli) == c, "deterministic");

  const std::string refused = std::string(header) + ", br;q=0";
  check(chooseCoding(refused, haveGzip, haveBrotli) != Coding::kBrotli, "br;q=0 is respected");

  int q = -1;
  const bool ok = parseQValue(header, &q);
  const auto ref = referenceQ(header);
  check(ok == ref.has_value(), "qvalue accepted exactly when RFC 9110 allows it");
  check(!ok || q == *ref, "qvalue's value");

  if (const auto w = wellFormed(header)) {
    const Coding want = referenceChoice(*w, haveGzip, haveBrotli);
    if (c != want) {
      std::fprintf(stderr, "chose %d, RFC 9110 gives %d\n", int(c), int(want));
    }
    check(c == want, "the choice RFC 9110 gives on a well-formed header");
  }
  return 0;
}
