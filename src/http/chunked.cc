#include "http/chunked.h"

#include <algorithm>

#include "http/scan.h"
#include "text/ascii.h"

namespace nodecc::http::core {
namespace {

using text::core::hexValue;
using text::core::isTchar;

// qdtext (RFC 9110 §5.6.4): HTAB, SP, 0x21, 0x23-0x5B, 0x5D-0x7E, obs-text.
bool isQdtext(char c) {
  const auto b = static_cast<uint8_t>(c);
  return b == '\t' || b == ' ' || b == 0x21 || (b >= 0x23 && b <= 0x5B) ||
         (b >= 0x5D && b <= 0x7E) || b >= 0x80;
}

// What may follow '\' in a quoted-pair: HTAB, SP, VCHAR, obs-text.
bool isQuotable(char c) {
  const auto b = static_cast<uint8_t>(c);
  return b == '\t' || (b >= 0x20 && b != 0x7F);
}

}  // namespace

ChunkedDecoder::Step ChunkedDecoder::failWith(ParseError* err, int status, const char* code) {
  failure_ = ParseError{status, code};
  phase_ = Phase::kFailed;
  *err = failure_;
  return Step{kError, {}, false};
}

ssize_t ChunkedDecoder::scanSizeLine(std::string_view in, const ParserLimits& limits,
                                     ParseError* err) {
  // The line is re-presented whole on every call until complete; lineScanned_ says how much of
  // it is already checked, so a slow sender costs linear time.
  size_t i = std::min(lineScanned_, in.size());
  auto fail = [&](int status, const char* code) {
    *err = ParseError{status, code};
    return kError;
  };
  for (; i < in.size(); ++i) {
    const char c = in[i];
    const bool inExtensions = line_ != Line::kDigits && line_ != Line::kLF;
    if (inExtensions && c != '\r' && i - extStart_ >= limits.maxChunkExtensionSize) {
      return fail(413, "HPE_CHUNK_EXTENSIONS_OVERFLOW");
    }
    switch (line_) {
      case Line::kDigits: {
        const int v = hexValue(c);
        if (v >= 0) {
          if (digits_ == kMaxChunkSizeDigits || size_ > (UINT64_MAX >> 4)) {
            return fail(400, "HPE_INVALID_CHUNK_SIZE");
          }
          size_ = (size_ << 4) | static_cast<uint64_t>(v);
          ++digits_;
        } else if (digits_ == 0) {
          return fail(400, "HPE_INVALID_CHUNK_SIZE");
        } else if (c == ';') {
          extStart_ = i;
          line_ = Line::kExtNameStart;
        } else if (c == '\r') {
          line_ = Line::kLF;
        } else {
          return fail(400, "HPE_INVALID_CHUNK_SIZE");  // includes whitespace: no BWS, as llhttp
        }
        break;
      }
      case Line::kExtNameStart:
        if (!isTchar(c)) {
          return fail(400, "HPE_INVALID_CHUNK_EXTENSIONS");
        }
        line_ = Line::kExtName;
        break;
      case Line::kExtName:
      case Line::kExtToken:
        if (c == ';') {
          line_ = Line::kExtNameStart;
        } else if (c == '\r') {
          line_ = Line::kLF;
        } else if (c == '=' && line_ == Line::kExtName) {
          line_ = Line::kExtValueStart;
        } else if (!isTchar(c)) {
          return fail(400, "HPE_INVALID_CHUNK_EXTENSIONS");
        }
        break;
      case Line::kExtValueStart:
        if (c == '"') {
          line_ = Line::kExtQuoted;
        } else if (isTchar(c)) {
          line_ = Line::kExtToken;
        } else {
          return fail(400, "HPE_INVALID_CHUNK_EXTENSIONS");
        }
        break;
      case Line::kExtQuoted:
        if (c == '"') {
          line_ = Line::kExtAfterQuoted;
        } else if (c == '\\') {
          line_ = Line::kExtQuotedPair;
        } else if (!isQdtext(c)) {
          return fail(400, "HPE_INVALID_CHUNK_EXTENSIONS");
        }
        break;
      case Line::kExtQuotedPair:
        if (!isQuotable(c)) {
          return fail(400, "HPE_INVALID_CHUNK_EXTENSIONS");
        }
        line_ = Line::kExtQuoted;
        break;
      case Line::kExtAfterQuoted:
        if (c == ';') {
          line_ = Line::kExtNameStart;
        } else if (c == '\r') {
          line_ = Line::kLF;
        } else {
          return fail(400, "HPE_INVALID_CHUNK_EXTENSIONS");
        }
        break;
      case Line::kLF:
        if (c != '\n') {
          return fail(400, "HPE_LF_EXPECTED");
        }
        return static_cast<ssize_t>(i + 1);
    }
  }
  lineScanned_ = i;
  return kIncomplete;
}

ChunkedDecoder::Step ChunkedDecoder::decode(std::string_view in, Header* trailers,
                                            size_t trailersCap, size_t* trailerCount,
                                            const ParserLimits& limits, ParseError* err) {
  size_t pos = 0;
  auto step = [&pos](std::string_view data, bool done) {
    return Step{static_cast<ssize_t>(pos), data, done};
  };
  for (;;) {
    switch (phase_) {
      case Phase::kSizeLine: {
        const ssize_t n = scanSizeLine(in.substr(pos), limits, err);
        if (n < 0) {
          return failWith(err, err->status, err->code);
        }
        if (n == 0) {
          return step({}, false);
        }
        pos += static_cast<size_t>(n);
        lineScanned_ = 0;
        line_ = Line::kDigits;
        digits_ = 0;
        if (size_ == 0) {
          trailerScan_ = HeadScanState{};
          phase_ = Phase::kTrailers;
        } else {
          phase_ = Phase::kData;
        }
        continue;
      }

      case Phase::kData: {
        const size_t avail = in.size() - pos;
        if (avail == 0) {
          return step({}, false);
        }
        const size_t take = size_ < avail ? static_cast<size_t>(size_) : avail;
        const std::string_view data = in.substr(pos, take);
        pos += take;
        size_ -= take;
        if (size_ == 0) {
          phase_ = Phase::kDataCR;
        }
        return step(data, false);
      }

      case Phase::kDataCR:
      case Phase::kDataLF: {
        if (pos == in.size()) {
          return step({}, false);
        }
        const bool wantCR = phase_ == Phase::kDataCR;
        if (in[pos] != (wantCR ? '\r' : '\n')) {
          return failWith(err, 400, wantCR ? "HPE_CR_EXPECTED" : "HPE_LF_EXPECTED");
        }
        ++pos;
        phase_ = wantCR ? Phase::kDataLF : Phase::kSizeLine;
        continue;
      }

      case Phase::kTrailers: {
        const std::string_view section = in.substr(pos);
        if (section.size() < trailerScan_.seen) {
          trailerScan_ = HeadScanState{};  // not the bytes we saw before: start over
        }
        StartLineView unused;
        const ssize_t n = scanHead(section, StartLine::kNone, trailerScan_, unused, trailers,
                                   trailersCap, limits, err);
        if (n < 0) {
          return failWith(err, err->status, err->code);
        }
        if (n == 0) {
          trailerScan_.seen = section.size();
          return step({}, false);
        }
        if (trailerCount != nullptr) {
          *trailerCount = trailerScan_.count;
        }
        pos += static_cast<size_t>(n);
        phase_ = Phase::kDone;
        return step({}, true);
      }

      case Phase::kDone:
        return step({}, true);

      case Phase::kFailed:
        *err = failure_;
        return Step{kError, {}, false};
    }
  }
}

}  // namespace nodecc::http::core
