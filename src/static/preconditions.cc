#include "static/preconditions.h"

#include "static/entity_tag.h"
#include "static/http_date.h"

namespace nodecc::staticfiles::core {

namespace {
std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) {
    s.remove_prefix(1);
  }
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) {
    s.remove_suffix(1);
  }
  return s;
}
}  // namespace

Precondition evaluatePreconditions(const Conditionals& c, const Validators& v) {
  if (present(c.ifMatch)) {
    if (!entityTagListMatches(c.ifMatch, v.etag, /*weak=*/false)) {
      return Precondition::kPreconditionFailed;
    }
  } else if (present(c.ifUnmodifiedSince)) {
    int64_t t;
    if (parseHttpDate(trim(c.ifUnmodifiedSince), &t) && v.lastModified > t) {
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
    if (parseHttpDate(trim(c.ifModifiedSince), &t) && v.lastModified <= t) {
      return Precondition::kNotModified;
    }
  }
  return Precondition::kProceed;
}

bool ifRangeHolds(FieldValue ifRange, const Validators& v) {
  if (!present(ifRange)) {
    return true;
  }
  std::string_view s = trim(ifRange);
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
