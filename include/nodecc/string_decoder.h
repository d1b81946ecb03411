#pragma once
// nodecc::StringDecoder: Node's `string_decoder`. Decodes bytes that arrive in pieces into text
// without splitting a character: a UTF-8 sequence, a UTF-16 surrogate pair or a base64 group
// cut across two chunks is held back until the rest arrives.
//
//   StringDecoder d("utf8");
//   d.write(Buffer::from({0xe2, 0x82}));   // ""
//   d.write(Buffer::from({0xac}));         // "€"
//
// Text is returned as UTF-8 in a std::string, exactly as Buffer::toString decodes the same bytes
// (where Node returns a JavaScript string), so invalid UTF-8 becomes U+FFFD as in Node, and so
// does a lone surrogate (JavaScript would keep it). Encodings: Buffer's ("utf8", "utf16le"/"ucs2",
// "latin1"/"binary", "ascii", "hex", "base64", "base64url", in any case). A UTF-8 sequence cut
// short by a byte that cannot continue it, and one still incomplete at end(), become U+FFFD.
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

  // The canonical name, as Node's decoder.encoding: "utf8", "utf16le", "latin1", "ascii", "hex",
  // "base64" or "base64url".
  std::string_view encoding() const;

 private:
  void writeUtf8(const uint8_t* data, size_t size, std::string& out);
  void writeUtf16le(const uint8_t* data, size_t size, std::string& out);

  uint8_t encoding_;  // the buffer module's encoding (src/api/buffer/encoding.h)
  uint8_t held_ = 0;  // bytes of an incomplete character (or base64 group) kept back
  uint8_t need_ = 0;  // UTF-8: the length of the held sequence once complete
  uint8_t bytes_[4] = {};
};

}  // namespace nodecc
