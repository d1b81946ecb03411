// Buffer's encodings: names, the hex and base64 codecs, and the dispatch of each conversion to
// its codec (the UTF ones are in utf.cc).
#include <algorithm>
#include <array>

#include "api/buffer/encoding.h"
#include "api/buffer/utf.h"
#include "nodecc/error.h"
#include "text/ascii.h"
#include "text/utf8.h"

namespace nodecc::buffer::detail {

namespace {

constexpr char kHexDigits[] = "0123456789abcdef";
constexpr char kBase64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
constexpr char kBase64url[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

// Both alphabets decode in both encodings, as Node's: kSkip for what the decoder ignores
// (whitespace and any other byte), kPad for '=', where decoding stops.
constexpr int8_t kSkip = -1;
constexpr int8_t kPad = -2;
constexpr std::array<int8_t, 256> kBase64Values = [] {
  std::array<int8_t, 256> t{};
  for (auto& v : t) {
    v = kSkip;
  }
  for (int i = 0; i < 64; ++i) {
    t[uint8_t(kBase64[i])] = int8_t(i);
    t[uint8_t(kBase64url[i])] = int8_t(i);
  }
  t[uint8_t('=')] = kPad;
  return t;
}();

// text::core::hexValue as a table: one load per digit instead of three range tests (from("...",
// "hex") measured 0.96x Node's with the branches).
constexpr std::array<int8_t, 256> kHexValues = [] {
  std::array<int8_t, 256> t{};
  for (int c = 0; c < 256; ++c) {
    t[size_t(c)] = int8_t(text::core::hexValue(char(c)));
  }
  return t;
}();

size_t writeHex(std::string_view s, uint8_t* out, size_t capacity) {
  size_t n = 0;
  size_t pairs = std::min(s.size() / 2, capacity);
  const auto* p = reinterpret_cast<const uint8_t*>(s.data());
  for (; n < pairs; ++n) {
    int hi = kHexValues[p[2 * n]];
    int lo = kHexValues[p[2 * n + 1]];
    if ((hi | lo) < 0) {
      break;
    }
    out[n] = uint8_t(hi * 16 + lo);
  }
  return n;
}

size_t writeBase64(std::string_view s, uint8_t* out, size_t capacity) {
  const auto* p = reinterpret_cast<const uint8_t*>(s.data());
  size_t i = 0;
  size_t n = 0;
  // Whole quanta of four alphabet letters, three bytes each; the first quantum with anything
  // else in it (whitespace, '=', a stray byte) goes to the lenient loop below.
  while (i + 4 <= s.size() && n + 3 <= capacity) {
    int a = kBase64Values[p[i]];
    int b = kBase64Values[p[i + 1]];
    int c = kBase64Values[p[i + 2]];
    int d = kBase64Values[p[i + 3]];
    if ((a | b | c | d) < 0) {
      break;
    }
    uint32_t v = (uint32_t(a) << 18) | (uint32_t(b) << 12) | (uint32_t(c) << 6) | uint32_t(d);
    out[n] = uint8_t(v >> 16);
    out[n + 1] = uint8_t(v >> 8);
    out[n + 2] = uint8_t(v);
    n += 3;
    i += 4;
  }
  uint32_t acc = 0;
  int bits = 0;
  for (; i < s.size(); ++i) {
    int8_t v = kBase64Values[p[i]];
    if (v < 0) {
      if (v == kPad) {
        break;
      }
      continue;
    }
    acc = (acc << 6) | uint32_t(v);
    bits += 6;
    if (bits >= 8) {
      if (n == capacity) {
        break;
      }
      bits -= 8;
      out[n++] = uint8_t(acc >> bits);
    }
  }
  return n;
}

void encodeHex(const uint8_t* p, size_t n, std::string& out) {
  size_t at = out.size();
  out.resize(at + 2 * n);
  char* o = out.data() + at;
  for (size_t i = 0; i < n; ++i) {
    o[2 * i] = kHexDigits[p[i] >> 4];
    o[2 * i + 1] = kHexDigits[p[i] & 15];
  }
}

void encodeBase64(const uint8_t* p, size_t n, std::string& out, const char* alphabet, bool pad) {
  size_t at = out.size();
  out.resize(at + (n + 2) / 3 * 4);
  char* o = out.data() + at;
  size_t i = 0;
  for (; i + 2 < n; i += 3) {
    uint32_t v = (uint32_t(p[i]) << 16) | (uint32_t(p[i + 1]) << 8) | p[i + 2];
    *o++ = alphabet[v >> 18];
    *o++ = alphabet[(v >> 12) & 63];
    *o++ = alphabet[(v >> 6) & 63];
    *o++ = alphabet[v & 63];
  }
  if (i < n) {
    uint32_t v = uint32_t(p[i]) << 16;
    if (i + 1 < n) {
      v |= uint32_t(p[i + 1]) << 8;
    }
    *o++ = alphabet[v >> 18];
    *o++ = alphabet[(v >> 12) & 63];
    if (i + 1 < n) {
      *o++ = alphabet[(v >> 6) & 63];
    } else if (pad) {
      *o++ = '=';
    }
    if (pad) {
      *o++ = '=';
    }
  }
  out.resize(size_t(o - out.data()));
}

bool equalsLower(std::string_view name, std::string_view lower) {
  if (name.size() != lower.size()) {
    return false;
  }
  for (size_t i = 0; i < name.size(); ++i) {
    char c = name[i];
    if (c >= 'A' && c <= 'Z') {
      c = char(c - 'A' + 'a');
    }
    if (c != lower[i]) {
      return false;
    }
  }
  return true;
}

}  // namespace

std::optional<Encoding> parseEncoding(std::string_view name) {
  struct Name {
    std::string_view name;
    Encoding encoding;
  };
  static constexpr Name kNames[] = {
      {"utf8", Encoding::kUtf8},        {"utf-8", Encoding::kUtf8},
      {"hex", Encoding::kHex},          {"base64", Encoding::kBase64},
      {"latin1", Encoding::kLatin1},    {"binary", Encoding::kLatin1},
      {"ascii", Encoding::kAscii},      {"ucs2", Encoding::kUtf16le},
      {"ucs-2", Encoding::kUtf16le},    {"utf16le", Encoding::kUtf16le},
      {"utf-16le", Encoding::kUtf16le}, {"base64url", Encoding::kBase64url},
  };
  for (const Name& n : kNames) {
    if (equalsLower(name, n.name)) {
      return n.encoding;
    }
  }
  return std::nullopt;
}

Encoding requireEncoding(std::string_view name) {
  if (name == "utf8") {
    return Encoding::kUtf8;
  }
  std::optional<Encoding> e = parseEncoding(name);
  if (!e) {
    throw TypeError("ERR_UNKNOWN_ENCODING", "Unknown encoding: " + std::string(name));
  }
  return *e;
}

void encodeText(const uint8_t* p, size_t n, Encoding e, std::string& out) {
  switch (e) {
    case Encoding::kUtf8:
      text::core::appendUtf8Lossy(p, n, out);
      return;
    case Encoding::kUtf16le:
      encodeUtf16le(p, n, out);
      return;
    case Encoding::kLatin1:
      encodeLatin1(p, n, out, 0xFF);
      return;
    case Encoding::kAscii:
      encodeLatin1(p, n, out, 0x7F);
      return;
    case Encoding::kBase64:
      encodeBase64(p, n, out, kBase64, true);
      return;
    case Encoding::kBase64url:
      encodeBase64(p, n, out, kBase64url, false);
      return;
    case Encoding::kHex:
      encodeHex(p, n, out);
      return;
  }
}

namespace {

// Node's hex and base64 decoders read each UTF-16 unit's low byte ('Ł', U+0141, reads as 'A').
std::string_view lowBytes(std::string_view text, std::string& storage) {
  for (char c : text) {
    if (uint8_t(c) >= 0x80) {
      storage.resize(text.size());
      storage.resize(writeLatin1(text, reinterpret_cast<uint8_t*>(storage.data()), storage.size()));
      return storage;
    }
  }
  return text;
}

}  // namespace

size_t writeText(std::string_view text, Encoding e, uint8_t* out, size_t capacity) {
  std::string storage;
  switch (e) {
    case Encoding::kUtf8:
      return writeUtf8(text, out, capacity);
    case Encoding::kUtf16le:
      return writeUtf16le(text, out, capacity);
    case Encoding::kLatin1:
    case Encoding::kAscii:
      return writeLatin1(text, out, capacity);
    case Encoding::kBase64:
    case Encoding::kBase64url:
      return writeBase64(lowBytes(text, storage), out, capacity);
    case Encoding::kHex:
      return writeHex(lowBytes(text, storage), out, capacity);
  }
  return 0;
}

size_t maxDecodedSize(std::string_view text, Encoding e) {
  switch (e) {
    case Encoding::kUtf8:
    case Encoding::kLatin1:
    case Encoding::kAscii:
      return text.size();
    case Encoding::kUtf16le:
      return 2 * text.size();
    case Encoding::kBase64:
    case Encoding::kBase64url:
      return (text.size() * 3 + 3) / 4;
    case Encoding::kHex:
      return text.size() / 2;
  }
  return 0;
}

size_t byteLengthOf(std::string_view text, Encoding e) {
  switch (e) {
    case Encoding::kUtf8:
      return text.size();
    case Encoding::kUtf16le:
      return 2 * text::core::utf16Length(text);
    case Encoding::kLatin1:
    case Encoding::kAscii:
      return text::core::utf16Length(text);
    case Encoding::kBase64:
    case Encoding::kBase64url: {
      // Node's base64ByteLength: the length less up to two trailing '=', times 3/4.
      size_t n = text::core::utf16Length(text);
      size_t bytes = text.size();
      if (bytes > 0 && text[bytes - 1] == '=') {
        --n;
        --bytes;
        if (n > 1 && text[bytes - 1] == '=') {
          --n;
        }
      }
      return (n * 3) >> 2;
    }
    case Encoding::kHex:
      return text::core::utf16Length(text) >> 1;
  }
  return 0;
}

}  // namespace nodecc::buffer::detail
