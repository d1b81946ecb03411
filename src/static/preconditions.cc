#include "static/preconditions.h"

#include "static/entity_tag.h"
#include "static/http_date.h"
#include "text/ascii.h"

namespace nodecc::staticfiles::core {

namespace {

using text::core::trimOws;
}  // namespace

Precondition evaluatePreconditions(const Conditionals& c, const Validators& v) {
  if (present(c.ifMatch)) {
    if (!entityTagListMatches(c.ifMatch, v.etag, /*weak=*/false)) {
      return Precondition::kPreconditionFailed;
    }
  } else if (present(c.ifUnmodifiedSince)) {
    int64_t t;
    if (parseHttpDate(trimOws(c.ifUnmodifiedSince), &t) && v.lastModified > t) {
      return Precondition::kPreconditionFailed;
    }
  }
  if (present(c.ifNoneMatch)) {
    // For GET and HEAD a matching If-None-Match means 304, never 412.
    if (entityTagListMatches(c.ifNoneMatch, v.etag, /*weak=*/true)) {
      return Precondition::kNotModified;
    }
  } else if (present(c.ifModifiedSince)) {
    int64_t t;
    if (parseHttpDate(trimOws(c.ifModifiedSince), &t) && v.lastModified <= t) {
      return Precondition::kNotModified;
    }
  }
  return Precondition::kProceed;
}

bool ifRangeHolds(FieldValue ifRange, const Validators& v) {
  if (!present(ifRange)) {
    return true;
  }
  std::string_view s = trimOws(ifRange);
  if (s.starts_with("W/")) {
    return false;  // a weak tag never satisfies If-Range (strong comparison)
  }
  if (s.starts_with("\"")) {
    return s == v.etag;
  }
  int64_t t;
  return parseHttpDate(s, &t) && t == v.lastModified;
}

}  // namespace nodecc::staticfiles::core
