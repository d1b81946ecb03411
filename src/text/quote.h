#pragma once
// A string as util.inspect shows it (Node's strEscape), for console output and for the
// "Received 'value'" of argument errors alike: quoted with ' (or " or ` when it holds a ' and
// not the other), control characters, the quote and \ escaped. Bytes that are not UTF-8 print
// as \xNN.
#include <string>
#include <string_view>

#include "text/utf8.h"

namespace nodecc::text::core {

inline void appendQuoted(std::string& out, std::string_view s) {
  char quote = '\'';
  if (s.find('\'') != std::string_view::npos) {
    if (s.find('"') == std::string_view::npos) {
      quote = '"';
    } else if (s.find('`') == std::string_view::npos && s.find("${") == std::string_view::npos) {
      quote = '`';
    }
  }
  static constexpr char kHex[] = "0123456789ABCDEF";
  auto hexEscape = [&](unsigned v) {
    out += "\\x";
    out += kHex[v >> 4];
    out += kHex[v & 15];
  };
  out += quote;
  size_t i = 0;
  while (i < s.size()) {
    unsigned char b = static_cast<unsigned char>(s[i]);
    if (b >= 0x20 && b < 0x7F) {
      if (b == '\\') {
        out += "\\\\";
      } else if (b == '\'' && quote == '\'') {
        out += "\\'";
      } else {
        out += char(b);
      }
      ++i;
      continue;
    }
    if (b < 0x20) {
      switch (b) {
        case '\b':
          out += "\\b";
          break;
        case '\t':
          out += "\\t";
          break;
        case '\n':
          out += "\\n";
          break;
        case '\f':
          out += "\\f";
          break;
        case '\r':
          out += "\\r";
          break;
        default:
          hexEscape(b);
      }
      ++i;
      continue;
    }
    if (b == 0x7F) {
      hexEscape(b);
      ++i;
      continue;
    }
    char32_t cp;
    auto* p = reinterpret_cast<const unsigned char*>(s.data());
    size_t len = decodeUtf8(p + i, p + s.size(), &cp);
    if (cp == kInvalidSequence) {
      hexEscape(b);  // not UTF-8: no JavaScript string holds it; shown as the byte it is
      ++i;
    } else if (cp <= 0x9F) {
      hexEscape(unsigned(cp));  // C1 control characters
      i += len;
    } else {
      out.append(s.substr(i, len));
      i += len;
    }
  }
  out += quote;
}

}  // namespace nodecc::text::core
