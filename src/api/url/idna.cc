// IDNA for URL hosts: UTS #46 ToASCII (non-transitional, CheckHyphens and UseSTD3ASCIIRules
// off) the way Node 20's ada runs it, with deliberate reductions: the mapping covers ASCII, the
// generated table of idna_table.h (Latin, Greek, Cyrillic, Armenian, Georgian and their
// compatibility forms), full-width forms, the ideographic dots and the common ignorable and
// disallowed code points, not the whole Unicode table; unassigned code points are not rejected;
// labels are not NFC-normalized and not checked against the Bidi rule, and ContextJ knows only
// the Indic viramas and the Arabic-script joining types. docs/url.md lists these limits.
#include <algorithm>
#include <cstdint>
#include <iterator>

#include "api/url/codec.h"
#include "api/url/host.h"
#include "api/url/idna_table.h"

namespace nodecc::url::detail {

namespace {

constexpr char32_t kDot = U'.';

struct Range {
  char32_t first, last;
};

// Combining marks (General_Category M) that commonly start a label; such a label is invalid.
constexpr Range kCombiningMarks[] = {
    {0x0300, 0x036F}, {0x0483, 0x0489}, {0x0591, 0x05BD}, {0x0610, 0x061A}, {0x064B, 0x065F},
    {0x0670, 0x0670}, {0x0900, 0x0903}, {0x093A, 0x094F}, {0x1AB0, 0x1AFF}, {0x1DC0, 0x1DFF},
    {0x20D0, 0x20FF}, {0x3099, 0x309A}, {0xFE20, 0xFE2F},
};

// Code points UTS #46 maps to nothing.
constexpr Range kIgnored[] = {
    {0x00AD, 0x00AD}, {0x034F, 0x034F}, {0x180B, 0x180D}, {0x180F, 0x180F}, {0x200B, 0x200B},
    {0x2060, 0x2060}, {0x2064, 0x2064}, {0xFE00, 0xFE0F}, {0xFEFF, 0xFEFF}, {0xE0100, 0xE01EF},
};

// Code points UTS #46 disallows: controls, bidi controls, surrogates, private use,
// noncharacters, and the unassigned planes (unassigned code points inside the assigned planes
// are not known here).
constexpr Range kDisallowed[] = {
    {0x0080, 0x009F},   {0x200E, 0x200F},    {0x202A, 0x202E},   {0x2066, 0x206F},
    {0xD7C7, 0xD7CA},   {0xD7FC, 0xD7FF},    {0xD800, 0xDFFF},   {0xE000, 0xF8FF},
    {0xFDD0, 0xFDEF},   {0xFFF9, 0xFFFF},    {0x2FA20, 0x2FFFF}, {0x323B0, 0xDFFFF},
    {0xE0000, 0xE00FF}, {0xE01F0, 0x10FFFF},
};

template <size_t N>
bool inRanges(const Range (&ranges)[N], char32_t cp) {
  for (const Range& r : ranges) {
    if (cp >= r.first && cp <= r.last) {
      return true;
    }
  }
  return false;
}

// The generated table's mapping of cp, appended to out; false when it has none.
bool mapFromTable(char32_t cp, std::u32string& out) {
  for (const idna_table::Run& r : idna_table::kRuns) {
    if (cp >= r.first && cp <= r.last && (cp - r.first) % r.step == 0) {
      out += static_cast<char32_t>(static_cast<int32_t>(cp) + r.delta);
      return true;
    }
  }
  const auto* begin = std::begin(idna_table::kSingles);
  const auto* end = std::end(idna_table::kSingles);
  const auto* it = std::lower_bound(
      begin, end, cp, [](const idna_table::Single& s, char32_t c) { return s.cp < c; });
  if (it == end || it->cp != cp) {
    return false;
  }
  for (char32_t c : it->to) {
    if (c) {
      out += c;
    }
  }
  return true;
}

// Appends the UTS #46 mapping of cp; false when cp is disallowed.
bool mapCodePoint(char32_t cp, std::u32string& out) {
  if (cp < 0x80) {
    out += (cp >= 'A' && cp <= 'Z') ? cp + 0x20 : cp;
    return true;
  }
  if (inRanges(kIgnored, cp)) {
    return true;
  }
  if (inRanges(kDisallowed, cp) || (cp & 0xFFFE) == 0xFFFE) {
    return false;
  }
  if ((cp >= 0x2000 && cp <= 0x200A) || cp == 0x3000) {
    out += U' ';  // maps to U+0020, which the host parser then rejects
  } else if (cp >= 0xFF01 && cp <= 0xFF5E) {
    return mapCodePoint(cp - 0xFEE0, out);  // full-width ASCII
  } else if (cp == 0x3002 || cp == 0xFF61) {
    out += kDot;
  } else if (!mapFromTable(cp, out)) {
    out += cp;
  }
  return true;
}

bool mapAll(std::u32string_view in, std::u32string& out) {
  for (char32_t cp : in) {
    if (!mapCodePoint(cp, out)) {
      return false;
    }
  }
  return true;
}

// Viramas (Canonical_Combining_Class 9) of the Indic scripts: the ContextJ rule lets a zero
// width joiner or non-joiner follow one.
constexpr char32_t kViramas[] = {
    0x094D, 0x09CD, 0x0A4D, 0x0ACD, 0x0B4D, 0x0BCD, 0x0C4D, 0x0CCD, 0x0D3B, 0x0D3C, 0x0D4D,
    0x0DCA, 0x0E3A, 0x0EBA, 0x0F84, 0x1039, 0x103A, 0x1714, 0x1734, 0x17D2, 0x1A60, 0x1B44,
    0x1BAA, 0x1BAB, 0x1BF2, 0x1BF3, 0x2D7F, 0xA806, 0xA8C4, 0xA953, 0xA9C0, 0xAAF6, 0xABED};

// Arabic-script joining types, for the ZWNJ rule of ContextJ: the letters of the Arabic blocks
// join on both sides except those listed as right-joining; marks are transparent.
constexpr Range kArabicLetters[] = {
    {0x0620, 0x064A}, {0x066E, 0x06D3}, {0x06D5, 0x06D5}, {0x06EE, 0x06EF},
    {0x06FA, 0x06FF}, {0x0710, 0x072F}, {0x074D, 0x077F}, {0x08A0, 0x08C9},
};
constexpr Range kRightJoining[] = {
    {0x0622, 0x0625}, {0x0627, 0x0627}, {0x0629, 0x0629}, {0x062F, 0x0632}, {0x0648, 0x0648},
    {0x0671, 0x0673}, {0x0675, 0x0677}, {0x0688, 0x0699}, {0x06C0, 0x06C0}, {0x06C3, 0x06CB},
    {0x06CD, 0x06CD}, {0x06CF, 0x06CF}, {0x06D2, 0x06D3}, {0x06D5, 0x06D5}, {0x06EE, 0x06EF},
    {0x0710, 0x0710}, {0x0715, 0x0719}, {0x071E, 0x071E}, {0x0728, 0x0728}, {0x072A, 0x072A},
    {0x072C, 0x072C}, {0x072F, 0x072F}, {0x074D, 0x074D}, {0x0759, 0x075B}, {0x076B, 0x076C},
    {0x0771, 0x0771}, {0x0773, 0x0774}, {0x0778, 0x0779},
};
constexpr Range kTransparent[] = {
    {0x064B, 0x065F}, {0x0670, 0x0670}, {0x06D6, 0x06DC}, {0x06DF, 0x06E4},
    {0x06E7, 0x06E8}, {0x06EA, 0x06ED}, {0x0711, 0x0711}, {0x0730, 0x074A},
};

bool joinsLeft(char32_t c) {  // Joining_Type D or L
  return inRanges(kArabicLetters, c) && !inRanges(kRightJoining, c) && c != 0x0621 && c != 0x0674;
}
bool joinsRight(char32_t c) {  // Joining_Type D or R
  return inRanges(kArabicLetters, c) && c != 0x0621 && c != 0x0674;
}

// ContextJ (RFC 5892 appendix A.1 and A.2): a joiner must follow a virama; a non-joiner may
// also sit between a left-joining and a right-joining letter, transparent marks aside.
bool joinerAllowed(std::u32string_view label, size_t i) {
  if (i > 0 &&
      std::find(std::begin(kViramas), std::end(kViramas), label[i - 1]) != std::end(kViramas)) {
    return true;
  }
  if (label[i] != 0x200C) {
    return false;
  }
  size_t b = i;
  while (b > 0 && inRanges(kTransparent, label[b - 1])) {
    --b;
  }
  size_t f = i + 1;
  while (f < label.size() && inRanges(kTransparent, label[f])) {
    ++f;
  }
  return b > 0 && joinsLeft(label[b - 1]) && f < label.size() && joinsRight(label[f]);
}

bool labelIsValid(std::u32string_view label) {
  if (label.empty() || inRanges(kCombiningMarks, label[0])) {
    return false;
  }
  for (size_t i = 0; i < label.size(); ++i) {
    if ((label[i] == 0x200C || label[i] == 0x200D) && !joinerAllowed(label, i)) {
      return false;
    }
  }
  return true;
}

bool startsWithAce(std::u32string_view label) {
  return label.substr(0, 4) == U"xn--";
}

// An "xn--" label (given without the prefix) must decode to a non-empty label that mapping
// leaves unchanged and that is valid.
bool punycodeLabelIsValid(std::string_view encoded) {
  std::u32string decoded;
  if (!punycodeDecode(encoded, decoded) || decoded.empty()) {
    return false;
  }
  std::u32string mapped;
  if (!mapAll(decoded, mapped) || mapped != decoded) {
    return false;
  }
  return labelIsValid(decoded);
}

constexpr uint32_t kBase = 36, kTMin = 1, kTMax = 26, kSkew = 38, kDamp = 700;
constexpr uint32_t kInitialBias = 72, kInitialN = 128;
constexpr uint32_t kMaxInt = 0x7FFFFFFF;

uint32_t adapt(uint32_t delta, uint32_t numPoints, bool firstTime) {
  delta = firstTime ? delta / kDamp : delta / 2;
  delta += delta / numPoints;
  uint32_t k = 0;
  while (delta > ((kBase - kTMin) * kTMax) / 2) {
    delta /= kBase - kTMin;
    k += kBase;
  }
  return k + (kBase - kTMin + 1) * delta / (delta + kSkew);
}

char encodeDigit(uint32_t d) {
  return static_cast<char>(d < 26 ? 'a' + d : '0' + (d - 26));
}

int decodeDigit(char c) {
  if (c >= '0' && c <= '9') {
    return c - '0' + 26;
  }
  if (c >= 'a' && c <= 'z') {
    return c - 'a';
  }
  if (c >= 'A' && c <= 'Z') {
    return c - 'A';
  }
  return -1;
}

uint32_t threshold(uint32_t k, uint32_t bias) {
  return k <= bias ? kTMin : k >= bias + kTMax ? kTMax : k - bias;
}

}  // namespace

bool punycodeEncode(std::u32string_view input, std::string& out) {
  uint32_t n = kInitialN, delta = 0, bias = kInitialBias;
  uint32_t basic = 0;
  for (char32_t c : input) {
    if (c < 0x80) {
      out += static_cast<char>(c);
      ++basic;
    }
  }
  uint32_t handled = basic;
  if (basic > 0) {
    out += '-';
  }
  while (handled < input.size()) {
    uint32_t m = kMaxInt;
    for (char32_t c : input) {
      if (c >= n && c < m) {
        m = c;
      }
    }
    if ((m - n) > (kMaxInt - delta) / (handled + 1)) {
      return false;
    }
    delta += (m - n) * (handled + 1);
    n = m;
    for (char32_t c : input) {
      if (c < n && ++delta == 0) {
        return false;
      }
      if (c == n) {
        uint32_t q = delta;
        for (uint32_t k = kBase;; k += kBase) {
          uint32_t t = threshold(k, bias);
          if (q < t) {
            break;
          }
          out += encodeDigit(t + (q - t) % (kBase - t));
          q = (q - t) / (kBase - t);
        }
        out += encodeDigit(q);
        bias = adapt(delta, handled + 1, handled == basic);
        delta = 0;
        ++handled;
      }
    }
    ++delta;
    ++n;
  }
  return true;
}

bool punycodeDecode(std::string_view input, std::u32string& out) {
  out.clear();
  size_t b = input.rfind('-');
  if (b == std::string_view::npos) {
    b = 0;
  }
  for (size_t j = 0; j < b; ++j) {
    if (static_cast<unsigned char>(input[j]) >= 0x80) {
      return false;
    }
    out += static_cast<char32_t>(input[j]);
  }
  uint32_t n = kInitialN, i = 0, bias = kInitialBias;
  for (size_t in = b > 0 ? b + 1 : 0; in < input.size();) {
    uint32_t oldi = i, w = 1;
    for (uint32_t k = kBase;; k += kBase) {
      if (in >= input.size()) {
        return false;
      }
      int digit = decodeDigit(input[in++]);
      if (digit < 0) {
        return false;
      }
      if (static_cast<uint32_t>(digit) > (kMaxInt - i) / w) {
        return false;
      }
      i += static_cast<uint32_t>(digit) * w;
      uint32_t t = threshold(k, bias);
      if (static_cast<uint32_t>(digit) < t) {
        break;
      }
      if (w > kMaxInt / (kBase - t)) {
        return false;
      }
      w *= kBase - t;
    }
    auto len = static_cast<uint32_t>(out.size() + 1);
    bias = adapt(i - oldi, len, oldi == 0);
    if (i / len > kMaxInt - n) {
      return false;
    }
    n += i / len;
    i %= len;
    if (n > 0x10FFFF || (n >= 0xD800 && n <= 0xDFFF)) {
      return false;
    }
    out.insert(out.begin() + i, static_cast<char32_t>(n));
    ++i;
  }
  return true;
}

std::optional<std::string> idnaToAscii(std::string_view domain) {
  bool ascii = true;
  for (char c : domain) {
    if (static_cast<unsigned char>(c) >= 0x80) {
      ascii = false;
      break;
    }
  }
  if (ascii) {
    std::string out(domain);
    lowerInPlace(out);
    for (size_t start = 0; start <= out.size();) {
      size_t dot = out.find('.', start);
      size_t end = dot == std::string::npos ? out.size() : dot;
      std::string_view label(out.data() + start, end - start);
      if (label.substr(0, 4) == "xn--" && !punycodeLabelIsValid(label.substr(4))) {
        return std::nullopt;
      }
      start = end + 1;
    }
    if (out.empty()) {
      return std::nullopt;
    }
    return out;
  }

  std::u32string input;
  for (size_t i = 0; i < domain.size();) {
    char32_t cp;
    size_t len = decodeUtf8At(domain, i, cp);
    if (cp == 0xFFFD && len == 1 && static_cast<unsigned char>(domain[i]) >= 0x80) {
      return std::nullopt;  // not UTF-8
    }
    input += cp;
    i += len;
  }
  std::u32string mapped;
  if (!mapAll(input, mapped)) {
    return std::nullopt;
  }
  std::string out;
  for (size_t start = 0; start < mapped.size();) {
    size_t dot = mapped.find(kDot, start);
    bool last = dot == std::u32string::npos;
    size_t end = last ? mapped.size() : dot;
    std::u32string_view label(mapped.data() + start, end - start);
    bool labelAscii = true;
    for (char32_t c : label) {
      labelAscii = labelAscii && c < 0x80;
    }
    if (startsWithAce(label)) {
      if (!labelAscii) {
        return std::nullopt;
      }
      std::string encoded;
      for (char32_t c : label.substr(4)) {
        encoded += static_cast<char>(c);
      }
      if (!punycodeLabelIsValid(encoded)) {
        return std::nullopt;
      }
      out += "xn--";
      out += encoded;
    } else if (labelAscii) {
      for (char32_t c : label) {
        out += static_cast<char>(c);
      }
    } else {
      if (!labelIsValid(label)) {
        return std::nullopt;
      }
      out += "xn--";
      if (!punycodeEncode(label, out)) {
        return std::nullopt;
      }
    }
    if (!last) {
      out += '.';
    }
    start = end + 1;
  }
  if (out.empty()) {
    return std::nullopt;
  }
  return out;
}

std::string idnaToUnicode(std::string_view domain) {
  std::string out;
  for (size_t start = 0; start <= domain.size();) {
    size_t dot = domain.find('.', start);
    size_t end = dot == std::string_view::npos ? domain.size() : dot;
    std::string_view label = domain.substr(start, end - start);
    std::u32string decoded;
    bool asciiLabel = true;
    for (char c : label) {
      asciiLabel = asciiLabel && static_cast<unsigned char>(c) < 0x80;
    }
    if (asciiLabel && label.size() >= 4 && (label[0] | 0x20) == 'x' && (label[1] | 0x20) == 'n' &&
        label[2] == '-' && label[3] == '-' && punycodeDecode(label.substr(4), decoded) &&
        !decoded.empty()) {
      for (char32_t c : decoded) {
        appendUtf8(out, c);
      }
    } else {
      out.append(label);
    }
    if (dot == std::string_view::npos) {
      break;
    }
    out += '.';
    start = end + 1;
  }
  return out;
}

}  // namespace nodecc::url::detail
