// indexOf / lastIndexOf: Node's offset rules (IndexOfOffset in node_buffer.cc) over memchr and
// memmem, glibc's vectorized byte and two-way substring searches.
#include <algorithm>
#include <cstring>

#include "api/buffer/encoding.h"
#include "nodecc/buffer.h"

namespace nodecc {

using buffer::detail::Encoding;

namespace {

constexpr int64_t kInt32Max = 0x7fffffff;
constexpr int64_t kInt32Min = -0x80000000LL;

// Where a search starts, or -1 for no match, as Node decides it: JavaScript clamps the offset
// to int32; a negative one counts from the end; past the end a forward search fails and a
// backward one starts at the last byte; an empty needle answers the clamped offset itself.
int64_t startOffset(size_t length, int64_t offset, size_t needleLength, bool forward) {
  offset = offset > kInt32Max ? kInt32Max : (offset < kInt32Min ? kInt32Min : offset);
  auto len = int64_t(length);
  if (offset < 0) {
    if (offset + len >= 0) {
      return len + offset;
    }
    return forward || needleLength == 0 ? 0 : -1;
  }
  if (offset + int64_t(needleLength) <= len) {
    return offset;
  }
  if (needleLength == 0) {
    return len;
  }
  return forward ? -1 : len - 1;
}

// A search spends memchr on the needle's first byte and memcmp on each candidate, which wins
// when candidates are rare (V8 starts the same way); after more false candidates than bytes
// skipped allow, it hands the rest to a search with a linear (memmem's two-way) or skipping
// (Horspool) bound instead.
constexpr size_t kFreeCandidates = 16;

int64_t searchForward(const uint8_t* hay, size_t hayLen, const uint8_t* needle, size_t needleLen,
                      size_t start) {
  size_t last = hayLen - needleLen;  // the last position a match can start at
  size_t falseCandidates = 0;
  for (size_t at = start; at <= last;) {
    const void* hit = std::memchr(hay + at, needle[0], last - at + 1);
    if (hit == nullptr) {
      return -1;
    }
    size_t pos = size_t(static_cast<const uint8_t*>(hit) - hay);
    if (std::memcmp(hay + pos + 1, needle + 1, needleLen - 1) == 0) {
      return int64_t(pos);
    }
    at = pos + 1;
    if (++falseCandidates > kFreeCandidates + (at - start) / 8) {
      const void* found = memmem(hay + at, hayLen - at, needle, needleLen);
      return found ? static_cast<const uint8_t*>(found) - hay : -1;
    }
  }
  return -1;
}

int64_t horspoolBackward(const uint8_t* hay, const uint8_t* needle, size_t needleLen, size_t from) {
  // Horspool mirrored: the window moves left by the distance k >= 1 to the first place in the
  // needle where the window's first byte occurs (the needle's length when it does not), the
  // nearest window that can still match.
  size_t shift[256];
  for (size_t& s : shift) {
    s = needleLen;
  }
  for (size_t i = needleLen - 1; i > 0; --i) {
    shift[needle[i]] = i;
  }
  for (size_t pos = from + 1; pos > 0;) {
    size_t at = pos - 1;
    if (std::memcmp(hay + at, needle, needleLen) == 0) {
      return int64_t(at);
    }
    size_t step = shift[hay[at]];
    if (step > at) {
      return -1;
    }
    pos = at - step + 1;
  }
  return -1;
}

int64_t searchBackward(const uint8_t* hay, size_t hayLen, const uint8_t* needle, size_t needleLen,
                       size_t start) {
  size_t from = std::min(start, hayLen - needleLen);
  size_t falseCandidates = 0;
  for (size_t end = from + 1; end > 0;) {
    const void* hit = memrchr(hay, needle[0], end);
    if (hit == nullptr) {
      return -1;
    }
    size_t pos = size_t(static_cast<const uint8_t*>(hit) - hay);
    if (std::memcmp(hay + pos + 1, needle + 1, needleLen - 1) == 0) {
      return int64_t(pos);
    }
    end = pos;
    if (end > 0 && ++falseCandidates > kFreeCandidates + (from - pos) / 8) {
      return horspoolBackward(hay, needle, needleLen, end - 1);
    }
  }
  return -1;
}

// The first match at or after `start`, or the last one at or before it; -1 when none.
int64_t searchBytes(const uint8_t* hay, size_t hayLen, const uint8_t* needle, size_t needleLen,
                    size_t start, bool forward) {
  if (hayLen < needleLen) {
    return -1;
  }
  return forward ? searchForward(hay, hayLen, needle, needleLen, start)
                 : searchBackward(hay, hayLen, needle, needleLen, start);
}

// The same over 16-bit units: only even byte offsets match (Node searches uint16 arrays).
// `notFound` is what a miss answers.
int64_t searchUnits(const uint8_t* hay, size_t hayLen, const uint8_t* needle, size_t needleLen,
                    size_t start, bool forward, int64_t notFound) {
  size_t hayUnits = hayLen / 2;
  size_t needleUnits = needleLen / 2;
  if (hayUnits < needleUnits) {
    return notFound;
  }
  size_t diff = hayUnits - needleUnits;
  size_t startUnit = start / 2;
  auto matches = [&](size_t unit) {
    return std::memcmp(hay + 2 * unit, needle, 2 * needleUnits) == 0;
  };
  if (forward) {
    for (size_t u = startUnit; u <= diff; ++u) {
      if (matches(u)) {
        return int64_t(2 * u);
      }
    }
  } else {
    for (size_t u = std::min(startUnit, diff) + 1; u > 0; --u) {
      if (matches(u - 1)) {
        return int64_t(2 * (u - 1));
      }
    }
  }
  return notFound;
}

// Node's IndexOfString/IndexOfBuffer once the needle is bytes.
int64_t indexOfBytes(const Buffer& hay, const uint8_t* needle, size_t needleLen, int64_t offset,
                     bool ucs2, bool forward, bool needleIsBuffer) {
  int64_t start = startOffset(hay.size(), offset, needleLen, forward);
  if (needleLen == 0) {
    return start;
  }
  if (hay.empty() || start <= -1) {
    return -1;
  }
  if ((forward && needleLen + size_t(start) > hay.size()) || needleLen > hay.size()) {
    return -1;
  }
  if (ucs2) {
    if (hay.size() < 2 || needleLen < 2) {
      return -1;
    }
    // For a Buffer needle Node compares its miss (the unit count, doubled) with the byte
    // length, so in an odd-sized haystack a miss reports that length less one.
    int64_t notFound = needleIsBuffer && hay.size() % 2 != 0 ? int64_t(hay.size() - 1) : -1;
    return searchUnits(hay.data(), hay.size(), needle, needleLen, size_t(start), forward, notFound);
  }
  return searchBytes(hay.data(), hay.size(), needle, needleLen, size_t(start), forward);
}

int64_t indexOfString(const Buffer& hay, std::string_view value, int64_t offset,
                      std::string_view encoding, bool forward) {
  Encoding e = buffer::detail::requireEncoding(encoding);
  if (e == Encoding::kUtf8) {
    return indexOfBytes(hay, reinterpret_cast<const uint8_t*>(value.data()), value.size(), offset,
                        false, forward, false);
  }
  Buffer needle = Buffer::from(value, encoding);
  if (e == Encoding::kUtf16le) {
    // Node searches a string in UTF-16 over the whole units only: an odd last byte is not
    // part of the haystack, for the offsets either.
    return indexOfBytes(hay.subarray(0, int64_t(hay.size() & ~size_t(1))), needle.data(),
                        needle.size(), offset, true, forward, false);
  }
  return indexOfBytes(hay, needle.data(), needle.size(), offset, false, forward, true);
}

int64_t indexOfByte(const Buffer& hay, int value, int64_t offset, bool forward) {
  int64_t start = startOffset(hay.size(), offset, 1, forward);
  if (start <= -1 || hay.empty()) {
    return -1;
  }
  const uint8_t* p = hay.data();
  const void* at = forward ? std::memchr(p + start, uint8_t(value), hay.size() - size_t(start))
                           : memrchr(p, uint8_t(value), size_t(start) + 1);
  return at ? static_cast<const uint8_t*>(at) - p : -1;
}

}  // namespace

int64_t Buffer::indexOf(std::string_view value, int64_t byteOffset,
                        std::string_view encoding) const {
  return indexOfString(*this, value, byteOffset, encoding, true);
}

int64_t Buffer::lastIndexOf(std::string_view value, int64_t byteOffset,
                            std::string_view encoding) const {
  return indexOfString(*this, value, byteOffset, encoding, false);
}

int64_t Buffer::indexOf(const Buffer& value, int64_t byteOffset, std::string_view encoding) const {
  bool ucs2 = buffer::detail::parseEncoding(encoding) == Encoding::kUtf16le;
  return indexOfBytes(*this, value.data(), value.size(), byteOffset, ucs2, true, true);
}

int64_t Buffer::lastIndexOf(const Buffer& value, int64_t byteOffset,
                            std::string_view encoding) const {
  bool ucs2 = buffer::detail::parseEncoding(encoding) == Encoding::kUtf16le;
  return indexOfBytes(*this, value.data(), value.size(), byteOffset, ucs2, false, true);
}

int64_t Buffer::indexOf(int value, int64_t byteOffset) const {
  return indexOfByte(*this, value, byteOffset, true);
}

int64_t Buffer::lastIndexOf(int value, int64_t byteOffset) const {
  return indexOfByte(*this, value, byteOffset, false);
}

}  // namespace nodecc
