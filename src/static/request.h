#pragma once
// The parts of an HTTP request a static-file response depends on, as views into the request
// (valid for the duration of the call they are passed to), and the response handed back: plain
// data that the API layer turns into bytes on the connection.
#include <cstdint>
#include <string_view>

#include "net/shared_file.h"
#include "static/preconditions.h"

namespace nodecc::staticfiles::core {

struct Request {
  std::string_view method;
  std::string_view target;  // the request-target as received
  // Header values; data() == nullptr when absent.
  FieldValue ifMatch;
  FieldValue ifNoneMatch;
  FieldValue ifModifiedSince;
  FieldValue ifUnmodifiedSince;
  FieldValue range;
  FieldValue ifRange;
  FieldValue acceptEncoding;

  bool isHead() const { return method == "HEAD"; }
};

// A file range of a response body.
struct FileRange {
  net::core::SharedFile* file = nullptr;
  int64_t offset = 0;
  uint64_t length = 0;
};

// One piece of a multipart body: bytes, then (if file) a file range.
struct Segment {
  std::string_view bytes;
  FileRange range;
};

// A complete response. Views point into the cache entry or the server's scratch buffers and
// stay valid until the next call into the server; the API layer copies them (and takes its own
// file references) at once.
struct Response {
  int status = 0;
  // Status line and header fields, each ending in CRLF, without Date and Connection and
  // without the blank line that ends the head.
  std::string_view fields;
  // The body: `body` bytes then `file` (a HEAD response has neither).
  std::string_view body;
  FileRange file;
  // multipart/byteranges over a file: these segments instead of body/file.
  const Segment* segments = nullptr;
  size_t segmentCount = 0;
  uint64_t bodyBytes = 0;  // what the body adds up to (the access log's $body_bytes_sent)
  // 400/403/404/405: a handler with a `next` may fall through instead of sending this.
  bool clientError = false;
};

}  // namespace nodecc::staticfiles::core
