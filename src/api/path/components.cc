// path.dirname, basename, extname, parse and format: Node's scans from the end of the path,
// returning views into it. Where Node walks back a character at a time, lastSegment() reads the
// path's last 16 bytes at once as masks of its '/' and '.' bytes (byte_masks.h) and finds the
// last segment, the '/' before it and its last '.' with a few bit operations; a segment longer
// than that takes one more window per 16 bytes. The decisions are Node's, case for case.
#include <cstring>
#include <string>
#include <string_view>

#include "api/path/byte_masks.h"
#include "nodecc/path.h"

namespace nodecc::path {

namespace {

using detail::ByteMasks;
using detail::kHighBits;
using detail::kWindow;
using detail::lastWindow;
using detail::masksOfLast;
using detail::topBit;
using detail::Window;

constexpr size_t npos = std::string_view::npos;

// p[from, to): substr without its bounds check (the indices come from scanning p).
std::string_view slice(std::string_view p, size_t from, size_t to) {
  return {p.data() + from, to - from};
}

// The last segment of p[from, size), trailing slashes left out: p[start, end). end == from when
// there is none (p[from, size) is only slashes); start == from when no '/' in p[from, end)
// precedes it. lastDot is the index of the segment's last '.', or npos.
struct Segment {
  size_t start;
  size_t end;
  size_t lastDot;
};

// Any path: the trailing slashes skipped one window of 16 bytes after another from the end,
// then windows ending where the segment ends until one holds a '/'.
[[gnu::noinline]] Segment lastSegmentOfAnyPath(std::string_view p, size_t from) {
  const char* const begin = p.data() + from;
  const char* end = p.data() + p.size();
  for (;;) {
    if (end == begin) {
      return {from, from, npos};
    }
    const uint32_t names = ~masksOfLast(begin, end).slash & 0xFFFFu;
    // A window shorter than 16 has bits below it, which read as names here: names past its
    // first byte are within it.
    if (names != 0 && topBit(names) + size_t(end - begin) >= kWindow) {
      end -= kWindow - 1 - topBit(names);
      break;
    }
    end -= end - begin < ptrdiff_t(kWindow) ? end - begin : ptrdiff_t(kWindow);
  }
  const size_t segmentEnd = size_t(end - p.data());
  size_t lastDot = npos;
  // Bit b of a window is byte end - 16 + b.
  for (;;) {
    const ByteMasks m = masksOfLast(begin, end);
    const int slash = m.slash != 0 ? int(topBit(m.slash)) : -1;
    const int dot = m.dot != 0 ? int(topBit(m.dot)) : -1;
    const size_t windowStart = size_t(end - p.data()) - kWindow;
    if (lastDot == npos && dot > slash) {
      lastDot = windowStart + size_t(dot);
    }
    if (slash >= 0) {
      return {windowStart + size_t(slash) + 1, segmentEnd, lastDot};
    }
    if (end - begin <= ptrdiff_t(kWindow)) {
      return {from, segmentEnd, lastDot};
    }
    end -= kWindow;
  }
}

// Calls decide(the last segment of p[from, size)) and returns its result. The usual path, with
// no trailing slash and the '/' before its last segment in its last 16 bytes (or no more than
// 16 bytes), takes one window and no loop; any other goes through lastSegmentOfAnyPath in a call
// of its own, so that the usual one needs no stack frame.
template <class Decide>
[[gnu::noinline]] auto withLastSegmentOfAnyPath(std::string_view p, size_t from, Decide decide) {
  return decide(lastSegmentOfAnyPath(p, from));
}

template <class Decide>
inline auto withLastSegment(std::string_view p, size_t from, Decide decide) {
  const size_t n = p.size();
  const ByteMasks m = masksOfLast(p.data() + from, p.data() + n);
  uint32_t slashes = m.slash;
  size_t end = n;
  if ((slashes & 0x8000u) != 0) {
    // Trailing slashes: the segment ends at the highest name bit, if the window has one (bits
    // below a short window read as names: they do not count).
    const uint32_t names = ~slashes & 0xFFFFu;
    if (names == 0 || topBit(names) + (n - from) < kWindow) {
      return withLastSegmentOfAnyPath(p, from, decide);
    }
    end = n - kWindow + topBit(names) + 1;
    slashes &= (1u << topBit(names)) - 1;  // the window's bits above are the trailing slashes
  }
  // (n == from gives empty masks, and the segment {from, from}: none, as wanted.)
  if (slashes != 0 || n - from <= kWindow) {
    const int slash = slashes != 0 ? int(topBit(slashes)) : -1;
    const int dot = m.dot != 0 ? int(topBit(m.dot)) : -1;
    return decide(Segment{slash >= 0 ? n - kWindow + size_t(slash) + 1 : from, end,
                          dot > slash ? n - kWindow + size_t(dot) : npos});
  }
  return withLastSegmentOfAnyPath(p, from, decide);
}

// Where the extension of the segment p[start, end) begins (its last dot, `dot`), or npos when
// Node sees none. Node walks back from the end keeping a state that each character before the
// last dot overwrites (a dot sets "only dots", anything else "something else"), so the state it
// ends with is that of the segment's first character: no extension when the last dot is the
// first character (".bashrc"), nor for "..". Node's test for ".." compares the dot with the
// segment's start as its scan found it (partStart), which parse() does not adjust for the root:
// so parse("/..") has the extension "." where extname("/..") has none.
size_t extensionStart(std::string_view p, size_t start, size_t end, size_t dot, size_t partStart) {
  if (dot == npos || dot == start) {
    return npos;
  }
  bool onlyDotsBefore = p[start] == '.';
  if (onlyDotsBefore && dot == end - 1 && dot == partStart + 1) {
    return npos;
  }
  return dot;
}

// Node compares the suffix's length with the path's in UTF-16 code units: whether `suffix` is
// at most as long as `p` in those units (a 4-byte UTF-8 sequence is two units, any other
// sequence one). Counts no further into p than it needs to.
bool notLongerInUtf16(std::string_view suffix, std::string_view p) {
  auto units = [](unsigned char c) { return (c & 0xC0) == 0x80 ? 0 : c >= 0xF0 ? 2 : 1; };
  size_t suffixUnits = 0;
  for (char c : suffix) {
    suffixUnits += size_t(units(static_cast<unsigned char>(c)));
  }
  size_t pathUnits = 0;
  for (size_t i = 0; i < p.size() && pathUnits < suffixUnits; ++i) {
    pathUnits += size_t(units(static_cast<unsigned char>(p[i])));
  }
  return suffixUnits <= pathUnits;
}

// basename(p, suffix) for any p and suffix, given p's last segment.
std::string_view basenameWithSuffix(std::string_view p, std::string_view suffix, Segment last) {
  if (!notLongerInUtf16(suffix, p)) {
    return slice(p, last.start, last.end);
  }
  if (suffix == p) {
    return {};
  }
  // Node's suffix walk, decided segment-wise: it compares the last segment (trailing slashes
  // skipped) with the suffix from their ends.
  if (last.end == 0) {
    return p;  // only slashes: Node's walk ends with start 0 and end at the length
  }
  std::string_view segment = slice(p, last.start, last.end);
  if (segment.size() > suffix.size()) {
    if (segment.ends_with(suffix)) {
      return slice(segment, 0, segment.size() - suffix.size());
    }
    return segment;
  }
  if (segment.size() == suffix.size() || !suffix.ends_with(segment)) {
    return segment;  // the suffix is the whole name (kept), or it does not match
  }
  // The segment ran out before the suffix did without a mismatch: Node's end stays unset and
  // becomes the path's length, trailing slashes included.
  return slice(p, last.start, p.size());
}

}  // namespace

std::string_view dirname(std::string_view p) {
  if (p.empty()) {
    return ".";
  }
  // Node looks at p[1..]: trailing slashes, then the last segment, then the '/' before it.
  return withLastSegment(p, 1, [p](Segment last) {
    const bool hasRoot = p.front() == '/';
    if (last.start == 1) {
      return hasRoot ? slice(p, 0, 1) : std::string_view(".");
    }
    const size_t end = last.start - 1;
    if (hasRoot && end == 1) {
      return slice(p, 0, 2);  // Node's "//": p[1] is the '/' found
    }
    return slice(p, 0, end);
  });
}

std::string_view basename(std::string_view p, std::string_view suffix) {
  if (suffix.empty()) {
    return withLastSegment(p, 0, [p](Segment last) { return slice(p, last.start, last.end); });
  }
  return withLastSegment(p, 0, [p, suffix](Segment last) {
    const size_t k = suffix.size();
    if (last.end - last.start > k && k <= kWindow) {
      // The usual case, a name longer than an ASCII suffix, decided with one window of each:
      // the suffix is then not longer than the path in UTF-16 units either (the path's window
      // alone has more units than it: ASCII bytes, as many as the suffix's or more).
      const Window suffixBytes = lastWindow(suffix.data(), suffix.data() + k);
      const Window nameBytes = lastWindow(p.data(), p.data() + last.end);
      if (((suffixBytes.lo | suffixBytes.hi | nameBytes.lo | nameBytes.hi) & kHighBits) == 0) {
        // The windows' last k bytes: all of hi and the top k - 8 bytes of lo, or the top k
        // bytes of hi.
        const uint64_t hiMask = k >= 8 ? ~uint64_t(0) : ~uint64_t(0) << (8 * (8 - k));
        const uint64_t loMask = k > 8 ? ~uint64_t(0) << (8 * (16 - k)) : 0;
        const bool endsWithSuffix = (((suffixBytes.hi ^ nameBytes.hi) & hiMask) |
                                     ((suffixBytes.lo ^ nameBytes.lo) & loMask)) == 0;
        return slice(p, last.start, endsWithSuffix ? last.end - k : last.end);
      }
    }
    return basenameWithSuffix(p, suffix, last);
  });
}

std::string_view extname(std::string_view p) {
  return withLastSegment(p, 0, [p](Segment last) {
    size_t dot = extensionStart(p, last.start, last.end, last.lastDot, last.start);
    if (dot == npos) {
      return std::string_view();
    }
    return slice(p, dot, last.end);
  });
}

ParsedPath parse(std::string_view p) {
  if (p.empty()) {
    return {};
  }
  const bool absolute = p.front() == '/';
  const size_t first = absolute ? 1 : 0;  // Node's scan stops before the root
  return withLastSegment(p, first, [p, absolute, first](Segment last) {
    ParsedPath ret;
    if (absolute) {
      ret.root = slice(p, 0, 1);
    }
    // Node's startPart: one past the '/' its scan found, else 0 (not `first`).
    const size_t startPart = last.start > first ? last.start : 0;
    if (last.end > first) {
      size_t dot = extensionStart(p, last.start, last.end, last.lastDot, startPart);
      ret.base = slice(p, last.start, last.end);
      if (dot == npos) {
        ret.name = ret.base;
      } else {
        ret.name = slice(p, last.start, dot);
        ret.ext = slice(p, dot, last.end);
      }
    }
    if (startPart > 0) {
      ret.dir = slice(p, 0, startPart - 1);
    } else if (absolute) {
      ret.dir = ret.root;
    }
    return ret;
  });
}

std::string format(const ParsedPath& pathObject) {
  std::string_view dir = pathObject.dir.empty() ? pathObject.root : pathObject.dir;
  std::string out;
  bool separator = !dir.empty() && dir != pathObject.root;
  size_t baseSize = pathObject.base.empty() ? pathObject.name.size() + pathObject.ext.size() + 1
                                            : pathObject.base.size();
  out.reserve(dir.size() + 1 + baseSize);
  out.append(dir);
  if (separator) {
    out.push_back('/');
  }
  if (!pathObject.base.empty()) {
    out.append(pathObject.base);
  } else {
    out.append(pathObject.name);
    if (!pathObject.ext.empty()) {
      if (pathObject.ext.front() != '.') {
        out.push_back('.');  // Node's formatExt
      }
      out.append(pathObject.ext);
    }
  }
  return out;
}

}  // namespace nodecc::path
