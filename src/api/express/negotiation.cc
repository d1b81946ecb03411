// negotiator 1.1: mediaType.js, encoding.js, charset.js, language.js. The Accept list parser
// splits on commas outside quoted strings and reads ";name=value" parameters (content-type's
// parse with its comma option, for well-formed headers).
#include "api/express/negotiation.h"

#include <algorithm>
#include <cstdlib>
#include <map>

#include "api/express/text.h"
#include "api/url/codec.h"

namespace nodecc::express::detail {

namespace {

struct Parsed {
  std::string type;
  std::map<std::string, std::string> params;
};

std::vector<Parsed> parseList(std::string_view header) {
  std::vector<Parsed> out;
  std::vector<std::string> items;
  std::string cur;
  bool quoted = false;
  for (size_t i = 0; i < header.size(); ++i) {
    char c = header[i];
    if (quoted) {
      if (c == '\\' && i + 1 < header.size()) {
        cur += header[++i];
        continue;
      }
      if (c == '"') {
        quoted = false;
      }
      cur += c;
      continue;
    }
    if (c == '"') {
      quoted = true;
      cur += c;
    } else if (c == ',') {
      items.push_back(std::move(cur));
      cur.clear();
    } else {
      cur += c;
    }
  }
  items.push_back(std::move(cur));
  for (const std::string& item : items) {
    Parsed p;
    size_t semi = item.find(';');
    p.type = std::string(text::core::trimOws(std::string_view(item).substr(0, semi)));
    while (semi != std::string::npos) {
      size_t nextSemi = item.find(';', semi + 1);
      std::string_view kv = std::string_view(item).substr(semi + 1, nextSemi - semi - 1);
      size_t eq = kv.find('=');
      if (eq != std::string_view::npos) {
        std::string k(text::core::trimOws(kv.substr(0, eq)));
        text::core::lowerInPlace(k);
        std::string v(text::core::trimOws(kv.substr(eq + 1)));
        if (v.size() >= 2 && v.front() == '"' && v.back() == '"') {
          v = v.substr(1, v.size() - 2);
        }
        p.params[k] = v;
      }
      semi = nextSemi;
    }
    if (p.type.empty() && p.params.empty() && item.find_first_not_of(" \t") == std::string::npos) {
      continue;
    }
    out.push_back(std::move(p));
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

double qOf(std::map<std::string, std::string>& params) {
  auto it = params.find("q");
  if (it == params.end()) {
    return 1;
  }
  double q = std::strtod(it->second.c_str(), nullptr);
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

template <class SpecifyFn>
std::vector<std::string> choose(const std::vector<Spec>& accepts,
                                const std::vector<std::string>& provided, SpecifyFn specify) {
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
      if ((d != 0 ? d : (dq != 0 ? (dq < 0 ? -1 : 1) : dor)) < 0) {
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
  std::stable_sort(kept.begin(), kept.end(), compare);
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
    std::vector<Parsed> parsed = parseList(type);
    if (parsed.empty()) {
      return false;
    }
    Parsed& p = parsed[0];
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
        std::string pv = p.params.count(k) ? p.params[k] : "";
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

std::vector<Spec> simpleList(std::string_view header) {
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

std::vector<std::string> preferredEncodings(const std::string* header,
                                            const std::vector<std::string>* provided) {
  std::vector<Spec> accepts = simpleList(header ? *header : "");
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
    id.i = int(accepts.size());
    accepts.push_back(id);
  }
  if (provided == nullptr) {
    return fullValues(std::move(accepts));
  }
  return choose(accepts, *provided, specifySimple);
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
  return choose(accepts, *provided, [](const std::string& lang, const Spec& spec, Priority* out) {
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
