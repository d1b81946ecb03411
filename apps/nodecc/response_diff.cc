#include "response_diff.h"

#include <algorithm>
#include <set>

namespace nodecc::cli {

namespace {

// Excerpts show this much before the first differing byte and this much in all.
constexpr size_t kExcerptBefore = 40;
constexpr size_t kExcerptBytes = 160;

std::string excerpt(const std::string& s, size_t from) {
  std::string out = from > 0 ? "..." : "";
  return out + printable(std::string_view(s).substr(std::min(from, s.size())), kExcerptBytes);
}

}  // namespace

void ResponseDiff::comparePart(const std::string& part, const std::string& old1,
                               const std::string& old2, const std::string& next,
                               std::vector<PartDiff>* out) {
  if (old1 != old2) {
    ++noise_[part];
    return;
  }
  if (next == old1) {
    return;
  }
  PartDiff d;
  d.part = part;
  if (part != "body") {
    d.oldValue = printable(old1, kExcerptBytes);
    d.newValue = printable(next, kExcerptBytes);
    out->push_back(std::move(d));
    return;
  }
  const auto mismatch = std::mismatch(old1.begin(), old1.end(), next.begin(), next.end());
  const size_t at = size_t(mismatch.first - old1.begin());
  const size_t from = at > kExcerptBefore ? at - kExcerptBefore : 0;
  d.oldValue = excerpt(old1, from);
  d.newValue = excerpt(next, from);
  d.note = "differs from byte " + std::to_string(at) + "; old " + std::to_string(old1.size()) +
           " bytes, new " + std::to_string(next.size()) + " bytes";
  out->push_back(std::move(d));
}

std::vector<PartDiff> ResponseDiff::compare(const HttpResponse& old1, const HttpResponse& old2,
                                            const HttpResponse& next) {
  std::vector<PartDiff> out;
  comparePart("status", old1.summary(timeoutMs_), old2.summary(timeoutMs_),
              next.summary(timeoutMs_), &out);
  using Outcome = HttpResponse::Outcome;
  if (old1.outcome != Outcome::kResponse || old2.outcome != Outcome::kResponse ||
      next.outcome != Outcome::kResponse) {
    return out;  // without three responses the status (or its absence) says it all
  }
  std::set<std::string> names;
  for (const HttpResponse* r : {&old1, &old2, &next}) {
    for (const auto& h : r->headers) {
      names.insert(h.first);
    }
  }
  for (const std::string& name : names) {
    // A field one side lacks shows as "(absent)" so that absent and empty differ.
    auto value = [&](const HttpResponse& r) {
      return hasHeader(r.headers, name) ? headerValue(r.headers, name) : "(absent)";
    };
    comparePart("header " + name, value(old1), value(old2), value(next), &out);
  }
  comparePart("body", old1.body, old2.body, next.body, &out);
  return out;
}

}  // namespace nodecc::cli
