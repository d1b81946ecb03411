// libFuzzer target for Express's range-parser (src/api/express/range_parser.*), compiled alone.
// Input: one byte choosing the file size (a few edge sizes, or 6 more bytes of it), then the
// Range header value. Properties:
//   - the answer (-2 malformed, -1 unsatisfiable, else the ranges in order) equals that of a
//     reference transcribed here from range-parser 1.2.1's JavaScript with {combine: true}, as
//     send calls it: the header is the latin1 text Node makes of the bytes, String.prototype.trim
//     around each number, /^\d+$/ then Number() for each (exact below 2^53, the sizes here);
//   - whatever the bytes, the ranges are usable: inside [0, size), disjoint and not adjacent
//     (combined), covering exactly the bytes of the satisfiable ranges asked for.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string_view>
#include <vector>

#include "api/express/range_parser.h"

namespace {

using nodecc::express::detail::ByteRange;
using nodecc::express::detail::parseRange;

void check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "property violated: %s\n", what);
    std::abort();
  }
}

// String.prototype.trim over Node's latin1 header text: the ECMAScript WhiteSpace and
// LineTerminator code points below U+0100 (TAB, LF, VT, FF, CR, SP, NBSP).
bool jsSpace(unsigned char c) {
  return c == 0x09 || c == 0x0A || c == 0x0B || c == 0x0C || c == 0x0D || c == 0x20 || c == 0xA0;
}
std::string_view jsTrim(std::string_view s) {
  while (!s.empty() && jsSpace(static_cast<unsigned char>(s.front()))) {
    s.remove_prefix(1);
  }
  while (!s.empty() && jsSpace(static_cast<unsigned char>(s.back()))) {
    s.remove_suffix(1);
  }
  return s;
}

// parsePos: Number(str) when /^\d+$/ matches, else NaN (false). Held at 2^59 (times 10 fits):
// every size here is below 2^50, so a larger number compares as the true one does.
constexpr int64_t kSaturated = int64_t(1) << 59;
bool parsePos(std::string_view s, int64_t* out) {
  if (s.empty()) {
    return false;
  }
  int64_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') {
      return false;
    }
    v = std::min(v, kSaturated) * 10 + (c - '0');
  }
  *out = v;
  return true;
}

struct Indexed {
  int64_t start, end;
  size_t index;
};

// rangeParser(size, str, {combine: true}).
int reference(int64_t size, std::string_view str, std::vector<Indexed>* requested,
              std::vector<ByteRange>* out) {
  const size_t eq = str.find('=');
  if (eq == std::string_view::npos) {
    return -2;
  }
  std::string_view rest = str.substr(eq + 1);
  std::vector<std::string_view> arr;
  for (;;) {
    const size_t comma = rest.find(',');
    arr.push_back(rest.substr(0, comma));
    if (comma == std::string_view::npos) {
      break;
    }
    rest.remove_prefix(comma + 1);
  }
  std::vector<Indexed> ranges;
  for (std::string_view item : arr) {
    const size_t dash = item.find('-');
    if (dash == std::string_view::npos) {
      return -2;
    }
    const std::string_view startStr = jsTrim(item.substr(0, dash));
    const std::string_view endStr = jsTrim(item.substr(dash + 1));
    int64_t start = 0;
    int64_t end = 0;
    bool startOk = parsePos(startStr, &start);
    bool endOk = parsePos(endStr, &end);
    if (startStr.empty()) {
      start = size - end;  // NaN when end is
      startOk = endOk;
      end = size - 1;
      endOk = true;
    } else if (endStr.empty()) {
      end = size - 1;
      endOk = true;
    }
    if (endOk && end > size - 1) {
      end = size - 1;
    }
    if (!startOk || !endOk) {
      return -2;
    }
    if (start > end || start < 0) {
      continue;
    }
    ranges.push_back({start, end, ranges.size()});
  }
  *requested = ranges;
  if (ranges.empty()) {
    return -1;
  }
  // combineRanges: ordered by start (Array.prototype.sort is stable: ties keep their index
  // order), each range merged into the current one when it starts at most one byte after its
  // end, the index lowered only when the range extends it; then back in index order.
  std::vector<Indexed> ordered = ranges;
  std::sort(ordered.begin(), ordered.end(), [](const Indexed& a, const Indexed& b) {
    return a.start != b.start ? a.start < b.start : a.index < b.index;
  });
  std::vector<Indexed> merged;
  for (const Indexed& r : ordered) {
    if (merged.empty() || r.start > merged.back().end + 1) {
      merged.push_back(r);
    } else if (r.end > merged.back().end) {
      merged.back().end = r.end;
      merged.back().index = std::min(merged.back().index, r.index);
    }
  }
  std::sort(merged.begin(), merged.end(),
            [](const Indexed& a, const Indexed& b) { return a.index < b.index; });
  for (const Indexed& r : merged) {
    out->push_back({r.start, r.end});
  }
  return 0;
}

