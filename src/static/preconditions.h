#pragma once
// Conditional requests (RFC 9110 §13.2.2): which of If-Match, If-Unmodified-Since,
// If-None-Match and If-Modified-Since decides, in that precedence, and If-Range (§13.1.5).
// Pure functions over the header values and the representation's validators.
#include <cstdint>
#include <string_view>

namespace nodecc::staticfiles::core {

// A header value; data() == nullptr when the request did not carry the field.
using FieldValue = std::string_view;
inline bool present(FieldValue v) {
  return v.data() != nullptr;
}

struct Conditionals {
  FieldValue ifMatch;
  FieldValue ifNoneMatch;
  FieldValue ifModifiedSince;
  FieldValue ifUnmodifiedSince;
};

// The selected representation's validators: a strong ETag (quotes included) and the
// Last-Modified time in seconds.
struct Validators {
  std::string_view etag;
  int64_t lastModified = 0;
};

enum class Precondition : uint8_t {
  kProceed,             // evaluate Range, then answer normally
  kNotModified,         // 304 (GET/HEAD)
  kPreconditionFailed,  // 412
};

// RFC 9110 §13.2.2 for a GET or HEAD of an existing representation: If-Match false -> 412;
// else If-Unmodified-Since (only when there is no If-Match) older than Last-Modified -> 412;
// If-None-Match matching -> 304; else If-Modified-Since (only when there is no If-None-Match)
// not older than Last-Modified -> 304. Unparsable dates are ignored, as the RFC requires.
Precondition evaluatePreconditions(const Conditionals& c, const Validators& v);

// If-Range: true when the Range header applies (the validator is the current strong ETag, or
// a date exactly equal to Last-Modified); false means "send the whole representation".
bool ifRangeHolds(FieldValue ifRange, const Validators& v);

}  // namespace nodecc::staticfiles::core
