#pragma once
// The UTF-8/UTF-16 conversions behind the utf8, utf16le, latin1 and ascii encodings (utf.cc);
// encoding.h dispatches to them.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace nodecc::buffer::detail {

// UTF-16LE bytes as UTF-8 text: a lone surrogate becomes U+FFFD, an odd last byte is dropped.
void encodeUtf16le(const uint8_t* p, size_t n, std::string& out);
// Each byte (masked: 0xFF for latin1, 0x7F for ascii) as the character of that code.
void encodeLatin1(const uint8_t* p, size_t n, std::string& out, uint8_t mask);
// Node's latin1Write, ucs2Write and utf8Write of UTF-8 text into `capacity` bytes.
size_t writeLatin1(std::string_view text, uint8_t* out, size_t capacity);
size_t writeUtf16le(std::string_view text, uint8_t* out, size_t capacity);
size_t writeUtf8(std::string_view text, uint8_t* out, size_t capacity);

}  // namespace nodecc::buffer::detail
