// negotiator 1.1: mediaType.js, encoding.js, charset.js, language.js, with accept.js's list
// parser: content-type 2.1's parse in its comma mode (content_type.h), as negotiator calls it.
#include "api/express/negotiation.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <map>
#include <optional>

#include "api/express/content_type.h"
#include "api/express/text.h"
#include "api/url/codec.h"
#include "api/util/js_text.h"

namespace nodecc::express::detail {

namespace {

struct Parsed {
  std::string type;  // in the header's own case
  std::map<std::string, std::string> params;
};

// accept.js: each element of the list as content-type's parse reads it with its comma option
// (a quoted parameter value may hold a comma; a name's first value wins), the type in the
// header's own case. Elements without a type are kept: they count in the header's order.
std::vector<Parsed> parseList(std::string_view header) {
  std::vector<Parsed> out;
  size_t index = 0;
  while (index < header.size()) {
    size_t start = index;
    while (start < header.size() && text::core::isOws(header[start])) {
      ++start;
    }
    ContentType ct = parseContentType(header, true, start);
    Parsed p;
    p.type.assign(header.substr(start, ct.type.size()));
    for (auto& [k, v] : ct.parameters) {
      p.params.emplace(std::move(k), std::move(v));
    }
    out.push_back(std::move(p));
    index = ct.index + 1;
  }
  return out;
}

struct Spec {
  std::string value;  // full type / encoding / charset / language
  std::string type, subtype;
  std::string prefix;  // language prefix
  std::map<std::string, std::string> params;
  double q = 1;
  int i = 0;  // index in the header
};

struct Priority {
  int i = 0;
  int o = -1;
  double q = 0;
  int s = 0;
};

// formatX's q: parseFloat(parameters.q) when it is a non-empty string, else 1.
double qOf(std::map<std::string, std::string>& params) {
  auto it = params.find("q");
  if (it == params.end()) {
    return 1;
  }
  double q = it->second.empty() ? 1 : util::detail::parseFloatLatin1(it->second);
  params.erase(it);
  return q;
}

bool compare(const Priority& a, const Priority& b) {
  if (a.q != b.q) {
    return a.q > b.q;
  }
  if (a.s != b.s) {
    return a.s > b.s;
  }
  if (a.o != b.o) {
    return a.o < b.o;
  }
  return a.i < b.i;
}

template <class SpecifyFn, class Less = decltype(&compare)>
std::vector<std::string> choose(const std::vector<Spec>& accepts,
                                const std::vector<std::string>& provided, SpecifyFn specify,
                                Less less = &compare) {
  std::vector<Priority> priorities;
  for (size_t idx = 0; idx < provided.size(); ++idx) {
    Priority best;
    best.i = int(idx);
    for (const Spec& spec : accepts) {
      Priority p;
      if (!specify(provided[idx], spec, &p)) {
        continue;
      }
      p.i = int(idx);
      p.o = spec.i;
      p.q = spec.q;
      int d = best.s != p.s ? best.s - p.s : 0;
      double dq = best.q - p.q;
      int dor = best.o - p.o;
      // (priority.s - spec.s || priority.q - spec.q || priority.o - spec.o) < 0: a NaN q
      // difference is falsy there, as 0.
      bool dqSet = dq != 0 && !std::isnan(dq);
      if ((d != 0 ? d : (dqSet ? (dq < 0 ? -1 : 1) : dor)) < 0) {
        best = p;
      }
    }
    priorities.push_back(best);
  }
  std::vector<Priority> kept;
  for (const Priority& p : priorities) {
    if (p.q > 0) {
      kept.push_back(p);
    }
  }
  std::stable_sort(kept.begin(), kept.end(), less);
  std::vector<std::string> out;
  for (const Priority& p : kept) {
    out.push_back(provided[size_t(p.i)]);
  }
  return out;
}

std::vector<std::string> fullValues(std::vector<Spec> accepts) {
  std::vector<Priority> ps;
  for (size_t i = 0; i < accepts.size(); ++i) {
    if (accepts[i].q > 0) {
      Priority p;
      p.i = int(i);
      p.o = accepts[i].i;
      p.q = accepts[i].q;
      ps.push_back(p);
    }
  }
  std::stable_sort(ps.begin(), ps.end(), compare);
  std::vector<std::string> out;
  for (const Priority& p : ps) {
    out.push_back(accepts[size_t(p.i)].value);
  }
  return out;
}

}  // namespace

std::vector<std::string> preferredMediaTypes(const std::string* header,
                                             const std::vector<std::string>* provided) {
  std::vector<Spec> accepts;
  std::string h = header ? *header : "*/*";
  int index = 0;
  for (Parsed& p : parseList(h)) {
    size_t slash = p.type.find('/');
    int i = index++;
    if (slash == std::string::npos) {
      continue;
    }
    Spec s;
    s.q = qOf(p.params);
    s.type = p.type.substr(0, slash);
    s.subtype = p.type.substr(slash + 1);
    s.value = s.type + "/" + s.subtype;
    s.params = std::move(p.params);
    s.i = i;
    accepts.push_back(std::move(s));
  }
  if (provided == nullptr) {
    return fullValues(std::move(accepts));
  }
  return choose(accepts, *provided, [](const std::string& type, const Spec& spec, Priority* out) {
    ContentType p = parseContentType(type);
    size_t slash = p.type.find('/');
    if (slash == std::string::npos) {
      return false;
    }
    std::string ptype = p.type.substr(0, slash);
    std::string psub = p.type.substr(slash + 1);
    int s = 0;
    if (text::core::equalsIgnoreCase(spec.type, ptype)) {
      s |= 4;
    } else if (spec.type != "*") {
      return false;
    }
    if (text::core::equalsIgnoreCase(spec.subtype, psub)) {
      s |= 2;
    } else if (spec.subtype != "*") {
      return false;
    }
    if (!spec.params.empty()) {
      for (const auto& [k, v] : spec.params) {
        const std::string* found = p.parameter(k);
        std::string_view pv = found ? std::string_view(*found) : std::string_view();
        if (!(v == "*" || text::core::equalsIgnoreCase(v, pv))) {
          return false;
        }
      }
      s |= 1;
    }
    out->s = s;
    return true;
  });
}

namespace {

// The specs of the list's elements that have a value; `elements` counts all of them.
std::vector<Spec> simpleList(std::string_view header, int* elements = nullptr) {
  std::vector<Spec> accepts;
  int index = 0;
  for (Parsed& p : parseList(header)) {
    int i = index++;
    if (p.type.empty()) {
      continue;
    }
    Spec s;
    s.q = qOf(p.params);
    s.value = p.type;
    s.i = i;
    accepts.push_back(std::move(s));
  }
  if (elements != nullptr) {
    *elements = index;
  }
  return accepts;
}

bool specifySimple(const std::string& value, const Spec& spec, Priority* out) {
  if (text::core::equalsIgnoreCase(spec.value, value)) {
    out->s = 1;
    return true;
  }
  if (spec.value != "*") {
    return false;
  }
  out->s = 0;
  return true;
}

}  // namespace

namespace {

// parseAcceptEncoding's tail: identity, when no element names it (nor "*"), at the lowest q
// given (a q of 0 or NaN counting as 1), after every element of the header.
void addIdentity(std::vector<Spec>& accepts, int elements) {
  bool hasIdentity = false;
  double minQuality = 1;
  for (const Spec& s : accepts) {
    Priority p;
    hasIdentity = hasIdentity || specifySimple("identity", s, &p);
    minQuality = std::min(minQuality, s.q != 0 ? s.q : 1);
  }
  if (!hasIdentity) {
    Spec id;
    id.value = "identity";
    id.q = minQuality;
    id.i = elements;  // after every element of the header, those without a value too
    accepts.push_back(id);
  }
}

// negotiator 0.6.4's parseEncoding: /^\s*([^\s;]+)\s*(?:;(.*))?$/ over a trimmed element, q
// the first "q=" parameter through parseFloat (NaN without a value).
std::optional<Spec> parseEncoding06(std::string_view str, int i) {
  using util::detail::isJsSpaceLatin1;
  size_t p = 0;
  while (p < str.size() && isJsSpaceLatin1(str[p])) {
    ++p;
  }
  size_t start = p;
  while (p < str.size() && !isJsSpaceLatin1(str[p]) && str[p] != ';') {
    ++p;
  }
  if (p == start) {
    return std::nullopt;
  }
  Spec spec;
  spec.value.assign(str.substr(start, p - start));
  spec.i = i;
  while (p < str.size() && isJsSpaceLatin1(str[p])) {
    ++p;
  }
  if (p < str.size()) {
    if (str[p] != ';') {
      return std::nullopt;
    }
    std::string_view params = str.substr(p + 1);
    // "(.*)" stops at a line terminator, where the match then fails.
    if (params.find_first_of("\n\r") != std::string_view::npos) {
      return std::nullopt;
    }
    while (true) {
      size_t semi = params.find(';');
      std::string_view param = util::detail::trimLatin1(params.substr(0, semi));
      size_t eq = param.find('=');
      if (param.substr(0, eq) == "q") {
        // parseFloat(p[1]): p[1] ends at the next '=', where parseFloat stops anyway.
        spec.q = eq == std::string_view::npos
                     ? std::numeric_limits<double>::quiet_NaN()
                     : util::detail::parseFloatLatin1(param.substr(eq + 1));
        break;
      }
      if (semi == std::string_view::npos) {
        break;
      }
      params.remove_prefix(semi + 1);
    }
  }
  return spec;
}

}  // namespace

std::vector<std::string> preferredEncodings(const std::string* header,
                                            const std::vector<std::string>* provided) {
  int elements = 0;
  std::vector<Spec> accepts = simpleList(header ? *header : "", &elements);
  addIdentity(accepts, elements);
  if (provided == nullptr) {
    return fullValues(std::move(accepts));
  }
  return choose(accepts, *provided, specifySimple);
}

std::vector<std::string> preferredEncodings06(std::string_view header,
                                              const std::vector<std::string>& provided,
                                              const std::vector<std::string>& preferred) {
  // parseAcceptEncoding: accept.split(','), each element trimmed.
  std::vector<Spec> accepts;
  int elements = 0;
  while (true) {
    size_t comma = header.find(',');
    if (auto spec = parseEncoding06(util::detail::trimLatin1(header.substr(0, comma)), elements)) {
      accepts.push_back(std::move(*spec));
    }
    ++elements;
    if (comma == std::string_view::npos) {
      break;
    }
    header.remove_prefix(comma + 1);
  }
  addIdentity(accepts, elements);
  // The comparator given `preferred`: at equal q, preferred codings first, in its order.
  auto rank = [&](const Priority& p) {
    auto it = std::find(preferred.begin(), preferred.end(), provided[size_t(p.i)]);
    return it == preferred.end() ? -1 : int(it - preferred.begin());
  };
  auto less = [&](const Priority& a, const Priority& b) {
    if (a.q != b.q) {
      return a.q > b.q;
    }
    int ap = rank(a);
    int bp = rank(b);
    if (ap == -1 && bp == -1) {
      return compare(a, b);  // the specificity, then the header's and the offer's order
    }
    if (ap != -1 && bp != -1) {
      return ap < bp;
    }
    return ap != -1;
  };
  return choose(accepts, provided, specifySimple, less);
}

std::vector<std::string> preferredCharsets(const std::string* header,
                                           const std::vector<std::string>* provided) {
  std::vector<Spec> accepts = simpleList(header ? *header : "*");
  if (provided == nullptr) {
    return fullValues(std::move(accepts));
  }
  return choose(accepts, *provided, specifySimple);
}

std::vector<std::string> preferredLanguages(const std::string* header,
                                            const std::vector<std::string>* provided) {
  std::vector<Spec> accepts = simpleList(header ? *header : "*");
  for (Spec& s : accepts) {
    s.prefix = s.value.substr(0, s.value.find('-'));
  }
  if (provided == nullptr) {
    return fullValues(std::move(accepts));
  }
  return choose(accepts, *provided, [](const std::string& offer, const Spec& spec, Priority* out) {
    std::string lang = parseContentType(offer).type;
    if (lang.empty()) {
      return false;
    }
    std::string prefix = lang.substr(0, lang.find('-'));
    int s = 0;
    if (text::core::equalsIgnoreCase(spec.value, lang)) {
      s |= 4;
    } else if (text::core::equalsIgnoreCase(spec.prefix, lang)) {
      s |= 2;
    } else if (text::core::equalsIgnoreCase(spec.value, prefix)) {
      s |= 1;
    } else if (spec.value != "*") {
      return false;
    }
    out->s = s;
    return true;
  });
}

}  // namespace nodecc::express::detail
