#include "api/url/codec.h"

namespace nodecc::url::detail {

namespace {

constexpr char kHex[] = "0123456789ABCDEF";

void appendPercent(std::string& out, unsigned char c) {
  out += '%';
  out += kHex[c >> 4];
  out += kHex[c & 15];
}

// Appends the UTF-16 code units of cp.
template <class F>
void forEachUtf16Unit(char32_t cp, F&& f) {
  if (cp < 0x10000) {
    f(static_cast<uint16_t>(cp));
  } else {
    cp -= 0x10000;
    f(static_cast<uint16_t>(0xD800 + (cp >> 10)));
    f(static_cast<uint16_t>(0xDC00 + (cp & 0x3FF)));
  }
}

}  // namespace

void percentEncodeAppend(std::string& out, std::string_view in, const ByteSet& set) {
  size_t start = 0;  // runs of bytes that stay as they are go in with one append
  for (size_t i = 0; i < in.size(); ++i) {
    auto c = static_cast<unsigned char>(in[i]);
    if (set.contains(c)) {
      out.append(in.data() + start, i - start);
      appendPercent(out, c);
      start = i + 1;
    }
  }
  out.append(in.data() + start, in.size() - start);
}

bool needsPercentEncode(std::string_view in, const ByteSet& set) {
  for (char ch : in) {
    if (set.contains(static_cast<unsigned char>(ch))) {
      return true;
    }
  }
  return false;
}

std::string encodeStr(std::string_view in, const ByteSet& noEscape, bool spaceAsPlus) {
  std::string out;
  out.reserve(in.size());
  size_t start = 0;
  for (size_t i = 0; i < in.size(); ++i) {
    auto c = static_cast<unsigned char>(in[i]);
    if (noEscape.contains(c)) {
      continue;
    }
    out.append(in.data() + start, i - start);
    if (c == ' ' && spaceAsPlus) {
      out += '+';
    } else {
      appendPercent(out, c);
    }
    start = i + 1;
  }
  out.append(in.data() + start, in.size() - start);
  return out;
}

std::string percentDecode(std::string_view in) {
  std::string out;
  out.reserve(in.size());
  for (size_t i = 0; i < in.size(); ++i) {
    int hi, lo;
    if (in[i] == '%' && i + 2 < in.size() && (hi = hexValue(in[i + 1])) >= 0 &&
        (lo = hexValue(in[i + 2])) >= 0) {
      out += static_cast<char>(hi * 16 + lo);
      i += 2;
    } else {
      out += in[i];
    }
  }
  return out;
}

size_t decodeUtf8At(std::string_view s, size_t i, char32_t& cp) {
  auto b0 = static_cast<unsigned char>(s[i]);
  if (b0 < 0x80) {
    cp = b0;
    return 1;
  }
  size_t n;
  char32_t min;
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    n = 2, cp = b0 & 0x1F, min = 0x80;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    n = 3, cp = b0 & 0x0F, min = 0x800;
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    n = 4, cp = b0 & 0x07, min = 0x10000;
  } else {
    cp = 0xFFFD;
    return 1;
  }
  if (i + n > s.size()) {
    cp = 0xFFFD;
    return 1;
  }
  for (size_t k = 1; k < n; ++k) {
    auto b = static_cast<unsigned char>(s[i + k]);
    if ((b & 0xC0) != 0x80) {
      cp = 0xFFFD;
      return 1;
    }
    cp = (cp << 6) | (b & 0x3F);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
    cp = 0xFFFD;
    return 1;
  }
  return n;
}

std::string utf8Sanitize(std::string_view bytes) {
  std::string out;
  out.reserve(bytes.size());
  text::core::appendUtf8Lossy(reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size(),
                              out);
  return out;
}

size_t utf16Length(std::string_view s) {
  size_t n = 0;
  for (size_t i = 0; i < s.size();) {
    char32_t cp;
    i += decodeUtf8At(s, i, cp);
    n += cp >= 0x10000 ? 2 : 1;
  }
  return n;
}

