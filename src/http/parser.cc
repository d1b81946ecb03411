#include "http/parser.h"

#include "http/field_values.h"
#include "http/target_syntax.h"

namespace nodecc::http::core {
namespace {

// What the fields that frame and route a message say. Built in one pass over the fields.
struct FieldSummary {
  int contentLengths = 0;
  bool contentLengthValid = true;
  uint64_t contentLength = 0;
  int transferEncodings = 0;
  bool chunkedFinal = false;      // the last transfer coding seen is chunked
  bool chunkedMisplaced = false;  // chunked applied more than once, or not last (RFC 9112 §6.1)
  bool connectionClose = false;
  bool connectionKeepAlive = false;
  bool connectionUpgrade = false;
  bool upgradeField = false;
  int hosts = 0;
  std::string_view host;
  bool hasExpect = false;
  std::string_view expect;
};

void noteTransferEncoding(std::string_view value, FieldSummary& s) {
  ++s.transferEncodings;
  forEachListElement(value, [&s](std::string_view coding) {
    if (equalsLower(coding, "chunked")) {
      if (s.chunkedFinal) {
        s.chunkedMisplaced = true;
      }
      s.chunkedFinal = true;
    } else {
      if (s.chunkedFinal) {
        s.chunkedMisplaced = true;  // "chunked, gzip": chunked is not the final coding
      }
      s.chunkedFinal = false;
    }
  });
}

FieldSummary summarize(const Header* fields, size_t count) {
  FieldSummary s;
  for (size_t i = 0; i < count; ++i) {
    const std::string_view name = fields[i].name;
    const std::string_view value = fields[i].value;
    // Dispatch on length first: most fields are none of these and fail this one compare.
    switch (name.size()) {
      case 4:
        if (equalsLower(name, "host")) {
          ++s.hosts;
          s.host = value;
        }
        break;
      case 6:
        if (!s.hasExpect && equalsLower(name, "expect")) {
          s.hasExpect = true;
          s.expect = value;
        }
        break;
      case 7:
        if (equalsLower(name, "upgrade")) {
          s.upgradeField = true;
        }
        break;
      case 10:
        if (equalsLower(name, "connection")) {
          forEachListElement(value, [&s](std::string_view option) {
            if (equalsLower(option, "close")) {
              s.connectionClose = true;
            } else if (equalsLower(option, "keep-alive")) {
              s.connectionKeepAlive = true;
            } else if (equalsLower(option, "upgrade")) {
              s.connectionUpgrade = true;
            }
          });
        }
        break;
      case 14:
        if (equalsLower(name, "content-length")) {
          // Duplicates are refused even when equal, as llhttp does: two framings of one body
          // are one too many.
          ++s.contentLengths;
          s.contentLengthValid =
              s.contentLengthValid && parseContentLength(value, &s.contentLength);
        }
        break;
      case 17:
        if (equalsLower(name, "transfer-encoding")) {
          noteTransferEncoding(value, s);
        }
        break;
      default:
        break;
    }
  }
  return s;
}

ssize_t fail(ParseError* err, int status, const char* code) {
  *err = ParseError{status, code};
  return kError;
}

bool keepAliveFor(uint8_t minor, const FieldSummary& s) {
  if (s.connectionClose) {
    return false;
  }
  return minor >= 1 || s.connectionKeepAlive;
}

}  // namespace

ssize_t parseRequest(std::string_view buf, size_t prevLen, RequestHead& head, Header* headers,
                     size_t headersCap, const ParserLimits& limits, ParseError* err) {
  HeadScanState& st = head.resume_;
  if (prevLen == 0 || st.seen != prevLen || buf.size() < prevLen) {
    st = HeadScanState{};
  }
  StartLineView line;
  const ssize_t n = scanHead(buf, StartLine::kRequest, st, line, headers, headersCap, limits, err);
  if (n <= 0) {
    st.seen = buf.size();
    return n;
  }
  const size_t count = st.count;
  st = HeadScanState{};  // the next request on this head object starts fresh

  const FieldSummary s = summarize(headers, count);
  if (s.hosts > 1 || (s.hosts == 0 && line.versionMinor == 1 && limits.requireHost)) {
    return fail(err, 400, "HPE_INVALID_HOST");
  }
  if (s.hosts == 1 && !isValidHost(s.host)) {
    return fail(err, 400, "HPE_INVALID_HOST");
  }
  BodyKind body = BodyKind::kNone;
  if (s.transferEncodings > 0) {
    if (s.contentLengths > 0) {
      return fail(err, 400, "HPE_UNEXPECTED_CONTENT_LENGTH");
    }
    // HTTP/1.0 has no chunked coding: a 1.0 hop downstream would frame the body differently.
    if (line.versionMinor == 0 || !s.chunkedFinal || s.chunkedMisplaced) {
      return fail(err, 400, "HPE_INVALID_TRANSFER_ENCODING");
    }
    body = BodyKind::kChunked;
  } else if (s.contentLengths > 0) {
    if (s.contentLengths > 1) {
      return fail(err, 400, "HPE_UNEXPECTED_CONTENT_LENGTH");
    }
    if (!s.contentLengthValid) {
      return fail(err, 400, "HPE_INVALID_CONTENT_LENGTH");
    }
    body = BodyKind::kLength;
  }

  head.method = line.method;
  head.target = line.target;
  head.versionMajor = line.versionMajor;
  head.versionMinor = line.versionMinor;
  head.headerCount = count;
  head.body = body;
  head.contentLength = body == BodyKind::kLength ? s.contentLength : 0;
  head.keepAlive = keepAliveFor(line.versionMinor, s);
  head.upgrade = line.methodId == Method::kConnect || (s.connectionUpgrade && s.upgradeField);
  head.expect = s.expect;
  head.host = s.host;
  return n;
}

ssize_t parseResponse(std::string_view buf, size_t prevLen, ResponseHead& head, Header* headers,
                      size_t headersCap, const ParserLimits& limits, ParseError* err) {
  HeadScanState& st = head.resume_;
  if (prevLen == 0 || st.seen != prevLen || buf.size() < prevLen) {
    st = HeadScanState{};
  }
  StartLineView line;
  const ssize_t n = scanHead(buf, StartLine::kStatus, st, line, headers, headersCap, limits, err);
  if (n <= 0) {
    st.seen = buf.size();
    return n;
  }
  const size_t count = st.count;
  st = HeadScanState{};

  const FieldSummary s = summarize(headers, count);
  if (s.contentLengths > 1) {
    return fail(err, 400, "HPE_UNEXPECTED_CONTENT_LENGTH");
  }
  if (s.contentLengths == 1 && !s.contentLengthValid) {
    return fail(err, 400, "HPE_INVALID_CONTENT_LENGTH");
  }
  if (s.transferEncodings > 0 && s.contentLengths > 0) {
    return fail(err, 400, "HPE_UNEXPECTED_CONTENT_LENGTH");
  }
  bool keepAlive = keepAliveFor(line.versionMinor, s);
  BodyKind body;
  const bool noBody =
      (line.status >= 100 && line.status < 200) || line.status == 204 || line.status == 304;
  if (noBody) {
    body = BodyKind::kNone;
  } else if (s.transferEncodings > 0) {
    // RFC 9112 §6.3: a response whose final coding is not chunked runs until close.
    body = s.chunkedFinal && !s.chunkedMisplaced ? BodyKind::kChunked : BodyKind::kUntilClose;
  } else if (s.contentLengths == 1) {
    body = BodyKind::kLength;
  } else {
    body = BodyKind::kUntilClose;
  }
  if (body == BodyKind::kUntilClose) {
    keepAlive = false;
  }

  head.versionMajor = line.versionMajor;
  head.versionMinor = line.versionMinor;
  head.status = line.status;
  head.reason = line.reason;
  head.headerCount = count;
  head.body = body;
  head.contentLength = body == BodyKind::kLength ? s.contentLength : 0;
  head.keepAlive = keepAlive;
  return n;
}

}  // namespace nodecc::http::core
