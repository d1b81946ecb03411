// Buffer and text: from(string), toString, write, fill and byteLength in Node's encodings.
#include <algorithm>

#include "api/buffer/encoding.h"
#include "api/buffer/errors.h"
#include "nodecc/buffer.h"
#include "text/quote.h"

namespace nodecc {

using buffer::detail::Encoding;
using buffer::detail::requireEncoding;
using buffer::detail::validateOffset;

Buffer Buffer::from(std::string_view string, std::string_view encoding) {
  // As Node: an empty encoding name (falsy in JavaScript) is utf8.
  Encoding e = encoding.empty() ? Encoding::kUtf8 : requireEncoding(encoding);
  if (e == Encoding::kUtf8) {
    Buffer b = allocUnsafe(string.size());
    if (!string.empty()) {
      std::memcpy(b.data_, string.data(), string.size());
    }
    return b;
  }
  Buffer b = allocUnsafe(buffer::detail::maxDecodedSize(string, e));
  b.size_ = buffer::detail::writeText(string, e, b.data_, b.size_);
  return b;
}

size_t Buffer::byteLength(std::string_view string, std::string_view encoding) {
  std::optional<Encoding> e = buffer::detail::parseEncoding(encoding);
  return buffer::detail::byteLengthOf(string, e.value_or(Encoding::kUtf8));
}

bool Buffer::isEncoding(std::string_view encoding) {
  return buffer::detail::parseEncoding(encoding).has_value();
}

std::string Buffer::toString(std::string_view encoding, int64_t start, int64_t end) const {
  // Node clamps first and checks the encoding only when there are bytes to decode.
  size_t s = start <= 0 ? 0 : size_t(start);
  if (s >= size_) {
    return {};
  }
  size_t e = end < 0 ? 0 : std::min(uint64_t(end), uint64_t(size_));
  if (e <= s) {
    return {};
  }
  std::string out;
  buffer::detail::encodeText(data_ + s, e - s, requireEncoding(encoding), out);
  return out;
}

size_t Buffer::write(std::string_view string, int64_t offset, int64_t length,
                     std::string_view encoding) {
  validateOffset(offset, "offset", 0, int64_t(size_));
  size_t remaining = size_ - size_t(offset);
  size_t room = remaining;
  if (length != kToEnd) {
    validateOffset(length, "length", 0, int64_t(size_));
    room = std::min(size_t(length), remaining);
  }
  Encoding e = encoding.empty() ? Encoding::kUtf8 : requireEncoding(encoding);
  return buffer::detail::writeText(string, e, data_ + offset, room);
}

namespace {

// The part of fill common to every value: Node's offset/end checks. False when there is
// nothing to fill.
bool fillRange(int64_t offset, int64_t& end, size_t size) {
  validateOffset(offset, "offset", 0, int64_t(buffer::kMaxLength));
  if (end == Buffer::kToEnd) {
    end = int64_t(size);
  } else {
    validateOffset(end, "end", 0, int64_t(size));
  }
  return offset < end;
}

// Repeats the first `have` bytes of p[0..n) over the rest, doubling each copy.
void repeatPattern(uint8_t* p, size_t have, size_t n) {
  while (have < n) {
    size_t chunk = std::min(have, n - have);
    std::memcpy(p + have, p, chunk);
    have += chunk;
  }
}

}  // namespace

Buffer& Buffer::fill(int value, int64_t offset, int64_t end) {
  if (fillRange(offset, end, size_)) {
    std::memset(data_ + offset, uint8_t(value), size_t(end - offset));
  }
  return *this;
}

Buffer& Buffer::fill(std::string_view value, int64_t offset, int64_t end,
                     std::string_view encoding) {
  Encoding e = requireEncoding(encoding);
  if (!fillRange(offset, end, size_)) {
    return *this;
  }
  uint8_t* p = data_ + offset;
  size_t n = size_t(end - offset);
  if (value.empty()) {
    std::memset(p, 0, n);
    return *this;
  }
  size_t have;
  if (e == Encoding::kUtf8) {
    // A partial character is fine here: Node copies the first bytes of the encoded string.
    have = std::min(value.size(), n);
    std::memcpy(p, value.data(), have);
  } else if (e == Encoding::kUtf16le) {
    std::string pattern(2 * value.size(), '\0');
    size_t bytes = buffer::detail::writeText(value, e, reinterpret_cast<uint8_t*>(pattern.data()),
                                             pattern.size());
    have = std::min(bytes, n);
    std::memcpy(p, pattern.data(), have);
  } else {
    have = buffer::detail::writeText(value, e, p, n);
  }
  if (have == 0) {
    std::string quoted;
    text::core::appendQuoted(quoted, value);
    throw buffer::detail::invalidArgValue("value", quoted);
  }
  repeatPattern(p, have, n);
  return *this;
}

Buffer& Buffer::fill(const Buffer& value, int64_t offset, int64_t end) {
  if (!fillRange(offset, end, size_)) {
    return *this;
  }
  if (value.empty()) {
    throw buffer::detail::invalidArgValue("value", "<Buffer >");
  }
  uint8_t* p = data_ + offset;
  size_t n = size_t(end - offset);
  size_t have = std::min(value.size(), n);
  // The value may share this buffer's storage.
  std::memmove(p, value.data(), have);
  repeatPattern(p, have, n);
  return *this;
}

}  // namespace nodecc
