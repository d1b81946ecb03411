// nodecc's side of compat.url: reads inputs.txt and exceptions.txt like url_oracle.js and
// prints the same JSON lines (same keys, same order), computed with nodecc's url module.
#include <nodecc/url.h>

#include <cctype>
#include <cstdio>
#include <fstream>
#include <functional>
#include <iostream>
#include <optional>
#include <set>
#include <string>
#include <vector>

using namespace nodecc;

namespace {

// JSON.stringify's string escaping (UTF-8 passes through).
std::string q(std::string_view s) {
  static const char* kHex = "0123456789abcdef";
  std::string out = "\"";
  for (char ch : s) {
    auto c = static_cast<unsigned char>(ch);
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20) {
          out += "\\u00";
          out += kHex[c >> 4];
          out += kHex[c & 15];
        } else {
          out += ch;
        }
    }
  }
  return out + "\"";
}

std::string qn(const std::optional<std::string>& s) { return s ? q(*s) : "null"; }
std::string b(bool v) { return v ? "true" : "false"; }

// An object, keys in insertion order.
class Obj {
 public:
  Obj& add(std::string_view key, const std::string& json) {
    out_ += first_ ? "" : ",";
    first_ = false;
    out_ += q(key) + ":" + json;
    return *this;
  }
  std::string str() const { return out_ + "}"; }

 private:
  std::string out_ = "{";
  bool first_ = true;
};

std::string arr(const std::vector<std::string>& jsonItems) {
  std::string out = "[";
  for (size_t i = 0; i < jsonItems.size(); ++i) {
    out += (i ? "," : "") + jsonItems[i];
  }
  return out + "]";
}

std::string queryJson(const querystring::ParsedQuery& query) {
  Obj o;
  for (const auto& e : query) {
    if (e.isArray()) {
      std::vector<std::string> items;
      for (const auto& v : e.values) {
        items.push_back(q(v));
      }
      o.add(e.key, arr(items));
    } else {
      o.add(e.key, q(e.values[0]));
    }
  }
  return o.str();
}

std::string attempt(const std::function<std::string()>& f) {
  try {
    return f();
  } catch (const Error& e) {
    return Obj().add("error", q(e.code.empty() ? e.name : e.code)).str();
  }
}

std::string whatwgFields(Obj& o, URL& u) {
  o.add("href", q(u.href()))
      .add("origin", q(u.origin()))
      .add("protocol", q(u.protocol()))
      .add("username", q(u.username()))
      .add("password", q(u.password()))
      .add("host", q(u.host()))
      .add("hostname", q(u.hostname()))
      .add("port", q(u.port()))
      .add("pathname", q(u.pathname()))
      .add("search", q(u.search()))
      .add("hash", q(u.hash()))
      .add("searchParams", q(u.searchParams().toString()));
  return o.str();
}

std::string queryPart(const std::string& input) {
  size_t qm = input.find('?');
  if (qm == std::string::npos) {
    return input;
  }
  size_t h = input.find('#', qm);
  return h == std::string::npos ? input.substr(qm + 1) : input.substr(qm + 1, h - qm - 1);
}

std::string parseCase(const std::string& input, const std::optional<std::string>& base) {
  Obj out;
  out.add("input", q(input));
  if (base) {
    out.add("base", q(*base));
  }
  out.add("legacy", attempt([&] {
    url::Url u = url::parse(input, true);
    Obj o;
    o.add("protocol", qn(u.protocol))
        .add("slashes", u.slashes ? "true" : "null")
        .add("auth", qn(u.auth))
        .add("host", qn(u.host))
        .add("port", qn(u.port))
        .add("hostname", qn(u.hostname))
        .add("hash", qn(u.hash))
        .add("search", qn(u.search))
        .add("query", queryJson(u.query))
        .add("pathname", qn(u.pathname))
        .add("path", qn(u.path))
        .add("href", qn(u.href))
        .add("rawQuery", qn(url::parse(input).rawQuery))
        .add("slashesHref", qn(url::parse(input, false, true).href));
    return o.str();
  }));
  if (base) {
    out.add("resolve", attempt([&] { return q(url::resolve(*base, input)); }));
  }
  out.add("canParse", b(base ? URL::canParse(input, *base) : URL::canParse(input)));
  out.add("whatwg", attempt([&] {
    URL u = base ? URL(input, *base) : URL(input);
    Obj o;
    whatwgFields(o, u);
    url::URLFormatOptions fo;
    fo.fragment = fo.search = fo.auth = false;
    fo.unicode = true;
    o.add("format", q(url::format(u, fo)));
    return o.str();
  }));
  std::string qs = queryPart(input);
  URLSearchParams p(qs);
  std::vector<std::string> entries;
  for (const auto& [k, v] : p) {
    entries.push_back(arr({q(k), q(v)}));
  }
  Obj params;
  params.add("entries", arr(entries))
      .add("size", std::to_string(p.size()))
      .add("str", q(p.toString()));
  auto quoted = [](const std::vector<std::string>& values) {
    std::vector<std::string> out;
    for (const auto& v : values) {
      out.push_back(q(v));
    }
    return arr(out);
  };
  auto orNull = [](const std::optional<std::string>& v) { return v ? q(*v) : std::string("null"); };
  std::string first = p.size() > 0 ? p.keys()[0] : "none";
  params.add("lookup", arr({q(first), orNull(p.get(first)), quoted(p.getAll(first)),
                            p.has(first) ? "true" : "false", orNull(p.get("no such name")),
                            quoted(p.getAll("no such name")),
                            p.has("no such name") ? "true" : "false"}));
  p.sort();
  params.add("sorted", q(p.toString()));
  out.add("params", params.str());
  auto parsed = querystring::parse(qs);
  out.add("qs", Obj().add("parse", queryJson(parsed))
                    .add("stringify", q(querystring::stringify(parsed)))
                    .add("escape", q(querystring::escape(input)))
                    .add("unescape", q(querystring::unescape(input)))
                    .str());
  out.add("domain", Obj().add("ascii", q(url::domainToASCII(input)))
                        .add("unicode", q(url::domainToUnicode(input)))
                        .str());
  return out.str();
}

