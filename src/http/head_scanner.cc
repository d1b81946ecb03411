#include "http/head_scanner.h"

#include <algorithm>
#include <cstring>

#include "http/field_values.h"
#include "http/scan.h"
#include "http/target_syntax.h"
#include "text/ascii.h"

namespace nodecc::http::core {
namespace {

using text::core::isDigit;
using text::core::isOws;

// One phase per place where the bytes may run out. kBegin must be 0: the fresh state.
enum Phase : uint8_t {
  kBegin = 0,
  kLeading,    // before the start line: empty lines are skipped
  kLeadingLF,  // after the CR of such an empty line
  kMethod,
  kTarget,
  kVersion,  // "HTTP/x.y", byte by byte from st.mark
  kStartCR,  // request line: after the version
  kStartLF,
  kStatusSP,    // status line: after the version
  kStatusCode,  // three digits from st.mark
  kStatusEnd,   // SP before the reason, or CR when there is none
  kReason,
  kFieldStart,  // start of a field line, or CR of the empty line
  kName,
  kValueLead,  // OWS after the colon
  kValue,
  kValueLF,  // after the CR ending a value
  kEndLF,    // after the CR of the empty line
};

constexpr size_t kVersionLength = 8;  // "HTTP/x.y"
constexpr size_t kStatusDigits = 3;

// HeadScanState::framing bits.
constexpr uint8_t kSawContentLength = 1;
constexpr uint8_t kSawTransferEncoding = 2;

// Where a scan of an element starting at `start` that may hold `maxLen` bytes should stop:
// one byte past the maximum (so going over it is seen at once), or the buffer's limit.
size_t stopAt(size_t limit, size_t start, size_t maxLen) {
  return limit - start > maxLen ? start + maxLen + 1 : limit;
}

// Framing errors are the ones smuggling is made of, so they are answered when their line
// ends, as llhttp does, not when the head does. parser.cc applies the full rules at the end.
const char* framingError(const Header& field, HeadScanState& st) {
  if (isContentLength(field.name)) {
    uint64_t unused;
    if (!parseContentLength(field.value, &unused)) {
      return "HPE_INVALID_CONTENT_LENGTH";
    }
    if (st.framing != 0) {  // a second Content-Length, or one after Transfer-Encoding
      return "HPE_UNEXPECTED_CONTENT_LENGTH";
    }
    st.framing |= kSawContentLength;
  } else if (isTransferEncoding(field.name)) {
    if (st.framing & kSawContentLength) {
      return "HPE_UNEXPECTED_CONTENT_LENGTH";
    }
    st.framing |= kSawTransferEncoding;
  }
  return nullptr;
}

ssize_t run(std::string_view buf, StartLine kind, HeadScanState& st, StartLineView& line,
            Header* fields, size_t fieldsCap, const ParserLimits& limits, ParseError* err) {
  const char* p = buf.data();
  const size_t limit = std::min(buf.size(), limits.maxHeaderSize);
  const size_t maxFields = std::min(fieldsCap, limits.maxHeadersCount);
  size_t pos = st.pos;
  auto phase = static_cast<Phase>(st.phase);
  if (phase == kBegin) {
    phase = kind == StartLine::kNone ? kFieldStart : kLeading;
  }

  auto fail = [err](int status, const char* code) {
    *err = ParseError{status, code};
    return kError;
  };
  auto needMore = [&]() {
    st.pos = pos;
    st.phase = phase;
    // The head does not end within maxHeaderSize bytes and cannot end later inside it.
    if (buf.size() >= limits.maxHeaderSize) {
      return fail(431, "HPE_HEADER_OVERFLOW");
    }
    return kIncomplete;
  };

  // The cases are in the order a request head is read, and each falls through to the next
  // phase where it can: the loop goes back to the switch only for another field line, the
  // leading empty lines and the status line's own phases.
  for (;;) {
    switch (phase) {
      case kBegin:
      case kLeading:
        if (pos == limit) {
          return needMore();
        }
        if (p[pos] == '\r') {
          ++pos;
          phase = kLeadingLF;
          continue;
        }
        st.mark = pos;
        if (kind != StartLine::kRequest) {
          phase = kVersion;
          continue;
        }
        phase = kMethod;
        [[fallthrough]];

      case kMethod: {
        if (pos == st.mark && limit - pos >= 4 && std::memcmp(p + pos, "GET ", 4) == 0) {
          // Most requests are GETs: no scan, no method-table search.
          st.method = Method::kGet;
          line.method = std::string_view(p + pos, 3);
          line.methodId = st.method;
          pos += 4;
          st.mark = pos;
          phase = kTarget;
          continue;
        }
        const size_t stop = stopAt(limit, st.mark, kMaxMethodLength);
        pos += scan(kTokenChars, p + pos, stop - pos);
        const size_t len = pos - st.mark;
        if (len > kMaxMethodLength) {
          return fail(501, "HPE_INVALID_METHOD");  // a token, but longer than any we know
        }
        if (pos == limit) {
          return needMore();
        }
        if (p[pos] != ' ' || len == 0) {
          return fail(400, "HPE_INVALID_METHOD");
        }
        const std::string_view method(p + st.mark, len);
        st.method = findMethod(method);
        if (st.method == Method::kUnknown) {
          return fail(501, "HPE_INVALID_METHOD");
        }
        line.method = method;
        line.methodId = st.method;
        st.mark = ++pos;
        phase = kTarget;
        [[fallthrough]];
      }

      case kTarget: {
        const size_t stop = stopAt(limit, st.mark, limits.maxUriLength);
        pos += scan(kTargetChars, p + pos, stop - pos);
        if (pos - st.mark > limits.maxUriLength) {
          return fail(414, "HPE_URI_TOO_LONG");
        }
        if (pos == limit) {
          return needMore();
        }
        const std::string_view target(p + st.mark, pos - st.mark);
        if (p[pos] != ' ' || !isValidTarget(st.method, target)) {
          return fail(400, "HPE_INVALID_URL");
        }
        line.target = target;
        st.mark = ++pos;
        phase = kVersion;
        [[fallthrough]];
      }

      case kVersion: {
        // Byte by byte against the shape, so "HTTP/5.6" is answered before its CRLF arrives.
        constexpr char kShape[] = "HTTP/d.d";
        if (pos == st.mark && limit - pos >= kVersionLength &&
            std::memcmp(p + pos, "HTTP/1.", kVersionLength - 1) == 0 &&
            (p[pos + 7] == '1' || p[pos + 7] == '0')) {
          pos += kVersionLength;  // "HTTP/1.1" or "HTTP/1.0" whole: skips the byte loop
        }
        while (pos - st.mark < kVersionLength) {
          if (pos == limit) {
            return needMore();
          }
          const char want = kShape[pos - st.mark];
          if (want == 'd' ? !isDigit(p[pos]) : p[pos] != want) {
            return fail(400, "HPE_INVALID_VERSION");
          }
          ++pos;
        }
        line.versionMajor = static_cast<uint8_t>(p[st.mark + 5] - '0');
        line.versionMinor = static_cast<uint8_t>(p[st.mark + 7] - '0');
        if (line.versionMajor != 1 || line.versionMinor > 1) {
          return fail(505, "HPE_INVALID_VERSION");
        }
        if (kind != StartLine::kRequest) {
          phase = kStatusSP;
          continue;
        }
        phase = kStartCR;
        [[fallthrough]];
      }

      case kStartCR:
        if (pos == limit) {
          return needMore();
        }
        if (p[pos] != '\r') {
          return fail(400, p[pos] == '\n' ? "HPE_CR_EXPECTED" : "HPE_INVALID_VERSION");
        }
        ++pos;
        phase = kStartLF;
        [[fallthrough]];

      case kStartLF:
        if (pos == limit) {
          return needMore();
        }
        if (p[pos] != '\n') {
          return fail(400, "HPE_LF_EXPECTED");
        }
        ++pos;
        phase = kFieldStart;
        [[fallthrough]];

      case kFieldStart:
        if (pos == limit) {
          return needMore();
        }
        if (p[pos] == '\r') {
          ++pos;
          phase = kEndLF;
          continue;
        }
        // SP or HTAB here is obs-fold (or whitespace before the first field): kName rejects it.
        if (st.count == maxFields) {
          return fail(431, "HPE_HEADER_OVERFLOW");
        }
        st.nameStart = pos;
        phase = kName;
        [[fallthrough]];

      case kName:
        pos += scan(kTokenChars, p + pos, limit - pos);
        if (pos == limit) {
          return needMore();
        }
        if (p[pos] != ':' || pos == st.nameStart) {
          return fail(400, "HPE_INVALID_HEADER_TOKEN");
        }
        st.nameEnd = pos++;
        phase = kValueLead;
        [[fallthrough]];

      case kValueLead:
        while (pos < limit && isOws(p[pos])) {
          ++pos;
        }
        if (pos == limit) {
          return needMore();
        }
        st.mark = pos;
        phase = kValue;
        [[fallthrough]];

      case kValue: {
        pos += scan(kFieldValueChars, p + pos, limit - pos);
        if (pos == limit) {
          return needMore();
        }
        if (p[pos] != '\r') {
          return fail(400, p[pos] == '\n' ? "HPE_CR_EXPECTED" : "HPE_INVALID_HEADER_TOKEN");
        }
        size_t end = pos;
        while (end > st.mark && isOws(p[end - 1])) {
          --end;
        }
        // Written now, counted once the LF is seen; a resumed scan rewrites it on the rescan.
        const Header field{std::string_view(p + st.nameStart, st.nameEnd - st.nameStart),
                           std::string_view(p + st.mark, end - st.mark)};
        fields[st.count] = field;
        if (kind != StartLine::kNone) {
          if (const char* code = framingError(field, st)) {
            return fail(400, code);
          }
        }
        ++pos;
        phase = kValueLF;
        [[fallthrough]];
      }

      case kValueLF:
        if (pos == limit) {
          return needMore();
        }
        if (p[pos] != '\n') {
          return fail(400, "HPE_LF_EXPECTED");
        }
        ++pos;
        ++st.count;
        phase = kFieldStart;
        continue;

      case kEndLF:
        if (pos == limit) {
          return needMore();
        }
        if (p[pos] != '\n') {
          return fail(400, "HPE_LF_EXPECTED");
        }
        ++pos;
        st.pos = pos;
        st.phase = kEndLF;
        return static_cast<ssize_t>(pos);
      case kLeadingLF:
        if (pos == limit) {
          return needMore();
        }
        if (p[pos] != '\n') {
          return fail(400, "HPE_LF_EXPECTED");
        }
        ++pos;
        phase = kLeading;
        continue;

      case kStatusSP:
        if (pos == limit) {
          return needMore();
        }
        if (p[pos] != ' ') {
          return fail(400, "HPE_INVALID_VERSION");
        }
        st.mark = ++pos;
        phase = kStatusCode;
        [[fallthrough]];

      case kStatusCode:
        while (pos - st.mark < kStatusDigits) {
          if (pos == limit) {
            return needMore();
          }
          // 100..999: RFC 9110 §15 reserves the first digit 1-5; 6-9 are tolerated as "unknown
          // class", a leading 0 is not a status at all.
          if (!isDigit(p[pos]) || (pos == st.mark && p[pos] == '0')) {
            return fail(400, "HPE_INVALID_STATUS");
          }
          ++pos;
        }
        line.status =
            (p[st.mark] - '0') * 100 + (p[st.mark + 1] - '0') * 10 + (p[st.mark + 2] - '0');
        phase = kStatusEnd;
        [[fallthrough]];

      case kStatusEnd:
        if (pos == limit) {
          return needMore();
        }
        if (p[pos] == ' ') {
          st.mark = ++pos;
          phase = kReason;
          continue;
        }
        // "HTTP/1.1 200\r\n": the grammar wants the SP, but servers that omit an empty reason
        // exist and the reason carries nothing (RFC 9112 §4: clients SHOULD ignore it).
        if (p[pos] != '\r') {
          return fail(400, "HPE_INVALID_STATUS");
        }
        line.reason = {};
        ++pos;
        phase = kStartLF;
        continue;

      case kReason:
        pos += scan(kFieldValueChars, p + pos, limit - pos);
        if (pos == limit) {
          return needMore();
        }
        if (p[pos] != '\r') {
          return fail(400, p[pos] == '\n' ? "HPE_CR_EXPECTED" : "HPE_INVALID_STATUS");
        }
        line.reason = std::string_view(p + st.mark, pos - st.mark);
        ++pos;
        phase = kStartLF;
        continue;
    }
  }
}

}  // namespace

ssize_t scanHead(std::string_view buf, StartLine kind, HeadScanState& st, StartLineView& line,
                 Header* fields, size_t fieldsCap, const ParserLimits& limits, ParseError* err) {
  const bool resumed = st.pos != 0;
  ssize_t n = run(buf, kind, st, line, fields, fieldsCap, limits, err);
  if (n > 0 && resumed) {
    // Views made by earlier calls point into the buffer as it was then. One more pass over the
    // now complete head (already validated, so it cannot fail) makes them all current.
    st = HeadScanState{};
    n = run(buf.substr(0, static_cast<size_t>(n)), kind, st, line, fields, fieldsCap, limits, err);
  }
  return n;
}

}  // namespace nodecc::http::core
