// path.dirname, basename, extname, parse and format: Node's scans from the end of the path,
// returning views into it. Where Node walks back a character at a time, lastSegmentInWindow()
// reads the path's last 16 bytes at once as masks of its '/' and '.' bytes (byte_masks.h) and
// finds the last segment, the '/' before it and its last '.' with a few bit operations; a
// segment longer than that takes one more window per 16 bytes (lastSegmentOfAnyPath). The
// decisions are Node's, case for case.
#include <algorithm>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

#include "api/path/byte_masks.h"
#include "api/path/normalizer.h"
#include "nodecc/path.h"

namespace nodecc::path {

namespace {

using detail::ByteMasks;
using detail::kWindow;
using detail::load32;
using detail::load64;
using detail::masksOfLast;
using detail::ResultBuffer;
using detail::topBit;

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

// The last segment of p[from, size) when p's last 16 bytes tell it: the usual path, with no
// trailing slash and the '/' before its last segment in its last 16 bytes (or no more than 16
// bytes). Nothing for any other, whose segment lastSegmentOfAnyPath finds.
inline std::optional<Segment> lastSegmentInWindow(std::string_view p, size_t from) {
  const size_t n = p.size();
  const ByteMasks m = masksOfLast(p.data() + from, p.data() + n);
  uint32_t slashes = m.slash;
  size_t end = n;
  if ((slashes & 0x8000u) != 0) {
    // Trailing slashes: the segment ends at the highest name bit, if the window has one (bits
    // below a short window read as names: they do not count).
    const uint32_t names = ~slashes & 0xFFFFu;
    if (names == 0 || topBit(names) + (n - from) < kWindow) {
      return std::nullopt;
    }
    end = n - kWindow + topBit(names) + 1;
    slashes &= (1u << topBit(names)) - 1;  // the window's bits above are the trailing slashes
  }
  // (n == from gives empty masks, and the segment {from, from}: none, as wanted.)
  if (slashes == 0 && n - from > kWindow) {
    return std::nullopt;
  }
  // No byte is both '/' and '.': the masks are disjoint, so the last dot follows the last
  // slash exactly when the dot mask is the greater number.
  const size_t window = n - kWindow;
  return Segment{slashes != 0 ? window + topBit(slashes) + 1 : from, end,
                 m.dot > slashes ? window + topBit(m.dot) : npos};
}

// decide(p, the last segment of p[from, size), args...) for a path whose last 16 bytes do not
// tell its last segment, in a call of its own that takes its arguments in registers: only the
// branch that makes it needs a stack frame (GCC places it there for dirname and extname;
// basename with a suffix and parse save one register on every call, for their many values).
template <auto decide, class... Args>
[[gnu::noinline]] auto decideAnyPath(std::string_view p, size_t from, Args... args) {
  return decide(p, lastSegmentOfAnyPath(p, from), args...);
}

// decide(p, the last segment of p[from, size), args...): one window for the usual path.
template <auto decide, class... Args>
inline auto decideLastSegment(std::string_view p, size_t from, Args... args) {
  const std::optional<Segment> last = lastSegmentInWindow(p, from);
  if (!last) [[unlikely]] {
    return decideAnyPath<decide>(p, from, args...);
  }
  return decide(p, *last, args...);
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

// Whether the suffix.size() bytes before `end` (all readable) are `suffix` (1-16 bytes): two
// loads of each that overlap in the middle, as byte_masks.h reads a short window.
[[gnu::always_inline]] inline bool endsWithShort(const char* end, std::string_view suffix) {
  const size_t k = suffix.size();
  const char* const p = end - k;
  const char* const s = suffix.data();
  if (k >= 8) {
    return ((load64(p) ^ load64(s)) | (load64(end - 8) ^ load64(s + k - 8))) == 0;
  }
  if (k >= 4) {
    return ((load32(p) ^ load32(s)) | (load32(end - 4) ^ load32(s + k - 4))) == 0;
  }
  return p[0] == s[0] && p[k / 2] == s[k / 2] && end[-1] == s[k - 1];
}

// basename(p, suffix) for any p and suffix, given p's last segment p[start, end) (its bounds
// apart: passed in registers, where a Segment would be copied to the stack first).
[[gnu::noinline]] std::string_view basenameWithSuffix(std::string_view p, std::string_view suffix,
                                                      size_t start, size_t end) {
  if (!notLongerInUtf16(suffix, p)) {
    return slice(p, start, end);
  }
  if (suffix == p) {
    return {};
  }
  // Node's suffix walk, decided segment-wise: it compares the last segment (trailing slashes
  // skipped) with the suffix from their ends.
  if (end == 0) {
    return p;  // only slashes: Node's walk ends with start 0 and end at the length
  }
  std::string_view segment = slice(p, start, end);
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
  return slice(p, start, p.size());
}

// The decisions of each function, given the last segment: Node's, case for case.

// Node looks at p[1..]: trailing slashes, then the last segment, then the '/' before it.
inline std::string_view dirnameOf(std::string_view p, Segment last) {
  const bool hasRoot = p.front() == '/';
  if (last.start == 1) {
    return hasRoot ? slice(p, 0, 1) : std::string_view(".");
  }
  const size_t end = last.start - 1;
  if (hasRoot && end == 1) {
    return slice(p, 0, 2);  // Node's "//": p[1] is the '/' found
  }
  return slice(p, 0, end);
}

inline std::string_view basenameOf(std::string_view p, Segment last) {
  return slice(p, last.start, last.end);
}

inline std::string_view basenameWithoutSuffixOf(std::string_view p, Segment last,
                                                std::string_view suffix) {
  if (last.end - last.start > suffix.size() && suffix.size() <= kWindow) {
    // The usual case, a name longer than a short suffix: it loses the suffix when it ends with
    // it. Node's test that the suffix is not longer than the path in UTF-16 units passes then
    // (the suffix's bytes are the path's), and when it does not end with it the name is the
    // answer either way. A longer suffix goes the general way: its memcmp call, made here,
    // gave every call three saved registers and four stores (callgrind: 85 -> 72
    // instructions a call without them).
    return endsWithShort(p.data() + last.end, suffix)
               ? slice(p, last.start, last.end - suffix.size())
               : slice(p, last.start, last.end);
  }
  return basenameWithSuffix(p, suffix, last.start, last.end);
}

inline std::string_view extnameOf(std::string_view p, Segment last) {
  const size_t dot = extensionStart(p, last.start, last.end, last.lastDot, last.start);
  if (dot == npos) {
    return {};
  }
  return slice(p, dot, last.end);
}

// `first` is 1 after a root '/', where Node's scan stops, else 0.
inline ParsedPath parseOf(std::string_view p, Segment last, size_t first) {
  const std::string_view root = slice(p, 0, first);
  // Node's startPart: one past the '/' its scan found, else 0 (not `first`).
  const size_t startPart = last.start > first ? last.start : 0;
  const std::string_view dir = startPart > 0 ? slice(p, 0, startPart - 1) : root;
  if (last.end == first) {
    return ParsedPath{root, dir, {}, {}, {}};  // no segment: "/" or "///"
  }
  const std::string_view base = slice(p, last.start, last.end);
  const size_t dot = extensionStart(p, last.start, last.end, last.lastDot, startPart);
  if (dot == npos) {
    return ParsedPath{root, dir, base, base, {}};
  }
  return ParsedPath{root, dir, base, slice(p, last.start, dot), slice(p, dot, last.end)};
}

// parse() from the last segment found however long the path is.
[[gnu::noinline]] ParsedPath parseAnyPath(std::string_view p, size_t first) {
  return parseOf(p, lastSegmentOfAnyPath(p, first), first);
}

// Copies `piece` to `to` and returns its end. A piece of up to 16 bytes (most names and many
// directories) is two loads and two stores that overlap in the middle, as endsWithShort reads:
// format() made a memcpy call for each, which cost more than the copy.
inline char* appendPiece(char* to, std::string_view piece) {
  const size_t k = piece.size();
  const char* const s = piece.data();
  if (k > 16) {
    std::memcpy(to, s, k);
  } else if (k >= 8) {
    const uint64_t head = load64(s);
    const uint64_t tail = load64(s + k - 8);
    std::memcpy(to, &head, 8);
    std::memcpy(to + k - 8, &tail, 8);
  } else if (k >= 4) {
    const uint32_t head = load32(s);
    const uint32_t tail = load32(s + k - 4);
    std::memcpy(to, &head, 4);
    std::memcpy(to + k - 4, &tail, 4);
  } else if (k > 0) {
    to[0] = s[0];
    to[k / 2] = s[k / 2];
    to[k - 1] = s[k - 1];
  }
  return to + k;
}

}  // namespace

std::string_view dirname(std::string_view p) {
  if (p.empty()) {
    return ".";
  }
  return decideLastSegment<dirnameOf>(p, 1);
}

std::string_view basename(std::string_view p, std::string_view suffix) {
  if (suffix.empty()) {
    return decideLastSegment<basenameOf>(p, 0);
  }
  return decideLastSegment<basenameWithoutSuffixOf>(p, 0, suffix);
}

std::string_view extname(std::string_view p) {
  return decideLastSegment<extnameOf>(p, 0);
}

ParsedPath parse(std::string_view p) {
  if (p.empty()) {
    return {};
  }
  const size_t first = p.front() == '/' ? 1 : 0;
  // The window is read from p's start, not from after its root as Node's scan is: the last
  // name and the '/' before it are the same either way (a root alone, or a root and slashes,
  // has no name in the window and goes to parseAnyPath), and the window's load then waits for
  // no load of p's first byte (one input repeated: "src/index.js" 9.1 -> 6.4 ns a call,
  // "/var/www/html/" 8.0 -> 7.1).
  const std::optional<Segment> last = lastSegmentInWindow(p, 0);
  // parseOf's rare cases, no name ("/") and a name that starts with a dot (".bashrc", ".."),
  // are decided in parseAnyPath's call: decided here, they kept enough values live to need a
  // stack frame on every call.
  if (!last || last->end == first || p[last->start] == '.') [[unlikely]] {
    return parseAnyPath(p, first);
  }
  const std::string_view root = slice(p, 0, first);
  const std::string_view dir = last->start > first ? slice(p, 0, last->start - 1) : root;
  const std::string_view base = slice(p, last->start, last->end);
  if (last->lastDot == npos) {
    return ParsedPath{root, dir, base, base, {}};
  }
  return ParsedPath{root, dir, base, slice(p, last->start, last->lastDot),
                    slice(p, last->lastDot, last->end)};
}

std::string format(const ParsedPath& pathObject) {
  // Node's `${dir}/${base}` (no '/' when dir is the root), base being name + ext when absent,
  // with a '.' before an ext that has none. Built on the stack, then copied once into a string
  // of its size: one allocation, none up to 15 bytes. (A string of the size, then written into,
  // would be filled with zeros first: C++20 has no resize_and_overwrite.)
  const std::string_view dir = pathObject.dir.empty() ? pathObject.root : pathObject.dir;
  const bool separator = !dir.empty() && dir != pathObject.root;
  std::string_view base = pathObject.base;
  std::string_view ext;
  bool dot = false;
  if (base.empty()) {
    base = pathObject.name;
    ext = pathObject.ext;
    dot = !ext.empty() && ext.front() != '.';  // Node's formatExt
  }
  const size_t size = dir.size() + (separator ? 1 : 0) + base.size() + (dot ? 1 : 0) + ext.size();
  ResultBuffer buffer(size);
  char* w = appendPiece(buffer.data(), dir);
  if (separator) {
    *w++ = '/';
  }
  w = appendPiece(w, base);
  if (dot) {
    *w++ = '.';
  }
  appendPiece(w, ext);
  return std::string(buffer.data(), size);
}

}  // namespace nodecc::path
