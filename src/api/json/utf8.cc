#include "api/json/utf8.h"

namespace nodecc::JSON::detail {

std::u16string toUtf16(std::string_view text) {
  std::u16string units;
  units.reserve(text.size());
  auto* p = reinterpret_cast<const unsigned char*>(text.data());
  auto* end = p + text.size();
  while (p < end) {
    char32_t cp;
    p += decodeUtf8(p, end, &cp);
    if (cp == kInvalidSequence) {
      cp = kReplacement;
    }
    if (cp >= 0x10000) {
      units += static_cast<char16_t>(0xD800 + ((cp - 0x10000) >> 10));
      units += static_cast<char16_t>(0xDC00 + ((cp - 0x10000) & 0x3FF));
    } else {
      units += static_cast<char16_t>(cp);
    }
  }
  return units;
}

std::string toUtf8ForMessage(std::u16string_view units) {
  std::string out;
  out.reserve(units.size());
  for (std::size_t i = 0; i < units.size(); ++i) {
    char32_t u = units[i];
    if (u >= 0xD800 && u <= 0xDBFF && i + 1 < units.size() && units[i + 1] >= 0xDC00 &&
        units[i + 1] <= 0xDFFF) {
      appendUtf8(out, 0x10000 + ((u - 0xD800) << 10) + (units[i + 1] - 0xDC00));
      ++i;
    } else if (u >= 0xD800 && u <= 0xDFFF) {
      appendUtf8(out, kReplacement);
    } else {
      appendUtf8(out, u);
    }
  }
  return out;
}

}  // namespace nodecc::JSON::detail
