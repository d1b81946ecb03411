#pragma once
// body-parser 2.4's read() and its json, text, raw and urlencoded parsers as pure steps over a
// request's head and its bytes, so they are tested (and fuzzed) without a server: planBody
// decides from the head whether and how the body is read, inflateBody and parseBody turn the
// bytes read into req.body. body.cc runs them over the request's "data"/"end" events.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "nodecc/express.h"

namespace nodecc::express::detail {

enum class BodyKind : uint8_t { kText, kRaw, kForm, kJson };
enum class BodyCoding : uint8_t { kIdentity, kDeflate, kGzip, kBrotli };

// One parser's options (JsonOptions, TextOptions... in one shape).
struct BodyParserOptions {
  BodyKind kind;
  size_t limit;
  std::vector<std::string> type;
  std::string defaultCharset;
  bool inflate = true;
  long parameterLimit = 1000;
  bool strict = true;
  JSON::Reviver reviver = nullptr;
};

// What the request's head decides, for a request that has a body (type-is's hasBody).
struct BodyPlan {
  enum class Action : uint8_t {
    kSkip,   // not this parser's type: next() without reading
    kFail,   // next(error) at once, the body unread (415: charset or Content-Encoding)
    kDrain,  // the declared length is past the limit: the body read and dropped, then next(error)
    kRead,   // read; past readLimit bytes the answer is bodyTooLarge(), else inflate and parse
  };
  Action action = Action::kSkip;
  std::string charset;  // lower-cased, the Content-Type's or the parser's default ("" for raw)
  BodyCoding coding = BodyCoding::kIdentity;
  size_t readLimit = 0;  // bytes as they arrive (compressed ones for an encoded body)
  std::optional<HttpError> error;
};

// The fields' values ("" when absent) against the parser's options.
BodyPlan planBody(const BodyParserOptions& o, std::string_view contentType,
                  std::string_view contentEncoding, std::string_view contentLength);

// 413 "request entity too large" (entity.too.large).
HttpError bodyTooLarge();

// The body as read, inflated: at most limit bytes come out. Throws bodyTooLarge() past them,
// HttpError 400 with zlib's message (name and code kept) for corrupt data.
Buffer inflateBody(const Buffer& bytes, BodyCoding coding, size_t limit);

// req.body from the (inflated) bytes in `charset`. Throws HttpError: 413 for a form with more
// than parameterLimit fields, 400 (entity.parse.failed, the SyntaxError's name and message)
// for JSON.parse's errors and strict mode's (a top level other than an object or an array).
Body parseBody(const BodyParserOptions& o, const Buffer& bytes, const std::string& charset);

}  // namespace nodecc::express::detail
