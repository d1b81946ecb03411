#pragma once
// matchesWildcard: a text against a pattern whose '*' stands for any run of characters, the
// one matcher behind NODE_DEBUG's sections (util.debuglog) and the labels of addContext's
// hostnames (tls). Pure, allocates nothing.
#include <string_view>

#include "text/ascii.h"

namespace nodecc::text::core {

// Whether `text` is `pattern` with each '*' taken as any run of characters, maybe empty, and
// every other character matching itself (ASCII letters of either case when foldCase). The
// usual wildcard match: on a mismatch, back to just after the last '*' with the text one
// character further on, so no pattern takes more than pattern.size() * text.size() steps.
constexpr bool matchesWildcard(std::string_view pattern, std::string_view text,
                               bool foldCase = false) {
  size_t p = 0;
  size_t t = 0;
  size_t star = std::string_view::npos;
  size_t resume = 0;
  while (t < text.size()) {
    if (p < pattern.size() && pattern[p] == '*') {
      star = p++;
      resume = t;
    } else if (p < pattern.size() &&
               (foldCase ? toLower(pattern[p]) == toLower(text[t]) : pattern[p] == text[t])) {
      ++p;
      ++t;
    } else if (star != std::string_view::npos) {
      p = star + 1;
      t = ++resume;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*') {
    ++p;
  }
  return p == pattern.size();
}

}  // namespace nodecc::text::core
