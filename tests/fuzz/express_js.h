#pragma once
// References for the express_* fuzz targets: the JavaScript that Express 5 runs, transcribed
// from the packages it installs (tests/express/node_modules), over byte strings that stand for
// Node's latin1 header text. Written independently of src/api/express, in the JavaScript's own
// shape, so that the two can disagree.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace express_js {

inline char lowerAscii(char c) {
  return c >= 'A' && c <= 'Z' ? char(c + 32) : c;
}
inline std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    c = lowerAscii(c);
  }
  return out;
}
inline bool isAscii(std::string_view s) {
  for (char c : s) {
    if (static_cast<unsigned char>(c) >= 0x80) {
      return false;
    }
  }
  return true;
}

// content-type 2.1's parse(header, {comma, start, parameters}).
struct ContentType {
  std::string type;
  std::vector<std::pair<std::string, std::string>> parameters;  // in order, first wins
  size_t index = 0;
  const std::string* get(std::string_view k) const {
    for (const auto& [key, value] : parameters) {
      if (key == k) {
        return &value;
      }
    }
    return nullptr;
  }
};

inline ContentType parseContentType(std::string_view header, bool comma = false, size_t start = 0,
                                    bool withParameters = true) {
  const size_t len = header.size();
  // charCodeAt: -1 past the end (NaN never equals a character).
  auto at = [&](size_t i) { return i < len ? static_cast<unsigned char>(header[i]) : -1; };
  const int stopChar = comma ? ',' : 65536;
  auto skipOWS = [&](size_t i) {
    while (i < len && (at(i) == ' ' || at(i) == '\t')) {
      ++i;
    }
    return i;
  };
  auto trailingOWS = [&](size_t s, size_t e) {
    while (e > s && (at(e - 1) == ' ' || at(e - 1) == '\t')) {
      --e;
    }
    return e;
  };
  auto skipValue = [&](size_t i) {
    while (i < len && at(i) != ';' && at(i) != stopChar) {
      ++i;
    }
    return i;
  };
  ContentType ct;
  size_t index = skipOWS(start);
  const size_t valueStart = index;
  index = skipValue(index);
  ct.type = lower(header.substr(valueStart, trailingOWS(valueStart, index) - valueStart));
  if (!withParameters) {
    ct.index = index;
    return ct;
  }
  auto set = [&](const std::string& k, std::string v) {
    if (ct.get(k) == nullptr) {
      ct.parameters.emplace_back(k, std::move(v));
    }
  };
  enum { kNext, kBreak } flow;
  while (index < len) {  // parameter:
    if (at(index) == stopChar) {
      break;
    }
    index = skipOWS(index + 1);
    const size_t keyStart = index;
    flow = kNext;
    while (index < len) {
      const int code = at(index);
      if (code == stopChar) {
        flow = kBreak;
        break;
      }
      if (code == ';') {
        break;  // continue parameter
      }
      if (code == '=') {
        const std::string key =
            lower(header.substr(keyStart, trailingOWS(keyStart, index) - keyStart));
        index = skipOWS(index + 1);
        if (index < len && at(index) == '"') {
          index++;
          std::string value;
          while (index < len) {
            const int c = at(index++);
            if (c == '"') {
              index = skipValue(index);
              set(key, value);
              break;
            }
            if (c == '\\' && index < len) {
              value += header[index++];
              continue;
            }
            value += char(c);
          }
          break;  // continue parameter
        }
        const size_t vs = index;
        index = skipValue(index);
        set(key, std::string(header.substr(vs, trailingOWS(vs, index) - vs)));
        break;  // continue parameter
      }
      index++;
    }
    if (flow == kBreak) {
      break;
    }
  }
  ct.index = index;
  return ct;
}

// parseFloat: leading StrWhiteSpace (latin1's: TAB..CR, SP, NBSP) skipped, then the longest
// StrDecimalLiteral prefix ([+-] Infinity, or digits with '.' and an exponent), else NaN.
inline double parseFloat(std::string_view s) {
  size_t i = 0;
  auto space = [](unsigned char c) { return (c >= 9 && c <= 13) || c == ' ' || c == 0xA0; };
  while (i < s.size() && space(static_cast<unsigned char>(s[i]))) {
    ++i;
  }
  const size_t start = i;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) {
    ++i;
  }
  if (s.substr(i, 8) == "Infinity") {
    return s[start] == '-' ? -INFINITY : INFINITY;
  }
  size_t digits = 0;
  while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
    ++i;
    ++digits;
  }
  if (i < s.size() && s[i] == '.') {
    size_t j = i + 1;
    size_t frac = 0;
    while (j < s.size() && s[j] >= '0' && s[j] <= '9') {
      ++j;
      ++frac;
    }
    if (digits + frac > 0) {
      i = j;
      digits += frac;
    }
  }
  if (digits == 0) {
    return NAN;
  }
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    size_t j = i + 1;
    if (j < s.size() && (s[j] == '+' || s[j] == '-')) {
      ++j;
    }
    const size_t expStart = j;
    while (j < s.size() && s[j] >= '0' && s[j] <= '9') {
      ++j;
    }
    if (j > expStart) {
      i = j;
    }
  }
  return std::strtod(std::string(s.substr(start, i - start)).c_str(), nullptr);
}

inline int hexValue(char c) {
  c = lowerAscii(c);
  return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

// decodeURIComponent over bytes (a JS string's UTF-8): nullopt where it throws URIError.
inline std::optional<std::string> decodeURIComponent(std::string_view s) {
  std::string out;
  auto byteAt = [&](size_t at) -> int {
    if (at + 2 >= s.size() || s[at] != '%' || hexValue(s[at + 1]) < 0 || hexValue(s[at + 2]) < 0) {
      return -1;
    }
    return hexValue(s[at + 1]) * 16 + hexValue(s[at + 2]);
  };
  for (size_t i = 0; i < s.size();) {
    if (s[i] != '%') {
      out += s[i++];
      continue;
    }
    const int b = byteAt(i);
    if (b < 0) {
      return std::nullopt;
    }
    if (b < 0x80) {
      out += char(b);
      i += 3;
      continue;
    }
    const int n = b >= 0xC2 && b <= 0xDF   ? 1
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

// encodeURIComponent over bytes: all but A-Z a-z 0-9 - _ . ! ~ * ' ( ) as %XX.
inline std::string encodeURIComponent(std::string_view s) {
  static const char* kHex = "0123456789ABCDEF";
  std::string out;
  for (char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
        std::string_view("-_.!~*'()").find(ch) != std::string_view::npos) {
      out += ch;
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

// A canonical array index ("0".."4294967294"): such keys come first in Object.keys order.
inline bool isArrayIndex(std::string_view k) {
  if (k.empty() || k.size() > 10 || (k.size() > 1 && k[0] == '0')) {
    return false;
  }
  for (char c : k) {
    if (c < '0' || c > '9') {
      return false;
    }
  }
  return k.size() < 10 || k <= "4294967294";
}

}  // namespace express_js
