// StringDecoder: Node's string_decoder. What it adds to Buffer::toString is only what it holds
// back between chunks: the end of a UTF-8 sequence the chunk does not finish
// (utf8CheckIncomplete looks at most three bytes back), an odd UTF-16 byte or a high surrogate
// waiting for its pair, and the bytes past the last whole base64 group. The text itself is
// decoded by the buffer module's codecs, so it is what Buffer::toString gives for the bytes.
#include "nodecc/string_decoder.h"

#include "api/buffer/encoding.h"

namespace nodecc {

namespace {

using buffer::detail::Encoding;

constexpr std::string_view kReplacement = "\xef\xbf\xbd";  // U+FFFD

// The length of the sequence a byte starts (1 for ASCII), 0 for a continuation byte, -1 for
// a byte that starts nothing.
int sequenceLength(uint8_t b) {
  if (b < 0x80) {
    return 1;
  }
  if ((b & 0xc0) == 0x80) {
    return 0;
  }
  if ((b & 0xe0) == 0xc0) {
    return 2;
  }
  if ((b & 0xf0) == 0xe0) {
    return 3;
  }
  if ((b & 0xf8) == 0xf0) {
    return 4;
  }
  return -1;
}

bool isHighSurrogate(const uint8_t* unitLe) {
  uint16_t u = uint16_t(unitLe[0] | (unitLe[1] << 8));
  return u >= 0xd800 && u <= 0xdbff;
}

}  // namespace

StringDecoder::StringDecoder(std::string_view encoding)
    : encoding_(uint8_t(buffer::detail::requireEncoding(encoding))) {}

std::string_view StringDecoder::encoding() const {
  switch (Encoding(encoding_)) {
    case Encoding::kUtf8:
      return "utf8";
    case Encoding::kUtf16le:
      return "utf16le";
    case Encoding::kLatin1:
      return "latin1";
    case Encoding::kAscii:
      return "ascii";
    case Encoding::kBase64:
      return "base64";
    case Encoding::kBase64url:
      return "base64url";
    case Encoding::kHex:
      return "hex";
  }
  return "utf8";
}

std::string StringDecoder::write(const uint8_t* data, size_t size) {
  std::string out;
  writeTo(data, size, out);
  return out;
}

void StringDecoder::writeTo(const uint8_t* data, size_t size, std::string& out) {
  const auto e = Encoding(encoding_);
  switch (e) {
    case Encoding::kUtf8:
      writeUtf8(data, size, out);
      return;
    case Encoding::kUtf16le:
      writeUtf16le(data, size, out);
      return;
    case Encoding::kBase64:
    case Encoding::kBase64url: {
      size_t i = 0;
      while (held_ > 0 && held_ < 3 && i < size) {
        bytes_[held_++] = data[i++];
      }
      if (held_ < 3 && held_ > 0) {
        return;
      }
      if (held_ == 3) {
        buffer::detail::encodeText(bytes_, 3, e, out);
        held_ = 0;
      }
      size_t whole = (size - i) / 3 * 3;
      buffer::detail::encodeText(data + i, whole, e, out);
      for (i += whole; i < size; ++i) {
        bytes_[held_++] = data[i];
      }
      return;
    }
    case Encoding::kLatin1:
    case Encoding::kAscii:
    case Encoding::kHex:
      buffer::detail::encodeText(data, size, e, out);
      return;
  }
}

void StringDecoder::writeUtf8(const uint8_t* data, size_t size, std::string& out) {
  size_t i = 0;
  // Finish the sequence held from the previous chunk.
  while (held_ > 0 && i < size) {
    if (sequenceLength(data[i]) != 0) {
      out += kReplacement;  // cut short: Node's utf8CheckExtraByte
      held_ = 0;
      break;
    }
    bytes_[held_++] = data[i++];
    if (held_ == need_) {
      buffer::detail::encodeText(bytes_, held_, Encoding::kUtf8, out);
      held_ = 0;
    }
  }
  if (held_ > 0) {
    return;
  }
  // utf8CheckIncomplete: does the chunk end inside a sequence?
  size_t keep = 0;
  for (size_t back = 1; back <= 3 && back <= size - i; ++back) {
    int len = sequenceLength(data[size - back]);
    if (len == 0) {
      continue;
    }
    if (len > int(back)) {
      keep = back;
      need_ = uint8_t(len);
    }
    break;
  }
  buffer::detail::encodeText(data + i, size - i - keep, Encoding::kUtf8, out);
  for (size_t k = size - keep; k < size; ++k) {
    bytes_[held_++] = data[k];
  }
}

void StringDecoder::writeUtf16le(const uint8_t* data, size_t size, std::string& out) {
  size_t i = 0;
  // Complete the unit (or the surrogate pair) held from the previous chunk.
  while (held_ > 0 && i < size) {
    bytes_[held_++] = data[i++];
    if (held_ == 4 || (held_ == 2 && !isHighSurrogate(bytes_))) {
      buffer::detail::encodeText(bytes_, held_, Encoding::kUtf16le, out);
      held_ = 0;
    }
  }
  if (held_ > 0) {
    return;
  }
  size_t n = size - i;
  size_t keep = n % 2;
  if (n - keep >= 2 && isHighSurrogate(data + i + n - keep - 2)) {
    keep += 2;  // its low surrogate is in the next chunk
  }
  buffer::detail::encodeText(data + i, n - keep, Encoding::kUtf16le, out);
  for (size_t k = size - keep; k < size; ++k) {
    bytes_[held_++] = data[k];
  }
}

std::string StringDecoder::end() {
  std::string out;
  if (held_ > 0) {
    switch (Encoding(encoding_)) {
      case Encoding::kUtf8:
        out += kReplacement;
        break;
      case Encoding::kUtf16le:
        // A high surrogate without its pair (U+FFFD, as Buffer::toString gives it); an odd
        // last byte is dropped, as Node drops it.
        buffer::detail::encodeText(bytes_, held_ & ~1u, Encoding::kUtf16le, out);
        break;
      default:
        buffer::detail::encodeText(bytes_, held_, Encoding(encoding_), out);
        break;
    }
    held_ = 0;
  }
  return out;
}

std::string StringDecoder::end(const Buffer& chunk) {
  std::string out = write(chunk);
  out += end();
  return out;
}

}  // namespace nodecc
