#pragma once
// Content-Type by file extension: one constexpr table, the common extensions of nginx's
// mime.types plus a few modern ones (mjs, wasm, webmanifest...). Text types carry
// "; charset=utf-8". Lookups ignore the extension's case.
#include <string_view>

namespace nodecc::staticfiles::core {

// The type served when the extension is unknown (nginx's default_type).
inline constexpr std::string_view kDefaultMimeType = "application/octet-stream";

// The Content-Type value for a file name or path ("a/b.CSS" -> "text/css; charset=utf-8"),
// kDefaultMimeType when the name has no known extension.
std::string_view mimeTypeFor(std::string_view fileName);
// Whether a type from mimeTypeFor is worth compressing on the fly: text/*, and the textual
// application types (JavaScript, JSON, XML and their +json/+xml kin), SVG, wasm, fonts
// without their own compression (ttf, otf, eot), icons and bitmaps.
bool isCompressibleType(std::string_view mimeType);

// Number of extensions in the table (for tests).
size_t mimeTableSize();

}  // namespace nodecc::staticfiles::core