// A header value Node's HTTP parser would hand over: field-vchar, obs-text, SP and HTAB.
bool fieldValue(std::string_view s) {
  for (char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (c != '\t' && (c < 0x20 || c == 0x7F)) {
      return false;
    }
  }
  return true;
}

constexpr int64_t kSizes[] = {0, 1, 2, 10, 100, 1000, 65536, (int64_t(1) << 50) - 1};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) {
    return 0;
  }
  int64_t fileSize = kSizes[data[0] & 7];
  size_t at = 1;
  if ((data[0] & 8) && size >= 7) {
    fileSize = 0;
    for (; at < 7; ++at) {
      fileSize = fileSize << 8 | data[at];
    }
  }
  // An exact-size heap copy, so ASan sees any read past the end.
  const size_t n = size - at;
  std::unique_ptr<char[]> copy(new char[n]);
  std::memcpy(copy.get(), data + at, n);
  const std::string_view header(copy.get(), n);

  std::vector<ByteRange> got;
  const int r = parseRange(fileSize, header, got);
  check(r == 0 || r == -1 || r == -2, "answer is 0, -1 or -2");
  check(r == 0 ? !got.empty() : got.empty(), "ranges exactly when the answer is 0");

  for (size_t i = 0; i < got.size(); ++i) {
    check(got[i].start >= 0 && got[i].start <= got[i].end && got[i].end < fileSize,
          "range inside the file");
    for (size_t j = 0; j < i; ++j) {
      check(got[i].start > got[j].end + 1 || got[j].start > got[i].end + 1,
            "ranges disjoint and not adjacent (combined)");
    }
  }

  if (!fieldValue(header)) {
    return 0;
  }
  std::vector<Indexed> requested;
  std::vector<ByteRange> want;
  const int w = reference(fileSize, header, &requested, &want);
  if (r != w) {
    std::fprintf(stderr, "size %lld: parseRange %d, range-parser %d\n", (long long)fileSize, r, w);
  }
  check(r == w, "answer equals range-parser's");
  check(got.size() == want.size(), "as many ranges as range-parser");
  for (size_t i = 0; i < got.size(); ++i) {
    check(got[i].start == want[i].start && got[i].end == want[i].end,
          "ranges equal range-parser's, in its order");
  }
  if (r == 0) {
    // Coverage: every byte asked for (satisfiable ranges) is in exactly the ranges returned.
    std::vector<ByteRange> a = got;
    std::sort(a.begin(), a.end(),
              [](const ByteRange& x, const ByteRange& y) { return x.start < y.start; });
    std::sort(requested.begin(), requested.end(),
              [](const Indexed& x, const Indexed& y) { return x.start < y.start; });
    std::vector<ByteRange> b;
    for (const Indexed& q : requested) {
      if (!b.empty() && q.start <= b.back().end + 1) {
        b.back().end = std::max(b.back().end, q.end);
      } else {
        b.push_back({q.start, q.end});
      }
    }
    check(a.size() == b.size(), "covers the bytes asked for");
    for (size_t i = 0; i < a.size(); ++i) {
      check(a[i].start == b[i].start && a[i].end == b[i].end, "covers the bytes asked for");
    }
  }
  return 0;
}
