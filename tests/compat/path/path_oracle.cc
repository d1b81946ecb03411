// nodecc's side of compat.path: every case of inputs.txt through nodecc's path module, printed
// as path_oracle.js prints Node's results.
#include <nodecc/path.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

using namespace nodecc;

static std::string unescapeField(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 1 < s.size()) {
      char e = s[++i];
      if (e == 't') out += '\t';
      else if (e == 'n') out += '\n';
      else if (e == '\\') out += '\\';
      else if (e != 'E') { out += '\\'; out += e; }
    } else {
      out += s[i];
    }
  }
  return out;
}

// JSON.stringify of a string (UTF-8 passes through).
static std::string q(std::string_view s) {
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
        if (c < 0x20) { out += "\\u00"; out += kHex[c >> 4]; out += kHex[c & 15]; }
        else out += ch;
    }
  }
  return out + "\"";
}

static std::string q(bool b) { return b ? "true" : "false"; }

static std::string parsed(const path::ParsedPath& p) {
  return "{\"root\":" + q(p.root) + ",\"dir\":" + q(p.dir) + ",\"base\":" + q(p.base) + ",\"ext\":" + q(p.ext) + ",\"name\":" + q(p.name) + "}";
}

static std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> fields;
  size_t start = 0;
  for (;;) {
    size_t tab = line.find('\t', start);
    fields.push_back(line.substr(start, tab == std::string::npos ? std::string::npos : tab - start));
    if (tab == std::string::npos) return fields;
    start = tab + 1;
  }
}

int main() {
  std::ifstream in("inputs.txt", std::ios::binary);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) lines.push_back(line);
  }
  std::string out;
  for (const std::string& line : lines) {
    std::vector<std::string> raw = split(line);
    std::string kind = raw[0];
    std::vector<std::string> f;
    for (size_t i = 1; i < raw.size(); ++i) f.push_back(unescapeField(raw[i]));
    if (kind == "P") {
      const std::string& p = f[0];
      path::ParsedPath o = path::parse(p);
      out += "P " + q(path::normalize(p)) + " " + q(path::isAbsolute(p)) + " " + q(path::dirname(p)) + " " + q(path::basename(p)) + " " +
             q(path::extname(p)) + " " + parsed(o) + " " + q(path::format(o)) + " " + q(path::toNamespacedPath(p)) + " " + q(path::resolve(p)) + " " +
             q(path::join(p)) + " " + q(path::posix::normalize(p));
    } else if (kind == "J") {
      out += "J " + q(path::join(f)) + " " + q(path::resolve(f));
    } else if (kind == "R") {
      out += "R " + q(path::relative(f[0], f[1]));
    } else if (kind == "B") {
      out += "B " + q(path::basename(f[0], f[1]));
    } else if (kind == "F") {
      out += "F " + q(path::format({.root = f[0], .dir = f[1], .base = f[2], .name = f[3], .ext = f[4]}));
    }
    out += '\n';
  }
  std::printf("sep %s delimiter %s posix %s\n", q(path::sep).c_str(), q(path::delimiter).c_str(), "true");
  std::fputs(out.c_str(), stdout);
  std::printf("%zu cases\n", lines.size());
  return 0;
}
