#pragma once
// HTTP/1.1 message heads (RFC 9112), parsed the picohttpparser way: pure functions over the
// caller's buffer that allocate nothing, copy nothing, call nothing back, and return bytes
// consumed / kIncomplete / kError. Every view they produce points into that buffer.
//
// Strict by design: what RFC 9112 and RFC 9110 forbid is rejected rather than repaired (bare
// CR or LF, obs-fold, whitespace before ':', Content-Length with Transfer-Encoding, ...), since
// lenient parsing is what request smuggling feeds on. Limits are in ParserLimits.
//
// Restartable: when a call returns kIncomplete, call again with the grown buffer (it may have
// moved; its first bytes must be the same), passing the previous length as prevLen and the
// same head object. The scan resumes where it stopped, so the total work for a head stays
// linear in its length however the bytes trickle in (slowloris).
#include <sys/types.h>

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "http/chunked.h"
#include "http/head_scanner.h"
#include "http/parse_types.h"

namespace nodecc::http::core {

struct RequestHead;
struct ResponseHead;

// Parses the request head at the start of `buf`. `prevLen` is buf's length at the previous
// call that returned kIncomplete for this same request, with this same `head` (0 the first
// time; a prevLen that does not match makes the parse start over, correct but slower).
// Returns > 0: bytes of the complete head (empty lines before it, request line, field lines,
//   empty line); `head` and headers[0..head.headerCount) are filled.
// kIncomplete (0): more bytes are needed and no limit is exceeded so far.
// kError (< 0): *err has the status (400, 413, 414, 431, 501, 505) and a code. Bad bytes,
//   bad lengths and overflowing limits are reported as soon as they arrive, not at the end.
// headersCap below limits.maxHeadersCount lowers that limit (more field lines -> 431).
// Beyond the scanner's syntax checks (head_scanner.h) it enforces: Host exactly once on
// HTTP/1.1 when limits.requireHost, at most once otherwise, and valid (400); Content-Length
// digits only, once, no overflow (400); Transfer-Encoding with chunked as the final coding,
// not on HTTP/1.0, not with Content-Length (400).
ssize_t parseRequest(std::string_view buf, size_t prevLen, RequestHead& head, Header* headers,
                     size_t headersCap, const ParserLimits& limits, ParseError* err);

// Parses a response head, as parseRequest (same field rules) with a status line. The body
// kind assumes a request other than HEAD and other than a successful CONNECT: for those the
// caller knows there is no body. Versions other than 1.0/1.1 fail with status 505; a response
// with both Transfer-Encoding and Content-Length fails (RFC 9112 §6.3: "ought to be handled as
// an error"), so do duplicate Content-Lengths; status is then 400 (the client maps it).
ssize_t parseResponse(std::string_view buf, size_t prevLen, ResponseHead& head, Header* headers,
                      size_t headersCap, const ParserLimits& limits, ParseError* err);

struct RequestHead {
  std::string_view method;  // one of Node's http.METHODS
  std::string_view target;  // the request-target exactly as sent
  uint8_t versionMajor = 1;
  uint8_t versionMinor = 1;
  size_t headerCount = 0;           // field lines, in the caller's Header array, in order
  BodyKind body = BodyKind::kNone;  // kNone, kLength or kChunked
  uint64_t contentLength = 0;       // when body == kLength
  // RFC 9112 §9.3: HTTP/1.1 unless "Connection: close"; HTTP/1.0 only with
  // "Connection: keep-alive" (and no close).
  bool keepAlive = true;
  // CONNECT, or a Connection "upgrade" token together with an Upgrade field: the bytes after
  // the head (and after its Content-Length body, if any) belong to another protocol.
  bool upgrade = false;
  std::string_view expect;  // raw Expect value, "" if none; the server decides 100/417
  std::string_view host;    // Host value, "" if none

 private:
  friend ssize_t parseRequest(std::string_view, size_t, RequestHead&, Header*, size_t,
                              const ParserLimits&, ParseError*);
  HeadScanState resume_;  // where an incomplete parse stopped
};

struct ResponseHead {
  uint8_t versionMajor = 1;
  uint8_t versionMinor = 1;
  int status = 0;           // 100..999
  std::string_view reason;  // may be empty
  size_t headerCount = 0;
  // kNone for 1xx, 204 and 304; kChunked when chunked is the final transfer coding; kLength
  // with Content-Length; otherwise kUntilClose (then keepAlive is false).
  BodyKind body = BodyKind::kNone;
  uint64_t contentLength = 0;
  bool keepAlive = true;

 private:
  friend ssize_t parseResponse(std::string_view, size_t, ResponseHead&, Header*, size_t,
                               const ParserLimits&, ParseError*);
  HeadScanState resume_;
};

}  // namespace nodecc::http::core
