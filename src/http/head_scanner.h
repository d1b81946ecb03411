#pragma once
// The lexer under parseRequest, parseResponse and the chunked trailer section: one pass over a
// message head (start line, field lines, empty line) that checks every byte against RFC 9112
// as it arrives and stops where the bytes run out, so the next call resumes there. It knows
// syntax and limits only; what the fields mean (Content-Length, Host, ...) is parser.cc's.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "http/methods.h"
#include "http/parse_types.h"

namespace nodecc::http::core {

enum class StartLine : uint8_t {
  kRequest,  // method SP request-target SP HTTP-version CRLF
  kStatus,   // HTTP-version SP status-code SP [reason-phrase] CRLF
  kNone,     // field lines only: a chunked trailer section
};

// Where a scan stopped, as offsets into the buffer (which may move between calls; only bytes
// after `seen` may differ). All zero is the fresh state.
struct HeadScanState {
  size_t pos = 0;        // next byte to examine
  size_t mark = 0;       // start of the element being scanned (method, target, value, ...)
  size_t nameStart = 0;  // of the field line being scanned
  size_t nameEnd = 0;
  size_t count = 0;  // field lines completed
  size_t seen = 0;   // buffer length when the scan last returned kIncomplete (for callers)
  uint8_t phase = 0;
  uint8_t framing = 0;  // framing fields seen so far (head_scanner.cc)
  Method method = Method::kUnknown;
};

// The start line of a complete head; views into the buffer.
struct StartLineView {
  std::string_view method;
  std::string_view target;
  std::string_view reason;
  Method methodId = Method::kUnknown;
  uint8_t versionMajor = 0;
  uint8_t versionMinor = 0;
  int status = 0;
};

// Scans `buf` from `st` (fresh state: from the start). Empty lines before a start line are
// skipped (RFC 9112 §2.2). Checks, as soon as the bytes are there:
//   start line: method is a known token (else 400, or 501 when a well-formed token is not in
//   the method table), request-target visible ASCII and of a form allowed for the method (400;
//   414 past maxUriLength), exactly one SP between parts, HTTP/1.0 or HTTP/1.1 (505 for other
//   well-formed versions, 400 for malformed), status-code 3 digits, reason-phrase bytes;
//   field lines: name a token immediately followed by ':', value bytes (HTAB, SP, VCHAR,
//   obs-text), CRLF line ends only (no bare CR or LF), no obs-fold, at most
//   min(fieldsCap, maxHeadersCount) lines (431), at most maxHeaderSize bytes in all (431);
//   framing, in a head (not a trailer section), as soon as its line ends: Content-Length is
//   digits that fit 64 bits, appears once, and not with Transfer-Encoding (400).
// Returns the head's length in bytes once its empty line has been read, with `line` and
// fields[0..st.count) filled as views into `buf` (a resumed scan rescans the head from the
// start once to get them: total work stays linear in the head's length); kIncomplete when
// more bytes are needed (st holds the resume point); kError with *err set.
ssize_t scanHead(std::string_view buf, StartLine kind, HeadScanState& st, StartLineView& line,
                 Header* fields, size_t fieldsCap, const ParserLimits& limits, ParseError* err);

}  // namespace nodecc::http::core
