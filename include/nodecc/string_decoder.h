#pragma once
// nodecc::StringDecoder: Node's `string_decoder`. Decodes bytes that arrive in pieces into text
// without splitting a character: a UTF-8 sequence (or a base64 group) cut across two chunks is
// held back until the rest arrives.
//
//   StringDecoder d("utf8");
//   d.write(Buffer::from("\xe2\x82", "latin1"));   // ""
//   d.write(Buffer::from("\xac", "latin1"));       // "€"
//
// Text is returned as bytes in a std::string, as Buffer::toString returns it (where Node returns
// a JavaScript string). Encodings: "utf8" ("utf-8"), "latin1" ("binary"), "ascii", "hex",
// "base64". A UTF-8 sequence cut short by a byte that cannot continue it, and one still
// incomplete at end(), become U+FFFD, as in Node; other bytes pass through as Buffer::toString
// passes them.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "nodecc/buffer.h"

namespace nodecc {

class StringDecoder {
 public:
  // Throws TypeError ERR_UNKNOWN_ENCODING for an encoding it does not know.
  explicit StringDecoder(std::string_view encoding = "utf8");

  std::string write(const Buffer& chunk) { return write(chunk.data(), chunk.size()); }
  std::string write(const uint8_t* data, size_t size);
  // Appends the decoded text to `out` (no temporary string per chunk).
  void writeTo(const uint8_t* data, size_t size, std::string& out);
  std::string end();
  std::string end(const Buffer& chunk);

  // The canonical name: "utf8", "latin1", "ascii", "hex" or "base64".
  std::string_view encoding() const;

 private:
  enum class Kind : uint8_t { kUtf8, kLatin1, kAscii, kHex, kBase64 };
  Kind kind_;
  uint8_t held_ = 0;  // bytes of an incomplete character (or base64 group) kept back
  uint8_t need_ = 0;  // UTF-8: the length of the held sequence once complete
  uint8_t bytes_[4] = {};
};

}  // namespace nodecc
