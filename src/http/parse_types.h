#pragma once
// Types shared by the HTTP/1.1 head parser (parser.h), the chunked decoder (chunked.h) and the
// scanner under both (head_scanner.h). Standard library only, so the parser can be compiled
// alone (fuzz target).
#include <sys/types.h>

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace nodecc::http::core {

// One field line. Both views point into the caller's buffer: they are valid while that buffer
// is, and the name keeps the case it was sent with. The value has no leading or trailing OWS.
struct Header {
  std::string_view name;
  std::string_view value;
};

// Every limit the parser enforces, each with the status it answers with. Defaults follow Node.js
// (http.maxHeaderSize 16 KiB, server.maxHeadersCount 2000, 16 KiB of chunk extensions).
struct ParserLimits {
  size_t maxHeaderSize = 16 * 1024;          // bytes of start line + fields + empty line -> 431
  size_t maxHeadersCount = 2000;             // field lines per head (or trailer section) -> 431
  size_t maxUriLength = 8 * 1024;            // bytes of the request-target -> 414
  size_t maxChunkExtensionSize = 16 * 1024;  // bytes of one chunk's extensions (from ';') -> 413
  bool requireHost = true;                   // an HTTP/1.1 request without Host -> 400
};

// How the message body is delimited (RFC 9112 §6.3).
enum class BodyKind : uint8_t {
  kNone,        // no body
  kLength,      // exactly contentLength bytes (which may be 0)
  kChunked,     // chunked transfer coding: feed the bytes after the head to a ChunkedDecoder
  kUntilClose,  // responses only: the body runs until the connection closes
};

// Why a parse failed: the status a server answers with, and a stable short code named like
// llhttp's errors (Node exposes those as err.code), e.g. "HPE_INVALID_METHOD".
struct ParseError {
  int status = 0;
  const char* code = "";
};

// Return values of the parse functions besides a byte count.
inline constexpr ssize_t kIncomplete = 0;
inline constexpr ssize_t kError = -1;

}  // namespace nodecc::http::core
