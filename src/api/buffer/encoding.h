#pragma once
// Buffer's encodings: their names as Node accepts them, and the conversions between bytes and
// text (UTF-8 std::string, JavaScript strings as C++ holds them) in each.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace nodecc::buffer::detail {

enum class Encoding : uint8_t { kUtf8, kUtf16le, kLatin1, kAscii, kBase64, kBase64url, kHex };

// Node's getEncodingOps: "utf8", "utf-8", "ucs2", "ucs-2", "utf16le", "utf-16le", "latin1",
// "binary", "ascii", "base64", "base64url", "hex", in any ASCII case.
std::optional<Encoding> parseEncoding(std::string_view name);
// The same, throwing TypeError ERR_UNKNOWN_ENCODING "Unknown encoding: NAME".
Encoding requireEncoding(std::string_view name);

// ---- bytes -> text (toString) ----------------------------------------------------------------
// Appends the text of `n` bytes at `p` to `out`.
void encodeText(const uint8_t* p, size_t n, Encoding e, std::string& out);

// ---- text -> bytes (from, write, fill) -------------------------------------------------------
// At most `capacity` bytes of `text` in encoding `e` written to `out`, never a partial character
// (a partial hex pair or base64 quantum neither); returns the bytes written. As Node: hex stops
// at the first pair that is not hex; base64 skips what is not in either alphabet and stops at
// '='; latin1/ascii keep each UTF-16 unit's low byte.
size_t writeText(std::string_view text, Encoding e, uint8_t* out, size_t capacity);
// An upper bound of writeText's result, for sizing.
size_t maxDecodedSize(std::string_view text, Encoding e);
// Node's Buffer.byteLength(text, e) (for base64 and hex the estimate from the length).
size_t byteLengthOf(std::string_view text, Encoding e);

}  // namespace nodecc::buffer::detail
