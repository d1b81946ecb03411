// UTF-8 and UTF-16 for Buffer: decoding that replaces invalid input as V8 does (the WHATWG
// "maximal subpart" rule: one U+FFFD for each longest prefix of a valid sequence, the byte that
// broke it read again), and the UTF-16 view that latin1/ucs2 need of a UTF-8 std::string.
#include "api/buffer/utf.h"

#include <cstring>

#include "api/buffer/encoding.h"

namespace nodecc::buffer::detail {

namespace {

constexpr char kReplacement[] = "\xEF\xBF\xBD";

bool allAscii8(const uint8_t* p) {
  uint64_t w;
  std::memcpy(&w, p, 8);
  return (w & 0x8080808080808080ull) == 0;
}

// The length of the longest valid UTF-8 prefix of p[0..n). ASCII goes 8 bytes at a time: text
// is mostly ASCII and this is the whole cost of toString() on it.
size_t validPrefix(const uint8_t* p, size_t n) {
  size_t i = 0;
  while (i < n) {
    if (i + 8 <= n && allAscii8(p + i)) {
      i += 8;
      continue;
    }
    if (p[i] < 0x80) {
      ++i;
      continue;
    }
    uint32_t cp;
    const uint8_t* next = nextCodePoint(p + i, p + n, &cp);
    if (cp == 0xFFFD && !(next - (p + i) == 3 && p[i] == 0xEF)) {
      return i;
    }
    i = size_t(next - p);
  }
  return n;
}

void appendUtf8(uint32_t cp, std::string& out) {
  if (cp < 0x80) {
    out.push_back(char(cp));
  } else if (cp < 0x800) {
    out.push_back(char(0xC0 | (cp >> 6)));
    out.push_back(char(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(char(0xE0 | (cp >> 12)));
    out.push_back(char(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(char(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(char(0xF0 | (cp >> 18)));
    out.push_back(char(0x80 | ((cp >> 12) & 0x3F)));
    out.push_back(char(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(char(0x80 | (cp & 0x3F)));
  }
}

}  // namespace

const uint8_t* nextCodePoint(const uint8_t* p, const uint8_t* end, uint32_t* codePoint) {
  uint8_t b = *p;
  if (b < 0x80) {
    *codePoint = b;
    return p + 1;
  }
  int need;
  uint8_t lo = 0x80;
  uint8_t hi = 0xBF;
  uint32_t c;
  if (b >= 0xC2 && b <= 0xDF) {
    need = 1;
    c = b & 0x1F;
  } else if (b >= 0xE0 && b <= 0xEF) {
    need = 2;
    c = b & 0x0F;
    lo = b == 0xE0 ? 0xA0 : 0x80;  // no overlong forms
    hi = b == 0xED ? 0x9F : 0xBF;  // no surrogates
  } else if (b >= 0xF0 && b <= 0xF4) {
    need = 3;
    c = b & 0x07;
    lo = b == 0xF0 ? 0x90 : 0x80;
    hi = b == 0xF4 ? 0x8F : 0xBF;  // nothing past U+10FFFF
  } else {
    *codePoint = 0xFFFD;
    return p + 1;
  }
  const uint8_t* q = p + 1;
  for (int i = 0; i < need; ++i, ++q) {
    if (q == end || *q < lo || *q > hi) {
      *codePoint = 0xFFFD;
      return q;
    }
    c = (c << 6) | (*q & 0x3F);
    lo = 0x80;
    hi = 0xBF;
  }
  *codePoint = c;
  return q;
}

void decodeUtf8Lossy(const uint8_t* p, size_t n, std::string& out) {
  size_t valid = validPrefix(p, n);
  out.append(reinterpret_cast<const char*>(p), valid);
  if (valid == n) {
    return;
  }
  const uint8_t* q = p + valid;
  const uint8_t* end = p + n;
  while (q < end) {
    uint32_t cp;
    const uint8_t* next = nextCodePoint(q, end, &cp);
    if (cp == 0xFFFD && !(next - q == 3 && *q == 0xEF)) {
      out.append(kReplacement, 3);
    } else {
      out.append(reinterpret_cast<const char*>(q), size_t(next - q));
    }
    q = next;
  }
}

size_t utf16Length(std::string_view text) {
  auto* p = reinterpret_cast<const uint8_t*>(text.data());
  auto* end = p + text.size();
  size_t units = 0;
  while (p < end) {
    if (*p < 0x80) {
      ++p;
      ++units;
      continue;
    }
    uint32_t cp;
    p = nextCodePoint(p, end, &cp);
    units += cp >= 0x10000 ? 2 : 1;
  }
  return units;
}

// UTF-16LE bytes as UTF-8 text; a lone surrogate becomes U+FFFD (what Node prints for one), an
// odd last byte is dropped.
void encodeUtf16le(const uint8_t* p, size_t n, std::string& out) {
  size_t units = n / 2;
  out.reserve(out.size() + units);
  for (size_t i = 0; i < units; ++i) {
    uint32_t u = p[2 * i] | (uint32_t(p[2 * i + 1]) << 8);
    if (u >= 0xD800 && u <= 0xDBFF && i + 1 < units) {
      uint32_t v = p[2 * i + 2] | (uint32_t(p[2 * i + 3]) << 8);
      if (v >= 0xDC00 && v <= 0xDFFF) {
        appendUtf8(0x10000 + ((u - 0xD800) << 10) + (v - 0xDC00), out);
        ++i;
        continue;
      }
    }
    appendUtf8(u >= 0xD800 && u <= 0xDFFF ? 0xFFFD : u, out);
  }
}

void encodeLatin1(const uint8_t* p, size_t n, std::string& out, uint8_t mask) {
  out.reserve(out.size() + n);
  for (size_t i = 0; i < n; ++i) {
    appendUtf8(p[i] & mask, out);
  }
}

// Writes each UTF-16 unit of `text` through put(unit) while room(units written so far) allows.
template <class Put>
size_t forEachUnit(std::string_view text, size_t maxUnits, Put put) {
  auto* p = reinterpret_cast<const uint8_t*>(text.data());
  auto* end = p + text.size();
  size_t units = 0;
  while (p < end && units < maxUnits) {
    uint32_t cp;
    p = nextCodePoint(p, end, &cp);
    if (cp < 0x10000) {
      put(units++, uint16_t(cp));
    } else {
      put(units++, uint16_t(0xD800 + ((cp - 0x10000) >> 10)));
      if (units < maxUnits) {
        put(units++, uint16_t(0xDC00 + ((cp - 0x10000) & 0x3FF)));
      }
    }
  }
  return units;
}

size_t writeLatin1(std::string_view text, uint8_t* out, size_t capacity) {
  return forEachUnit(text, capacity, [out](size_t i, uint16_t u) { out[i] = uint8_t(u); });
}

size_t writeUtf16le(std::string_view text, uint8_t* out, size_t capacity) {
  return 2 * forEachUnit(text, capacity / 2, [out](size_t i, uint16_t u) {
           out[2 * i] = uint8_t(u);
           out[2 * i + 1] = uint8_t(u >> 8);
         });
}

size_t writeUtf8(std::string_view text, uint8_t* out, size_t capacity) {
  size_t n = text.size();
  if (n > capacity) {
    // Never a partial character: when the cut falls inside a sequence, cut before its lead.
    n = capacity;
    size_t lead = n;
    while (lead > 0 && n - lead < 3 && (uint8_t(text[lead]) & 0xC0) == 0x80) {
      --lead;
    }
    if (lead < n) {
      auto* p = reinterpret_cast<const uint8_t*>(text.data());
      uint32_t cp;
      if (size_t(nextCodePoint(p + lead, p + text.size(), &cp) - p) > n) {
        n = lead;
      }
    }
  }
  std::memcpy(out, text.data(), n);
  return n;
}

std::string inspectString(std::string_view text) {
  char quote = '\'';
  if (text.find('\'') != std::string_view::npos) {
    if (text.find('"') == std::string_view::npos) {
      quote = '"';
    } else if (text.find('`') == std::string_view::npos) {
      quote = '`';
    }
  }
  static const char* kHex = "0123456789ABCDEF";
  std::string out(1, quote);
  for (char ch : text) {
    auto c = uint8_t(ch);
    switch (c) {
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
      case '\\':
        out += "\\\\";
        break;
      default:
        if (c < 0x20 || c == 0x7F) {
          out += "\\x";
          out += kHex[c >> 4];
          out += kHex[c & 15];
        } else if (ch == quote) {
          out += '\\';
          out += ch;
        } else {
          out += ch;
        }
    }
  }
  out += quote;
  return out;
}

}  // namespace nodecc::buffer::detail
