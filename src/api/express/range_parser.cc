// range-parser 1.3, as send 1.2 calls it ({combine: true}): the ranges in the order they were
// asked for, overlapping and adjacent ones merged, an unsatisfiable one dropped.
#include "api/express/range_parser.h"

#include <algorithm>
#include <utility>

#include "api/util/js_text.h"
#include "text/ascii.h"

namespace nodecc::express::detail {

namespace {

// Past every file size (2^53: beyond it JavaScript's numbers, and so range-parser's, are not
// exact), and times 10 plus a digit still fits in an int64_t.
constexpr int64_t kMaxPosition = int64_t(1) << 53;

}  // namespace

int parseRange(int64_t size, std::string_view str, std::vector<ByteRange>& out) {
  size_t eq = str.find('=');
  if (eq == std::string_view::npos) {
    return -2;
  }
  std::string_view list = str.substr(eq + 1);
  std::vector<std::pair<ByteRange, size_t>> ranges;
  size_t b = 0;
  // /^\d+$/ then Number(): exact up to kMaxPosition, past it held there, which compares with
  // any file size as the larger number does (so a long number is a number, not malformed, and
  // nothing overflows).
  auto parsePos = [](std::string_view s, bool& ok) -> int64_t {
    ok = !s.empty();
    int64_t v = 0;
    for (char c : s) {
      if (!text::core::isDigit(c)) {
        ok = false;
        return 0;
      }
      v = std::min(v, kMaxPosition) * 10 + (c - '0');
    }
    return v;
  };
  for (size_t index = 0;; ++index) {
    size_t e = list.find(',', b);
    std::string_view item = list.substr(b, e == std::string_view::npos ? e : e - b);
    size_t dash = item.find('-');
    if (dash == std::string_view::npos) {
      return -2;
    }
    std::string_view startStr = util::detail::trimLatin1(item.substr(0, dash));
    std::string_view endStr = util::detail::trimLatin1(item.substr(dash + 1));
    bool okStart = false;
    bool okEnd = false;
    int64_t start = parsePos(startStr, okStart);
    int64_t end = parsePos(endStr, okEnd);
    if (startStr.empty()) {
      start = size - end;
      okStart = okEnd;
      end = size - 1;
      okEnd = true;
    } else if (endStr.empty()) {
      end = size - 1;
      okEnd = true;
    }
    if (end > size - 1) {
      end = size - 1;
    }
    if (!okStart || !okEnd) {
      return -2;
    }
    if (!(start > end || start < 0)) {
      ranges.push_back({{start, end}, index});
    }
    if (e == std::string_view::npos) {
      break;
    }
    b = e + 1;
  }
  if (ranges.empty()) {
    return -1;
  }
  std::stable_sort(ranges.begin(), ranges.end(),
                   [](const auto& x, const auto& y) { return x.first.start < y.first.start; });
  size_t j = 0;
  for (size_t i = 1; i < ranges.size(); ++i) {
    if (ranges[i].first.start > ranges[j].first.end + 1) {
      ranges[++j] = ranges[i];
    } else if (ranges[i].first.end > ranges[j].first.end) {
      ranges[j].first.end = ranges[i].first.end;
      ranges[j].second = std::min(ranges[j].second, ranges[i].second);
    }
  }
  ranges.resize(j + 1);
  std::stable_sort(ranges.begin(), ranges.end(),
                   [](const auto& x, const auto& y) { return x.second < y.second; });
  for (auto& r : ranges) {
    out.push_back(r.first);
  }
  return 0;
}

}  // namespace nodecc::express::detail
