// path.dirname, basename, extname, parse and format: Node's scans from the end of the path,
// returning views into it. Where Node walks back a character at a time to the previous '/',
// this uses memrchr; the decisions are Node's, case for case.
#include <cstring>
#include <string>
#include <string_view>

#include "nodecc/path.h"

namespace nodecc::path {

namespace {

// The index of the last '/' in p[from, to), or npos.
size_t lastSlashIn(std::string_view p, size_t from, size_t to) {
  if (to <= from) {
    return std::string_view::npos;
  }
  const void* hit = ::memrchr(p.data() + from, '/', to - from);
  return hit ? size_t(static_cast<const char*>(hit) - p.data()) : std::string_view::npos;
}

// One past the last character of p[from, ...) that is not '/', or `from` when there is none:
// where the last segment ends, trailing slashes left out.
size_t endOfLastSegment(std::string_view p, size_t from) {
  size_t end = p.size();
  while (end > from && p[end - 1] == '/') {
    --end;
  }
  return end;
}

// Where the extension of the segment p[start, end) begins (its last dot), or npos when Node
// sees none. Node walks back from the end keeping a state that each character before the last
// dot overwrites (a dot sets "only dots", anything else "something else"), so the state it ends
// with is that of the segment's first character: no extension when the last dot is the first
// character (".bashrc"), nor for "..". Node's test for ".." compares the dot with the segment's
// start as its scan found it (partStart), which parse() does not adjust for the root: so
// parse("/..") has the extension "." where extname("/..") has none.
size_t extensionStart(std::string_view p, size_t start, size_t end, size_t partStart) {
  const void* hit = ::memrchr(p.data() + start, '.', end - start);
  if (hit == nullptr) {
    return std::string_view::npos;
  }
  size_t dot = size_t(static_cast<const char*>(hit) - p.data());
  if (dot == start) {
    return std::string_view::npos;
  }
  bool onlyDotsBefore = p[start] == '.';
  if (onlyDotsBefore && dot == end - 1 && dot == partStart + 1) {
    return std::string_view::npos;
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

}  // namespace

std::string_view dirname(std::string_view p) {
  if (p.empty()) {
    return ".";
  }
  const bool hasRoot = p.front() == '/';
  // Node looks at p[1..]: trailing slashes, then the last segment, then the '/' before it.
  size_t segmentEnd = endOfLastSegment(p, 1);
  size_t end = lastSlashIn(p, 1, segmentEnd);
  if (end == std::string_view::npos) {
    return hasRoot ? p.substr(0, 1) : std::string_view(".");
  }
  if (hasRoot && end == 1) {
    return p.substr(0, 2);  // Node's "//": p[1] is the '/' found
  }
  return p.substr(0, end);
}

std::string_view basename(std::string_view p, std::string_view suffix) {
  if (suffix.empty() || !notLongerInUtf16(suffix, p)) {
    size_t end = endOfLastSegment(p, 0);
    if (end == 0) {
      return {};
    }
    size_t slash = lastSlashIn(p, 0, end);
    size_t start = slash == std::string_view::npos ? 0 : slash + 1;
    return p.substr(start, end - start);
  }
  if (suffix == p) {
    return {};
  }
  // Node's suffix walk, decided segment-wise: it compares the last segment (trailing slashes
  // skipped) with the suffix from their ends.
  size_t end = endOfLastSegment(p, 0);
  if (end == 0) {
    return p;  // only slashes: Node's walk ends with start 0 and end at the length
  }
  size_t slash = lastSlashIn(p, 0, end);
  size_t start = slash == std::string_view::npos ? 0 : slash + 1;
  std::string_view segment = p.substr(start, end - start);
  if (segment.size() > suffix.size()) {
    if (segment.ends_with(suffix)) {
      return segment.substr(0, segment.size() - suffix.size());
    }
    return segment;
  }
  if (segment.size() == suffix.size() || !suffix.ends_with(segment)) {
    return segment;  // the suffix is the whole name (kept), or it does not match
  }
  // The segment ran out before the suffix did without a mismatch: Node's end stays unset and
  // becomes the path's length, trailing slashes included.
  return p.substr(start);
}

std::string_view extname(std::string_view p) {
  size_t end = endOfLastSegment(p, 0);
  if (end == 0) {
    return {};
  }
  size_t slash = lastSlashIn(p, 0, end);
  size_t start = slash == std::string_view::npos ? 0 : slash + 1;
  size_t dot = extensionStart(p, start, end, start);
  if (dot == std::string_view::npos) {
    return {};
  }
  return p.substr(dot, end - dot);
}

ParsedPath parse(std::string_view p) {
  ParsedPath ret;
  if (p.empty()) {
    return ret;
  }
  const bool absolute = p.front() == '/';
  const size_t first = absolute ? 1 : 0;  // Node's scan stops before the root
  if (absolute) {
    ret.root = p.substr(0, 1);
  }
  size_t end = endOfLastSegment(p, first);
  size_t startPart = 0;
  if (end > first) {
    size_t slash = lastSlashIn(p, first, end);
    startPart = slash == std::string_view::npos ? 0 : slash + 1;
    size_t start = startPart == 0 && absolute ? 1 : startPart;
    size_t dot = extensionStart(p, start, end, startPart);
    ret.base = p.substr(start, end - start);
    if (dot == std::string_view::npos) {
      ret.name = ret.base;
    } else {
      ret.name = p.substr(start, dot - start);
      ret.ext = p.substr(dot, end - dot);
    }
  }
  if (startPart > 0) {
    ret.dir = p.substr(0, startPart - 1);
  } else if (absolute) {
    ret.dir = ret.root;
  }
  return ret;
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
