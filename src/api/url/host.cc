// The URL Standard's host parser: https://url.spec.whatwg.org/#host-parsing
#include "api/url/host.h"

#include <array>
#include <cstdint>
#include <vector>

#include "api/url/codec.h"

namespace nodecc::url::detail {

namespace {

// Forbidden host code points, and forbidden domain code points (those plus C0 controls, '%'
// and DEL).
constexpr ByteSet kForbiddenHost = ByteSet{}.with(std::string_view("\0\t\n\r #/:<>?@[\\]^|", 17));
constexpr ByteSet makeForbiddenDomain() {
  ByteSet s = kForbiddenHost.with("%\x7F");
  for (unsigned c = 0; c < 0x20; ++c) {
    s.bits[0] |= uint64_t{1} << c;
  }
  return s;
}
constexpr ByteSet kForbiddenDomain = makeForbiddenDomain();

bool containsAny(std::string_view s, const ByteSet& set) {
  for (char c : s) {
    if (set.contains(static_cast<unsigned char>(c))) {
      return true;
    }
  }
  return false;
}

// Values beyond 2^32 saturate here: any of them makes the address invalid either way.
constexpr uint64_t kIpv4NumberCap = uint64_t{1} << 40;

// The IPv4 number parser: decimal, 0x-hex or 0-octal; nullopt on failure.
std::optional<uint64_t> parseIpv4Number(std::string_view s) {
  if (s.empty()) {
    return std::nullopt;
  }
  unsigned radix = 10;
  if (s.size() >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    s.remove_prefix(2);
    radix = 16;
  } else if (s.size() >= 2 && s[0] == '0') {
    s.remove_prefix(1);
    radix = 8;
  }
  uint64_t value = 0;
  for (char c : s) {
    int d = hexValue(static_cast<unsigned char>(c));
    if (d < 0 || static_cast<unsigned>(d) >= radix) {
      return std::nullopt;
    }
    value = value * radix + static_cast<unsigned>(d);
    if (value > kIpv4NumberCap) {
      value = kIpv4NumberCap;
    }
  }
  return value;
}

std::vector<std::string_view> splitDots(std::string_view s) {
  std::vector<std::string_view> parts;
  for (size_t start = 0;;) {
    size_t dot = s.find('.', start);
    if (dot == std::string_view::npos) {
      parts.push_back(s.substr(start));
      return parts;
    }
    parts.push_back(s.substr(start, dot - start));
    start = dot + 1;
  }
}

bool endsInNumber(std::string_view s) {
  if (!s.empty() && s.back() == '.') {
    if (s.size() == 1) {
      return false;
    }
    s.remove_suffix(1);
  }
  size_t dot = s.rfind('.');
  std::string_view last = dot == std::string_view::npos ? s : s.substr(dot + 1);
  bool digits = !last.empty();
  for (char c : last) {
    digits = digits && isDigit(c);
  }
  return digits || parseIpv4Number(last).has_value();
}

std::optional<std::string> parseIpv4(std::string_view s) {
  std::vector<std::string_view> parts = splitDots(s);
  if (parts.back().empty() && parts.size() > 1) {
    parts.pop_back();
  }
  if (parts.size() > 4) {
    return std::nullopt;
  }
  std::array<uint64_t, 4> numbers{};
  for (size_t i = 0; i < parts.size(); ++i) {
    auto n = parseIpv4Number(parts[i]);
    if (!n) {
      return std::nullopt;
    }
    numbers[i] = *n;
  }
  const size_t count = parts.size();
  for (size_t i = 0; i + 1 < count; ++i) {
    if (numbers[i] > 255) {
      return std::nullopt;
    }
  }
  if (numbers[count - 1] >= (uint64_t{1} << (8 * (5 - count)))) {
    return std::nullopt;
  }
  uint64_t ipv4 = numbers[count - 1];
  for (size_t i = 0; i + 1 < count; ++i) {
    ipv4 += numbers[i] << (8 * (3 - i));
  }
  std::string out;
  for (int shift = 24; shift >= 0; shift -= 8) {
    out += std::to_string((ipv4 >> shift) & 0xFF);
    if (shift) {
      out += '.';
    }
  }
  return out;
}

std::optional<std::array<uint16_t, 8>> parseIpv6(std::string_view in) {
  std::array<uint16_t, 8> address{};
  size_t pieceIndex = 0;
  std::optional<size_t> compress;
  size_t p = 0;
  auto c = [&]() -> int { return p < in.size() ? static_cast<unsigned char>(in[p]) : -1; };
  if (c() == ':') {
    if (p + 1 >= in.size() || in[p + 1] != ':') {
      return std::nullopt;
    }
    p += 2;
    compress = ++pieceIndex;
  }
  while (c() != -1) {
    if (pieceIndex == 8) {
      return std::nullopt;
    }
    if (c() == ':') {
      if (compress) {
        return std::nullopt;
      }
      ++p;
      compress = ++pieceIndex;
      continue;
    }
    unsigned value = 0, length = 0;
    while (length < 4 && c() != -1 && isHexDigit(static_cast<unsigned char>(c()))) {
      value = value * 16 + static_cast<unsigned>(hexValue(static_cast<unsigned char>(c())));
      ++p, ++length;
    }
    if (c() == '.') {
      if (length == 0) {
        return std::nullopt;
      }
      p -= length;
      if (pieceIndex > 6) {
        return std::nullopt;
      }
      int numbersSeen = 0;
      while (c() != -1) {
        int ipv4Piece = -1;
        if (numbersSeen > 0) {
          if (c() == '.' && numbersSeen < 4) {
            ++p;
          } else {
            return std::nullopt;
          }
        }
        if (c() == -1 || !isDigit(static_cast<unsigned char>(c()))) {
          return std::nullopt;
        }
        while (c() != -1 && isDigit(static_cast<unsigned char>(c()))) {
          int number = c() - '0';
          if (ipv4Piece == -1) {
            ipv4Piece = number;
          } else if (ipv4Piece == 0) {
            return std::nullopt;
          } else {
            ipv4Piece = ipv4Piece * 10 + number;
          }
          if (ipv4Piece > 255) {
            return std::nullopt;
          }
          ++p;
        }
        address[pieceIndex] = static_cast<uint16_t>(address[pieceIndex] * 0x100 + ipv4Piece);
        ++numbersSeen;
        if (numbersSeen == 2 || numbersSeen == 4) {
          ++pieceIndex;
        }
      }
      if (numbersSeen != 4) {
        return std::nullopt;
      }
      break;
    }
    if (c() == ':') {
      ++p;
      if (c() == -1) {
        return std::nullopt;
      }
    } else if (c() != -1) {
      return std::nullopt;
    }
    address[pieceIndex++] = static_cast<uint16_t>(value);
  }
  if (compress) {
    size_t swaps = pieceIndex - *compress;
    pieceIndex = 7;
    while (pieceIndex != 0 && swaps > 0) {
      std::swap(address[pieceIndex], address[*compress + swaps - 1]);
      --pieceIndex, --swaps;
    }
  } else if (pieceIndex != 8) {
    return std::nullopt;
  }
  return address;
}

std::string serializeIpv6(const std::array<uint16_t, 8>& a) {
  // Compress the first longest run of two or more zero pieces.
  int compress = -1, bestLen = 1;
  for (int i = 0; i < 8;) {
    int j = i;
    while (j < 8 && a[j] == 0) {
      ++j;
    }
    if (j - i > bestLen) {
      compress = i;
      bestLen = j - i;
    }
    i = j == i ? i + 1 : j;
  }
  static constexpr char kHexLower[] = "0123456789abcdef";
  std::string out = "[";
  bool ignore0 = false;
  for (int i = 0; i < 8; ++i) {
    if (ignore0 && a[i] == 0) {
      continue;
    }
    ignore0 = false;
    if (compress == i) {
      out += i == 0 ? "::" : ":";
      ignore0 = true;
      continue;
    }
    bool started = false;
    for (int shift = 12; shift >= 0; shift -= 4) {
      unsigned d = (a[i] >> shift) & 15;
      if (d || started || shift == 0) {
        out += kHexLower[d];
        started = true;
      }
    }
    if (i != 7) {
      out += ':';
    }
  }
  out += ']';
  return out;
}

}  // namespace

std::optional<std::string> parseHost(std::string_view input, bool special) {
  if (!input.empty() && input[0] == '[') {
    if (input.back() != ']') {
      return std::nullopt;
    }
    auto address = parseIpv6(input.substr(1, input.size() - 2));
    if (!address) {
      return std::nullopt;
    }
    return serializeIpv6(*address);
  }
  if (!special) {
    if (containsAny(input, kForbiddenHost)) {
      return std::nullopt;
    }
    std::string out;
    percentEncodeAppend(out, input, kC0ControlSet);
    return out;
  }
  if (input.empty()) {
    return std::nullopt;
  }
  // The common case, as ada takes it: lowercase ASCII with nothing to decode or check.
  bool plain = true;
  for (char c : input) {
    auto u = static_cast<unsigned char>(c);
    plain = plain && u < 0x80 && !(u >= 'A' && u <= 'Z') && !kForbiddenDomain.contains(u);
  }
  if (plain && input.find("xn-") == std::string_view::npos) {
    if (endsInNumber(input)) {
      return parseIpv4(input);
    }
    return std::string(input);
  }
  std::optional<std::string> ascii = idnaToAscii(percentDecode(input));
  if (!ascii || containsAny(*ascii, kForbiddenDomain)) {
    return std::nullopt;
  }
  if (endsInNumber(*ascii)) {
    return parseIpv4(*ascii);
  }
  return ascii;
}

}  // namespace nodecc::url::detail
