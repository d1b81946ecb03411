// UTF-8 and UTF-16 for Buffer: decoding that replaces invalid input as V8 does (the WHATWG
// "maximal subpart" rule: one U+FFFD for each longest prefix of a valid sequence, the byte that
// broke it read again), and the UTF-16 view that latin1/ucs2 need of a UTF-8 std::string.
#include "api/buffer/utf.h"

#include <cstring>

#include "api/buffer/encoding.h"
#include "text/utf8.h"

namespace nodecc::buffer::detail {

namespace {

// The next code point of UTF-8 text at p (before end): an invalid sequence reads as U+FFFD and
// consumes its maximal subpart, as V8 reads it.
const uint8_t* nextCodePoint(const uint8_t* p, const uint8_t* end, uint32_t* codePoint) {
  char32_t cp;
  size_t len = text::core::decodeUtf8(p, end, &cp);
  *codePoint = cp == text::core::kInvalidSequence ? text::core::kReplacementCharacter : cp;
  return p + len;
}

}  // namespace

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
        text::core::appendUtf8(out, 0x10000 + ((u - 0xD800) << 10) + (v - 0xDC00));
        ++i;
        continue;
      }
    }
    text::core::appendUtf8(out, u >= 0xD800 && u <= 0xDFFF ? 0xFFFD : u);
  }
}

void encodeLatin1(const uint8_t* p, size_t n, std::string& out, uint8_t mask) {
  out.reserve(out.size() + n);
  for (size_t i = 0; i < n; ++i) {
    text::core::appendUtf8(out, p[i] & mask);
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

}  // namespace nodecc::buffer::detail
