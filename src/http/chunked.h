#pragma once
// The chunked transfer coding (RFC 9112 §7.1), decoded without copying: the body bytes come
// back as views into the caller's buffer, one span per call.
#include <sys/types.h>

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "http/head_scanner.h"
#include "http/parse_types.h"

namespace nodecc::http::core {

// One decoder per message body; reset() before reusing it for the next message. Not
// thread-safe; holds no pointers into the caller's buffer between calls.
//
// Strict, as llhttp in strict mode: chunk-size is 1 or more hex digits (leading zeros allowed,
// at most kMaxChunkSizeDigits, no overflow of 64 bits) followed directly by ';' extensions or
// CRLF (no whitespace); each extension is ";" token ["=" (token / quoted-string)], at most
// limits.maxChunkExtensionSize bytes per chunk (413); chunk data must be followed by CRLF;
// trailer fields follow the head's field rules (limits.maxHeaderSize bytes and
// min(trailersCap, limits.maxHeadersCount) fields at most, else 431). Extensions are
// validated and skipped. Errors other than those limits are 400.
class ChunkedDecoder {
 public:
  // Hex digits a chunk-size may have, leading zeros included: more is an attack, not a client.
  static constexpr size_t kMaxChunkSizeDigits = 32;

  struct Step {
    ssize_t consumed;       // bytes of `in` used; < 0: error, see *err
    std::string_view data;  // body bytes found, a view into `in` (may be empty)
    bool done;              // the last chunk and the trailer section have been consumed
  };

  // Decodes from `in`, which starts at the first byte not consumed by the previous call.
  // Consumes framing up to and including at most one span of body data, and returns. A size
  // line or a trailer section that is not complete in `in` is not consumed (call again with
  // more bytes; its scan resumes where it stopped). Once done, the trailers are in
  // trailers[0..*trailerCount) as views into this call's `in`; bytes after the trailer section
  // are not consumed (they begin the next message). After an error, every call fails again.
  Step decode(std::string_view in, Header* trailers, size_t trailersCap, size_t* trailerCount,
              const ParserLimits& limits, ParseError* err);

  void reset() { *this = ChunkedDecoder(); }

 private:
  enum class Phase : uint8_t { kSizeLine, kData, kDataCR, kDataLF, kTrailers, kDone, kFailed };
  // Where in a size line: chunk-size [ chunk-ext ] CRLF.
  enum class Line : uint8_t {
    kDigits,
    kExtNameStart,  // after ';'
    kExtName,
    kExtValueStart,  // after '='
    kExtToken,
    kExtQuoted,
    kExtQuotedPair,  // after '\' inside quotes
    kExtAfterQuoted,
    kLF,  // after the CR
  };

  // > 0: length of the complete size line at the start of `in` (size_ holds the chunk size);
  // 0: incomplete (progress kept in lineScanned_); kError.
  ssize_t scanSizeLine(std::string_view in, const ParserLimits& limits, ParseError* err);
  Step failWith(ParseError* err, int status, const char* code);

  Phase phase_ = Phase::kSizeLine;
  Line line_ = Line::kDigits;
  uint64_t size_ = 0;       // chunk size being read, then data bytes left in the chunk
  size_t lineScanned_ = 0;  // bytes of the pending size line already checked
  size_t digits_ = 0;       // hex digits read so far
  size_t extStart_ = 0;     // offset of the ';' starting the extensions in the size line
  HeadScanState trailerScan_;
  ParseError failure_;
};

}  // namespace nodecc::http::core
