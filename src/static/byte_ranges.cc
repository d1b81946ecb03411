#include "static/byte_ranges.h"

#include <algorithm>

#include "text/ascii.h"

namespace nodecc::staticfiles::core {

namespace {

using text::core::isOws;

// 1*DIGIT; values past 2^64-1 saturate (they are beyond any file, which is all that matters).
bool parseNumber(std::string_view s, size_t* i, uint64_t* out) {
  size_t start = *i;
  uint64_t v = 0;
  while (*i < s.size() && s[*i] >= '0' && s[*i] <= '9') {
    uint64_t d = uint64_t(s[*i] - '0');
    v = v > (UINT64_MAX - d) / 10 ? UINT64_MAX : v * 10 + d;
    ++*i;
  }
  *out = v;
  return *i > start;
}

}  // namespace

RangeOutcome parseRange(std::string_view h, uint64_t size, RangeSet* out) {
  out->count = 0;
  while (!h.empty() && isOws(h.front())) {
    h.remove_prefix(1);
  }
  // range-unit is case-insensitive; no whitespace around "=".
  if (h.size() < 6 || (h[0] | 0x20) != 'b' || (h[1] | 0x20) != 'y' || (h[2] | 0x20) != 't' ||
      (h[3] | 0x20) != 'e' || (h[4] | 0x20) != 's' || h[5] != '=') {
    return RangeOutcome::kIgnore;
  }
  if (size == 0) {
    // Nothing of an empty representation can be addressed; nginx answers 200 too.
    return RangeOutcome::kIgnore;
  }
  size_t i = 6;
  size_t specs = 0;
  while (i < h.size()) {
    if (isOws(h[i]) || h[i] == ',') {
      ++i;
      continue;
    }
    if (++specs > kMaxRangeSpecs) {
      return RangeOutcome::kIgnore;
    }
    ByteRange r;
    bool satisfiable;
    if (h[i] == '-') {
      ++i;
      uint64_t suffix;
      if (!parseNumber(h, &i, &suffix)) {
        return RangeOutcome::kIgnore;
      }
      satisfiable = suffix > 0;
      r.first = suffix >= size ? 0 : size - suffix;
      r.last = size - 1;
    } else {
      uint64_t first, last = UINT64_MAX;
      if (!parseNumber(h, &i, &first) || i >= h.size() || h[i] != '-') {
        return RangeOutcome::kIgnore;
      }
      ++i;
      uint64_t parsedLast;
      bool hasLast = parseNumber(h, &i, &parsedLast);
      if (hasLast) {
        last = parsedLast;
      }
      if (hasLast && last < first) {
        return RangeOutcome::kIgnore;
      }
      satisfiable = first < size;
      r.first = first;
      r.last = std::min(last, size - 1);
    }
    while (i < h.size() && isOws(h[i])) {
      ++i;
    }
    if (i < h.size() && h[i] != ',') {
      return RangeOutcome::kIgnore;
    }
    if (satisfiable) {
      out->ranges[out->count++] = r;
    }
  }
  if (specs == 0) {
    return RangeOutcome::kIgnore;
  }
  if (out->count == 0) {
    return RangeOutcome::kUnsatisfiable;
  }
  if (out->count > 1) {
    ByteRange* b = out->ranges;
    std::sort(b, b + out->count,
              [](const ByteRange& x, const ByteRange& y) { return x.first < y.first; });
    size_t n = 0;
    for (size_t k = 1; k < out->count; ++k) {
      // Merge when overlapping or closer than a part's overhead (no unsigned wrap: sorted).
      if (b[k].first <= b[n].last || b[k].first - b[n].last <= kCoalesceGap) {
        b[n].last = std::max(b[n].last, b[k].last);
      } else {
        b[++n] = b[k];
      }
    }
    out->count = n + 1;
  }
  return RangeOutcome::kSatisfiable;
}

}  // namespace nodecc::staticfiles::core