void setProp(URL& u, const std::string& prop, const std::string& v) {
  if (prop == "href") u.href(v);
  else if (prop == "protocol") u.protocol(v);
  else if (prop == "username") u.username(v);
  else if (prop == "password") u.password(v);
  else if (prop == "host") u.host(v);
  else if (prop == "hostname") u.hostname(v);
  else if (prop == "port") u.port(v);
  else if (prop == "pathname") u.pathname(v);
  else if (prop == "search") u.search(v);
  else if (prop == "hash") u.hash(v);
}

std::string setCase(const std::vector<std::string>& f) {
  Obj out;
  out.add("set", arr({q(f[1]), q(f[2]), q(f[3])}));
  out.add("result", attempt([&] {
    URL u(f[1]);
    setProp(u, f[2], f[3]);
    Obj o;
    return whatwgFields(o, u);
  }));
  return out.str();
}

std::string paramsCase(const std::vector<std::string>& f) {
  Obj out;
  auto field = [&](size_t i) { return i < f.size() ? q(f[i]) : std::string("null"); };
  out.add("params", arr({q(f[1]), q(f[2]), field(3), field(4)}));
  out.add("result", attempt([&] {
    URL u(f[1]);
    URLSearchParams& p = u.searchParams();
    const std::string& op = f[2];
    if (op == "append") p.append(f[3], f[4]);
    else if (op == "set") p.set(f[3], f[4]);
    else if (op == "delete" && f.size() > 4) p.remove(f[3], f[4]);
    else if (op == "delete") p.remove(f[3]);
    else if (op == "sort") p.sort();
    else if (op == "search") u.search(f[3]);
    return Obj()
        .add("href", q(u.href()))
        .add("search", q(u.search()))
        .add("params", q(p.toString()))
        .add("size", std::to_string(p.size()))
        .str();
  }));
  return out.str();
}

std::string unescapeField(const std::string& s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '\\' || i + 1 >= s.size()) {
      out += s[i];
      continue;
    }
    char e = s[i + 1];
    auto appendCp = [&](unsigned long cp) {
      std::string tmp;
      if (cp < 0x80) {
        tmp += static_cast<char>(cp);
      } else if (cp < 0x800) {
        tmp += static_cast<char>(0xC0 | (cp >> 6));
        tmp += static_cast<char>(0x80 | (cp & 0x3F));
      } else if (cp < 0x10000) {
        tmp += static_cast<char>(0xE0 | (cp >> 12));
        tmp += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        tmp += static_cast<char>(0x80 | (cp & 0x3F));
      } else {
        tmp += static_cast<char>(0xF0 | (cp >> 18));
        tmp += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        tmp += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        tmp += static_cast<char>(0x80 | (cp & 0x3F));
      }
      out += tmp;
    };
    if (e == 't' || e == 'n' || e == 'r' || e == '\\' || e == 'E') {
      out += e == 't' ? "\t" : e == 'n' ? "\n" : e == 'r' ? "\r" : e == '\\' ? "\\" : "";
      ++i;
    } else if (e == 'x' && i + 3 < s.size() && isxdigit(s[i + 2]) && isxdigit(s[i + 3])) {
      appendCp(std::stoul(s.substr(i + 2, 2), nullptr, 16));
      i += 3;
    } else if (e == 'u' && i + 2 < s.size() && s[i + 2] == '{' &&
               s.find('}', i + 3) != std::string::npos) {
      size_t close = s.find('}', i + 3);
      appendCp(std::stoul(s.substr(i + 3, close - i - 3), nullptr, 16));
      i = close;
    } else {
      out += s[i];
    }
  }
  return out;
}

std::vector<std::string> readCases(const std::string& file) {
  std::ifstream in(file);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line[0] != '#') {
      lines.push_back(line);
    }
  }
  return lines;
}

std::vector<std::string> splitTabs(const std::string& line) {
  std::vector<std::string> f;
  size_t start = 0;
  for (size_t tab; (tab = line.find('\t', start)) != std::string::npos; start = tab + 1) {
    f.push_back(unescapeField(line.substr(start, tab - start)));
  }
  f.push_back(unescapeField(line.substr(start)));
  return f;
}

}  // namespace

int main(int argc, char** argv) {
  std::string dir = argc > 1 ? argv[1] : ".";
  auto exceptionLines = readCases(dir + "/exceptions.txt");
  std::set<std::string> excepted(exceptionLines.begin(), exceptionLines.end());
  auto lines = readCases(dir + "/inputs.txt");
  for (const auto& line : lines) {
    std::string out;
    if (excepted.count(line)) {
      out = Obj().add("excepted", q(line)).str();
    } else {
      auto f = splitTabs(line);
      if (f[0] == "@set") {
        out = setCase(f);
      } else if (f[0] == "@params") {
        out = paramsCase(f);
      } else {
        out = parseCase(f[0], f.size() > 1 ? std::optional<std::string>(f[1]) : std::nullopt);
      }
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
    std::fputc('\n', stdout);
  }
  Obj summary;
  summary.add("cases", std::to_string(lines.size()))
      .add("excepted", std::to_string(excepted.size()));
  std::string s = Obj().add("summary", summary.str()).str();
  std::printf("%s\n", s.c_str());
  return 0;
}
