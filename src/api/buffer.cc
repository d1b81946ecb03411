#include "nodecc/buffer.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <new>
#include <type_traits>
#include <utility>

#include "nodecc/error.h"

namespace nodecc {

// One allocation holds the count and the bytes; an adopted std::string keeps its own storage.
struct Buffer::Block {
  int refs;
  std::string* owned;  // non-null for adopt()
  uint8_t bytes[1];

  static Block* make(size_t size) {
    void* mem = std::malloc(offsetof(Block, bytes) + (size ? size : 1));
    if (!mem) {
      throw std::bad_alloc();
    }
    auto* b = static_cast<Block*>(mem);
    b->refs = 1;
    b->owned = nullptr;
    return b;
  }
  void release() {
    if (--refs == 0) {
      delete owned;
      std::free(this);
    }
  }
};

void Buffer::freeBlock(Block* b) {
  static_assert(std::is_standard_layout_v<Block> && offsetof(Block, refs) == 0,
                "Buffer::refsOf reads the count at the start of a Block");
  delete b->owned;
  std::free(b);
}

Buffer Buffer::allocUnsafe(size_t size) {
  Buffer b;
  b.block_ = Block::make(size);
  b.data_ = b.block_->bytes;
  b.size_ = size;
  return b;
}

Buffer Buffer::alloc(size_t size) {
  Buffer b = allocUnsafe(size);
  std::memset(b.data_, 0, size);
  return b;
}

Buffer Buffer::adopt(std::string&& bytes) {
  Buffer b;
  b.block_ = Block::make(0);
  b.block_->owned = new std::string(std::move(bytes));
  b.data_ = reinterpret_cast<uint8_t*>(b.block_->owned->data());
  b.size_ = b.block_->owned->size();
  return b;
}

namespace {

constexpr char kHexDigits[] = "0123456789abcdef";
constexpr char kBase64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

int hexValue(char c) {
  if (c >= '0' && c <= '9') {
    return c - '0';
  }
  if (c >= 'a' && c <= 'f') {
    return c - 'a' + 10;
  }
  if (c >= 'A' && c <= 'F') {
    return c - 'A' + 10;
  }
  return -1;
}

int base64Value(char c) {
  if (c >= 'A' && c <= 'Z') {
    return c - 'A';
  }
  if (c >= 'a' && c <= 'z') {
    return c - 'a' + 26;
  }
  if (c >= '0' && c <= '9') {
    return c - '0' + 52;
  }
  if (c == '+' || c == '-') {
    return 62;
  }
  if (c == '/' || c == '_') {
    return 63;
  }
  return -1;
}

std::string decodeHex(std::string_view s) {
  // As Node: decoding stops at the first pair that is not hex.
  std::string out;
  out.reserve(s.size() / 2);
  for (size_t i = 0; i + 1 < s.size(); i += 2) {
    int hi = hexValue(s[i]);
    int lo = hexValue(s[i + 1]);
    if (hi < 0 || lo < 0) {
      break;
    }
    out.push_back(char(hi * 16 + lo));
  }
  return out;
}

std::string decodeBase64(std::string_view s) {
  // Lenient like Node: whitespace and padding are skipped, url-safe letters accepted.
  std::string out;
  out.reserve(s.size() * 3 / 4);
  uint32_t acc = 0;
  int bits = 0;
  for (char c : s) {
    int v = base64Value(c);
    if (v < 0) {
      if (c == '=') {
        break;
      }
      continue;
    }
    acc = (acc << 6) | uint32_t(v);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push_back(char((acc >> bits) & 0xff));
    }
  }
  return out;
}

std::string encodeBase64(std::string_view s) {
  std::string out;
  out.reserve((s.size() + 2) / 3 * 4);
  size_t i = 0;
  for (; i + 2 < s.size(); i += 3) {
    uint32_t n = (uint8_t(s[i]) << 16) | (uint8_t(s[i + 1]) << 8) | uint8_t(s[i + 2]);
    out.push_back(kBase64[(n >> 18) & 63]);
    out.push_back(kBase64[(n >> 12) & 63]);
    out.push_back(kBase64[(n >> 6) & 63]);
    out.push_back(kBase64[n & 63]);
  }
  if (i + 1 == s.size()) {
    uint32_t n = uint8_t(s[i]) << 16;
    out.push_back(kBase64[(n >> 18) & 63]);
    out.push_back(kBase64[(n >> 12) & 63]);
    out += "==";
  } else if (i + 2 == s.size()) {
    uint32_t n = (uint8_t(s[i]) << 16) | (uint8_t(s[i + 1]) << 8);
    out.push_back(kBase64[(n >> 18) & 63]);
    out.push_back(kBase64[(n >> 12) & 63]);
    out.push_back(kBase64[(n >> 6) & 63]);
    out.push_back('=');
  }
  return out;
}

void checkEncoding(std::string_view encoding) {
  if (encoding != "utf8" && encoding != "utf-8" && encoding != "latin1" && encoding != "binary" &&
      encoding != "ascii" && encoding != "hex" && encoding != "base64") {
    throw TypeError("ERR_UNKNOWN_ENCODING", "Unknown encoding: " + std::string(encoding));
  }
}

}  // namespace

Buffer Buffer::from(std::string_view data, std::string_view encoding) {
  checkEncoding(encoding);
  std::string decoded;
  if (encoding == "hex") {
    decoded = decodeHex(data);
    data = decoded;
  } else if (encoding == "base64") {
    decoded = decodeBase64(data);
    data = decoded;
  }
  Buffer b = allocUnsafe(data.size());
  std::memcpy(b.data_, data.data(), data.size());
  return b;
}

Buffer Buffer::from(const std::vector<uint8_t>& bytes) {
  Buffer b = allocUnsafe(bytes.size());
  std::memcpy(b.data_, bytes.data(), bytes.size());
  return b;
}

Buffer Buffer::concat(const std::vector<Buffer>& list) {
  size_t total = 0;
  for (const Buffer& b : list) {
    total += b.size();
  }
  Buffer out = allocUnsafe(total);
  size_t at = 0;
  for (const Buffer& b : list) {
    std::memcpy(out.data_ + at, b.data(), b.size());
    at += b.size();
  }
  return out;
}

std::string Buffer::toString(std::string_view encoding, size_t start, size_t end) const {
  checkEncoding(encoding);
  end = std::min(end, size_);
  start = std::min(start, end);
  std::string_view bytes = view().substr(start, end - start);
  if (encoding == "hex") {
    std::string out;
    out.reserve(bytes.size() * 2);
    for (unsigned char c : bytes) {
      out.push_back(kHexDigits[c >> 4]);
      out.push_back(kHexDigits[c & 15]);
    }
    return out;
  }
  if (encoding == "base64") {
    return encodeBase64(bytes);
  }
  if (encoding == "ascii") {
    std::string out(bytes);
    for (char& c : out) {
      c = char(c & 0x7f);
    }
    return out;
  }
  return std::string(bytes);
}

Buffer Buffer::subarray(size_t start, size_t end) const {
  end = std::min(end, size_);
  start = std::min(start, end);
  Buffer b(*this);
  b.data_ = data_ + start;
  b.size_ = end - start;
  return b;
}

int Buffer::compare(const Buffer& o) const {
  int c = view().compare(o.view());
  return c < 0 ? -1 : (c > 0 ? 1 : 0);
}

}  // namespace nodecc
