// StringDecoder: Node's lib/string_decoder.js. UTF-8 holds back the last bytes of a chunk
// when they begin a sequence that the chunk does not finish (utf8CheckIncomplete looks at
// most three bytes back); base64 holds back the bytes past the last whole 3-byte group.
#include "nodecc/string_decoder.h"

#include "nodecc/error.h"

namespace nodecc {

namespace {

constexpr std::string_view kReplacement = "\xef\xbf\xbd";  // U+FFFD
constexpr char kBase64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
constexpr char kHexDigits[] = "0123456789abcdef";

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

void appendBase64(const uint8_t* p, size_t n, std::string& out) {
  size_t i = 0;
  for (; i + 2 < n; i += 3) {
    uint32_t v = (uint32_t(p[i]) << 16) | (uint32_t(p[i + 1]) << 8) | p[i + 2];
    out.push_back(kBase64[(v >> 18) & 63]);
    out.push_back(kBase64[(v >> 12) & 63]);
    out.push_back(kBase64[(v >> 6) & 63]);
    out.push_back(kBase64[v & 63]);
  }
  if (i + 1 == n) {
    uint32_t v = uint32_t(p[i]) << 16;
    out.push_back(kBase64[(v >> 18) & 63]);
    out.push_back(kBase64[(v >> 12) & 63]);
    out += "==";
  } else if (i + 2 == n) {
    uint32_t v = (uint32_t(p[i]) << 16) | (uint32_t(p[i + 1]) << 8);
    out.push_back(kBase64[(v >> 18) & 63]);
    out.push_back(kBase64[(v >> 12) & 63]);
    out.push_back(kBase64[(v >> 6) & 63]);
    out.push_back('=');
  }
}

}  // namespace

StringDecoder::StringDecoder(std::string_view encoding) {
  if (encoding == "utf8" || encoding == "utf-8") {
    kind_ = Kind::kUtf8;
  } else if (encoding == "latin1" || encoding == "binary") {
    kind_ = Kind::kLatin1;
  } else if (encoding == "ascii") {
    kind_ = Kind::kAscii;
  } else if (encoding == "hex") {
    kind_ = Kind::kHex;
  } else if (encoding == "base64") {
    kind_ = Kind::kBase64;
  } else {
    throw TypeError("ERR_UNKNOWN_ENCODING", "Unknown encoding: " + std::string(encoding));
  }
}

std::string_view StringDecoder::encoding() const {
  switch (kind_) {
    case Kind::kUtf8:
      return "utf8";
    case Kind::kLatin1:
      return "latin1";
    case Kind::kAscii:
      return "ascii";
    case Kind::kHex:
      return "hex";
    case Kind::kBase64:
      return "base64";
  }
  return "utf8";
}

std::string StringDecoder::write(const uint8_t* data, size_t size) {
  std::string out;
  writeTo(data, size, out);
  return out;
}

void StringDecoder::writeTo(const uint8_t* data, size_t size, std::string& out) {
  switch (kind_) {
    case Kind::kLatin1:
      // Each byte is a character; C++ holds strings as UTF-8 (as Buffer::toString("latin1")).
      for (size_t i = 0; i < size; ++i) {
        if (data[i] < 0x80) {
          out.push_back(char(data[i]));
        } else {
          out.push_back(char(0xc0 | (data[i] >> 6)));
          out.push_back(char(0x80 | (data[i] & 0x3f)));
        }
      }
      return;
    case Kind::kAscii:
      for (size_t i = 0; i < size; ++i) {
        out.push_back(char(data[i] & 0x7f));
      }
      return;
    case Kind::kHex:
      for (size_t i = 0; i < size; ++i) {
        out.push_back(kHexDigits[data[i] >> 4]);
        out.push_back(kHexDigits[data[i] & 15]);
      }
      return;
    case Kind::kBase64: {
      size_t i = 0;
      while (held_ > 0 && held_ < 3 && i < size) {
        bytes_[held_++] = data[i++];
      }
      if (held_ == 3) {
        appendBase64(bytes_, 3, out);
        held_ = 0;
      }
      if (held_ > 0) {
        return;
      }
      size_t whole = (size - i) / 3 * 3;
      appendBase64(data + i, whole, out);
      for (i += whole; i < size; ++i) {
        bytes_[held_++] = data[i];
      }
      return;
    }
    case Kind::kUtf8:
      break;
  }
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
      out.append(reinterpret_cast<const char*>(bytes_), held_);
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
  out.append(reinterpret_cast<const char*>(data + i), size - i - keep);
  for (size_t k = size - keep; k < size; ++k) {
    bytes_[held_++] = data[k];
  }
}

std::string StringDecoder::end() {
  std::string out;
  if (held_ > 0) {
    if (kind_ == Kind::kBase64) {
      appendBase64(bytes_, held_, out);
    } else {
      out += kReplacement;
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
