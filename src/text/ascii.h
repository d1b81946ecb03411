#pragma once
// Byte-level text helpers shared by every layer: ASCII classes, case folding, hex digits and
// the RFC 9110 token and whitespace tests. The bottom layer (it includes nothing of nodecc), so
// each helper is written once. All are pure, allocate nothing, and treat bytes >= 0x80 as
// non-ASCII (never letters, digits or token characters).
#include <cstdint>
#include <string>
#include <string_view>

namespace nodecc::text::core {

constexpr bool isDigit(char c) {
  return c >= '0' && c <= '9';
}

constexpr bool isAlpha(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

constexpr bool isAlnum(char c) {
  return isDigit(c) || isAlpha(c);
}

constexpr bool isHexDigit(char c) {
  return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

// The value of a hex digit of either case, or -1.
constexpr int hexValue(char c) {
  if (c >= '0' && c <= '9') {
    return c - '0';
  }
  if (c >= 'a' && c <= 'f') {
    return c - 'a' + 10;
  }
  if (c >= 'A' && c <= 'F') {
    return c - 'A' + 10;
  }
  return -1;
}

// Optional whitespace of RFC 9110 §5.6.3: SP and HTAB.
constexpr bool isOws(char c) {
  return c == ' ' || c == '\t';
}

namespace detail {
constexpr bool computeTchar(unsigned char c) {
  if (isAlnum(static_cast<char>(c))) {
    return true;
  }
  for (char t : std::string_view("!#$%&'*+-.^_`|~")) {
    if (c == static_cast<unsigned char>(t)) {
      return true;
    }
  }
  return false;
}
struct TcharTable {
  bool member[256];
  constexpr TcharTable() : member() {
    for (int c = 0; c < 256; ++c) {
      member[c] = computeTchar(static_cast<unsigned char>(c));
    }
  }
};
inline constexpr TcharTable kTchar{};
}  // namespace detail

// tchar of RFC 9110 §5.6.2: the bytes of methods, field names, codings and parameters. One
// table load: chunk extensions and outgoing field names test every byte.
constexpr bool isTchar(char c) {
  return detail::kTchar.member[static_cast<unsigned char>(c)];
}

constexpr char toLower(char c) {
  return (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c;
}

// ASCII case-insensitive equality of any two byte strings.
constexpr bool equalsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) {
    return false;
  }
  for (size_t i = 0; i < a.size(); ++i) {
    if (toLower(a[i]) != toLower(b[i])) {
      return false;
    }
  }
  return true;
}

// The same when `lowerName` holds only lower-case letters, digits and '-' and `s` holds no CTL
// but HTAB (true of tokens and field values): then OR-ing 0x20 folds case and maps no other
// byte onto a byte of `lowerName`, one operation a byte on the parser's hot path.
constexpr bool equalsLower(std::string_view s, std::string_view lowerName) {
  if (s.size() != lowerName.size()) {
    return false;
  }
  for (size_t i = 0; i < s.size(); ++i) {
    if ((static_cast<unsigned char>(s[i]) | 0x20) != static_cast<unsigned char>(lowerName[i])) {
      return false;
    }
  }
  return true;
}

constexpr bool startsWithIgnoreCase(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && equalsIgnoreCase(s.substr(0, prefix.size()), prefix);
}

// out = s in lower case (out's capacity is reused).
inline void assignLower(std::string& out, std::string_view s) {
  out.resize(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    out[i] = toLower(s[i]);
  }
}

inline void lowerInPlace(std::string& s) {
  for (char& c : s) {
    c = toLower(c);
  }
}

// SP and HTAB removed from both ends.
constexpr std::string_view trimOws(std::string_view s) {
  while (!s.empty() && isOws(s.front())) {
    s.remove_prefix(1);
  }
  while (!s.empty() && isOws(s.back())) {
    s.remove_suffix(1);
  }
  return s;
}

}  // namespace nodecc::text::core