int compareUtf16(std::string_view a, std::string_view b) {
  size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (static_cast<unsigned char>(a[i]) < 0x80 && static_cast<unsigned char>(b[j]) < 0x80) {
      if (a[i] != b[j]) {
        return static_cast<unsigned char>(a[i]) - static_cast<unsigned char>(b[j]);
      }
      ++i, ++j;
      continue;
    }
    char32_t ca, cb;
    i += decodeUtf8At(a, i, ca);
    j += decodeUtf8At(b, j, cb);
    if (ca == cb) {
      continue;
    }
    // A supplementary character is a surrogate pair in UTF-16: it sorts between U+D7FF and
    // U+E000. Two supplementary characters keep code point order.
    auto key = [](char32_t c, char32_t other) -> char32_t {
      return (c >= 0x10000 && other < 0x10000) ? 0xD800 + ((c - 0x10000) >> 10) : c;
    };
    char32_t ka = key(ca, cb), kb = key(cb, ca);
    return ka < kb ? -1 : 1;
  }
  if (i < a.size()) {
    return 1;
  }
  return j < b.size() ? -1 : 0;
}

std::optional<std::string> decodeUriComponent(std::string_view s) {
  size_t pct = s.find('%');
  if (pct == std::string_view::npos) {
    return std::string(s);
  }
  // The byte of the %XX at `at`, or -1 when there is none (ECMA-262 Decode throws then).
  auto readByte = [&](size_t at) -> int {
    if (at + 2 >= s.size() || s[at] != '%') {
      return -1;
    }
    int hi = hexValue(s[at + 1]), lo = hexValue(s[at + 2]);
    return (hi < 0 || lo < 0) ? -1 : hi * 16 + lo;
  };
  std::string out(s.substr(0, pct));
  out.reserve(s.size());
  for (size_t k = pct; k < s.size(); ++k) {
    if (s[k] != '%') {
      out += s[k];
      continue;
    }
    int b = readByte(k);
    if (b < 0) {
      return std::nullopt;
    }
    k += 2;
    if (b < 0x80) {
      out += static_cast<char>(b);
      continue;
    }
    size_t n = (b & 0xE0) == 0xC0 ? 2 : (b & 0xF0) == 0xE0 ? 3 : (b & 0xF8) == 0xF0 ? 4 : 0;
    if (n == 0) {
      return std::nullopt;
    }
    char octets[4] = {static_cast<char>(b)};
    for (size_t m = 1; m < n; ++m) {
      int c = readByte(k + 1);
      if (c < 0 || (c & 0xC0) != 0x80) {
        return std::nullopt;
      }
      octets[m] = static_cast<char>(c);
      k += 3;
    }
    char32_t cp;
    if (decodeUtf8At(std::string_view(octets, n), 0, cp) != n) {
      return std::nullopt;  // overlong, a surrogate or beyond U+10FFFF
    }
    out.append(octets, n);
  }
  return out;
}

std::string unescapeBuffer(std::string_view s, bool decodeSpaces) {
  // Node works on UTF-16 code units and stores each into a byte (keeping the low 8 bits).
  std::u16string units;
  units.reserve(s.size());
  for (size_t i = 0; i < s.size();) {
    char32_t cp;
    size_t len = decodeUtf8At(s, i, cp);
    if (cp == 0xFFFD && len == 1 && static_cast<unsigned char>(s[i]) >= 0x80) {
      cp = static_cast<unsigned char>(s[i]);  // a stray byte stands for itself
    }
    forEachUtf16Unit(cp, [&](uint16_t u) { units += static_cast<char16_t>(u); });
    i += len;
  }
  std::string out;
  out.reserve(units.size());
  const size_t len = units.size();
  const size_t maxLength = len >= 2 ? len - 2 : 0;
  auto unhex = [](char16_t c) { return c < 128 ? hexValue(static_cast<unsigned char>(c)) : -1; };
  size_t index = 0;
  while (index < len) {
    char16_t cur = units[index];
    if (cur == u'+' && decodeSpaces) {
      out += ' ';
      ++index;
      continue;
    }
    if (cur == u'%' && index < maxLength) {
      cur = units[++index];
      int hi = unhex(cur);
      if (hi < 0) {
        out += '%';
        continue;
      }
      char16_t next = units[++index];
      int lo = unhex(next);
      if (lo < 0) {
        out += '%';
        --index;
      } else {
        cur = static_cast<char16_t>(hi * 16 + lo);
      }
    }
    out += static_cast<char>(cur & 0xFF);
    ++index;
  }
  return out;
}

std::string qsUnescape(std::string_view s, bool decodeSpaces) {
  if (auto decoded = decodeUriComponent(s)) {
    return std::move(*decoded);
  }
  return utf8Sanitize(unescapeBuffer(s, decodeSpaces));
}

}  // namespace nodecc::url::detail
