// libFuzzer target for the Range header parser (src/static/byte_ranges.*), compiled alone.
// Input: one byte choosing the representation size (a few edge sizes, or 8 more bytes of it),
// then the header value. parseRange's answer must equal that of a reference written here from
// RFC 9110 §14.1.2 and byte_ranges.h's documented rules (list elements split on ',', OWS
// trimmed; more than kMaxRangeSpecs specs or any malformed one: ignored; satisfiable ranges
// sorted and merged when closer than kCoalesceGap), and the result must be a usable answer:
// ranges inside the representation, ascending, disjoint, and covering every byte asked for.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string_view>
#include <vector>

#include "static/byte_ranges.h"

namespace {

using namespace nodecc::staticfiles::core;

void check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "property violated: %s\n", what);
    std::abort();
  }
}

bool isOws(char c) {
  return c == ' ' || c == '\t';
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && isOws(s.front())) {
    s.remove_prefix(1);
  }
  while (!s.empty() && isOws(s.back())) {
    s.remove_suffix(1);
  }
  return s;
}

// 1*DIGIT as a saturating number; false when `s` is not all digits or empty.
bool number(std::string_view s, uint64_t* out) {
  if (s.empty()) {
    return false;
  }
  unsigned __int128 v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') {
      return false;
    }
    v = std::min<unsigned __int128>(v * 10 + unsigned(c - '0'), UINT64_MAX);
  }
  *out = static_cast<uint64_t>(v);
  return true;
}

struct Reference {
  RangeOutcome outcome = RangeOutcome::kIgnore;
  std::vector<ByteRange> ranges;
  std::vector<ByteRange> asked;  // the satisfiable ranges before merging
};

Reference reference(std::string_view h, uint64_t size) {
  Reference ref;
  h = trim(h);
  // A header of OWS only is "" after the trim; "bytes=" must then start it.
  if (h.size() < 6) {
    return ref;
  }
  for (size_t k = 0; k < 5; ++k) {
    if ((h[k] | 0x20) != "bytes"[k]) {
      return ref;
    }
  }
  if (h[5] != '=' || size == 0) {
    return ref;
  }
  std::string_view list = h.substr(6);
  size_t specs = 0;
  while (true) {
    const size_t comma = list.find(',');
    const std::string_view element = trim(list.substr(0, comma));
    if (!element.empty()) {
      if (++specs > kMaxRangeSpecs) {
        return Reference{};
      }
      const size_t dash = element.find('-');
      if (dash == std::string_view::npos) {
        return Reference{};
      }
      const std::string_view a = element.substr(0, dash);
      const std::string_view b = element.substr(dash + 1);
      uint64_t first = 0, last = UINT64_MAX;
      if (a.empty()) {
        uint64_t suffix;
        if (!number(b, &suffix)) {
          return Reference{};
        }
        if (suffix > 0) {
          ref.asked.push_back({suffix >= size ? 0 : size - suffix, size - 1});
        }
      } else {
        if (!number(a, &first) || (!b.empty() && !number(b, &last))) {
          return Reference{};
        }
        if (!b.empty() && last < first) {
          return Reference{};
        }
        if (first < size) {
          ref.asked.push_back({first, std::min(last, size - 1)});
        }
      }
    }
    if (comma == std::string_view::npos) {
      break;
    }
    list.remove_prefix(comma + 1);
  }
  if (specs == 0) {
    return Reference{};
  }
  if (ref.asked.empty()) {
    ref.outcome = RangeOutcome::kUnsatisfiable;
    return ref;
  }
  std::vector<ByteRange> sorted = ref.asked;
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const ByteRange& x, const ByteRange& y) { return x.first < y.first; });
  for (const ByteRange& r : sorted) {
    if (!ref.ranges.empty() &&
        static_cast<unsigned __int128>(r.first) <=
            static_cast<unsigned __int128>(ref.ranges.back().last) + kCoalesceGap) {
      ref.ranges.back().last = std::max(ref.ranges.back().last, r.last);
    } else {
      ref.ranges.push_back(r);
    }
  }
  ref.outcome = RangeOutcome::kSatisfiable;
  return ref;
}

uint64_t chooseSize(const uint8_t*& data, size_t& size) {
  static constexpr uint64_t kSizes[] = {
      0, 1, 2, 80, 81, 100, 1000, 4096, 1u << 20, uint64_t{1} << 32, UINT64_MAX - 1, UINT64_MAX};
  const uint8_t sel = data[0];
  ++data;
  --size;
  if (sel < sizeof kSizes / sizeof kSizes[0]) {
    return kSizes[sel];
  }
  if (sel < 128 || size < 8) {
    return sel;
  }
  uint64_t v;
  std::memcpy(&v, data, 8);
  data += 8;
  size -= 8;
  return v;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) {
    return 0;
  }
  const uint64_t length = chooseSize(data, size);
  // An exact-size heap copy, so ASan sees any read past the end.
  std::unique_ptr<char[]> copy(new char[size + 1]);
  std::memcpy(copy.get(), data, size);
  const std::string_view header(copy.get(), size);

  auto set = std::make_unique<RangeSet>();
  const RangeOutcome outcome = parseRange(header, length, set.get());
  const Reference ref = reference(header, length);
  if (outcome != ref.outcome) {
    std::fprintf(stderr, "outcome %d, reference %d\n", int(outcome), int(ref.outcome));
  }
  check(outcome == ref.outcome, "outcome as the reference");
  if (outcome != RangeOutcome::kSatisfiable) {
    return 0;
  }
  check(set->count >= 1 && set->count <= kMaxRangeSpecs, "range count");
  check(set->count == ref.ranges.size(), "as many ranges as the reference");
  for (size_t i = 0; i < set->count; ++i) {
    const ByteRange& r = set->ranges[i];
    check(r.first <= r.last && r.last < length, "range inside the representation");
    check(r.first == ref.ranges[i].first && r.last == ref.ranges[i].last,
          "ranges as the reference");
    if (i > 0) {
      check(r.first > set->ranges[i - 1].last + kCoalesceGap, "ascending, disjoint, apart");
    }
  }
  // Every byte asked for is sent: each asked range lies inside one merged range.
  for (const ByteRange& a : ref.asked) {
    bool covered = false;
    for (size_t i = 0; i < set->count && !covered; ++i) {
      covered = set->ranges[i].first <= a.first && a.last <= set->ranges[i].last;
    }
    check(covered, "every satisfiable range is covered");
  }
  return 0;
}
