#include "static/content_coding.h"

#include "text/ascii.h"

namespace nodecc::staticfiles::core {

namespace {

using text::core::equalsIgnoreCase;
using text::core::trimOws;

}  // namespace

bool parseQValue(std::string_view s, int* out) {
  if (s.empty() || (s[0] != '0' && s[0] != '1')) {
    return false;
  }
  int whole = s[0] - '0';
  int frac = 0;
  size_t digits = 0;
  if (s.size() > 1) {
    if (s[1] != '.' || s.size() > 5) {
      return false;
    }
    for (size_t i = 2; i < s.size(); ++i) {
      if (s[i] < '0' || s[i] > '9') {
        return false;
      }
      frac = frac * 10 + (s[i] - '0');
      ++digits;
    }
  }
  while (digits < 3) {
    frac *= 10;
    ++digits;
  }
  if (whole == 1 && frac != 0) {
    return false;
  }
  *out = whole * 1000 + frac;
  return true;
}

Coding chooseCoding(std::string_view header, bool haveGzip, bool haveBrotli) {
  if (header.data() == nullptr || (!haveGzip && !haveBrotli)) {
    return Coding::kIdentity;
  }
  constexpr int kUnset = -1;
  int qBr = kUnset, qGzip = kUnset, qIdentity = kUnset, qStar = kUnset;
  while (!header.empty()) {
    size_t comma = header.find(',');
    std::string_view element = header.substr(0, comma);
    header = comma == std::string_view::npos ? std::string_view() : header.substr(comma + 1);
    size_t semi = element.find(';');
    std::string_view name = trimOws(element.substr(0, semi));
    if (name.empty()) {
      continue;
    }
    int q = 1000;
    // Parameters: only q matters; a malformed q makes the element unacceptable (q=0), the
    // conservative reading.
    while (semi != std::string_view::npos) {
      std::string_view rest = element.substr(semi + 1);
      size_t next = rest.find(';');
      std::string_view param = trimOws(rest.substr(0, next));
      if (param.size() >= 2 && (param[0] | 0x20) == 'q' && param[1] == '=') {
        if (!parseQValue(param.substr(2), &q)) {
          q = 0;
        }
      }
      semi = next == std::string_view::npos ? next : semi + 1 + next;
    }
    if (equalsIgnoreCase(name, "br")) {
      qBr = q;
    } else if (equalsIgnoreCase(name, "gzip") || equalsIgnoreCase(name, "x-gzip")) {
      qGzip = qGzip == kUnset ? q : (q > qGzip ? q : qGzip);
    } else if (equalsIgnoreCase(name, "identity")) {
      qIdentity = q;
    } else if (name == "*") {
      qStar = q;
    }
  }
  auto resolve = [&](int q) { return q != kUnset ? q : (qStar != kUnset ? qStar : 0); };
  int br = haveBrotli ? resolve(qBr) : 0;
  int gz = haveGzip ? resolve(qGzip) : 0;
  // Identity not named: acceptable, but below any coding the client did name (a client that
  // lists "gzip;q=0.5" wants gzip, not the uncompressed bytes it did not mention).
  int id = qIdentity != kUnset ? qIdentity : (qStar != kUnset ? qStar : 1);
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

}  // namespace nodecc::staticfiles::core
