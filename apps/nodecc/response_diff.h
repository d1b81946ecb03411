#pragma once
// The Diffy comparison: a part of a response (the status line, one header field, the body)
// where the new build differs from the old one counts only when the two old instances agree
// on it; where they disagree (Date, a random id) it is noise and is only counted.
#include <map>
#include <string>
#include <vector>

#include "response_reader.h"

namespace nodecc::cli {

struct PartDiff {
  std::string part;  // "status", "header content-type", "body"
  std::string oldValue;
  std::string newValue;
  std::string note;  // "differs at byte 12; old 13 bytes, new 20 bytes"
};

class ResponseDiff {
 public:
  explicit ResponseDiff(int timeoutMs) : timeoutMs_(timeoutMs) {}

  // The differences of `next` from `old1` that `old2` confirms.
  std::vector<PartDiff> compare(const HttpResponse& old1, const HttpResponse& old2,
                                const HttpResponse& next);

  // Parts left out because the old instances disagreed, and how many responses each time.
  const std::map<std::string, size_t>& noise() const { return noise_; }

 private:
  // Reports `part` when old1 == old2 != next, counts it as noise when old1 != old2.
  void comparePart(const std::string& part, const std::string& old1, const std::string& old2,
                   const std::string& next, std::vector<PartDiff>* out);

  int timeoutMs_;
  std::map<std::string, size_t> noise_;
};

}  // namespace nodecc::cli
