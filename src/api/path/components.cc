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
// sees none: no dot, a dot that only starts the name (".bashrc", "..x" has one: Node's
// preDotState), or the segment is "..". Node's test for ".." compares the dot with the
// segment's start as its scan found it (partStart), which parse() does not adjust for the
// root: so parse("/..") has the extension "." where extname("/..") has none.
size_t extensionStart(std::string_view p, size_t start, size_t end, size_t partStart) {
  size_t startDot = std::string_view::npos;
  int preDotState = 0;  // Node's: 0 nothing before the dot, 1 only dots, -1 something else
  for (size_t i = end; i > start; --i) {
    char c = p[i - 1];
    if (c == '.') {
      if (startDot == std::string_view::npos) {
        startDot = i - 1;
      } else if (preDotState != 1) {
        preDotState = 1;
      }
    } else if (startDot != std::string_view::npos) {
      preDotState = -1;
    }
  }
  if (startDot == std::string_view::npos || preDotState == 0 ||
      (preDotState == 1 && startDot == end - 1 && startDot == partStart + 1)) {
    return std::string_view::npos;
  }
  return startDot;
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
  // Node's suffix walk, kept as it is: it strips `suffix` only when it ends the last segment,
  // and when the suffix is the whole segment returns the segment unchanged.
  size_t start = 0;
  ptrdiff_t end = -1;
  bool matchedSlash = true;
  ptrdiff_t extIdx = ptrdiff_t(suffix.size()) - 1;
  ptrdiff_t firstNonSlashEnd = -1;
  for (ptrdiff_t i = ptrdiff_t(p.size()) - 1; i >= 0; --i) {
    char code = p[size_t(i)];
    if (code == '/') {
      if (!matchedSlash) {
        start = size_t(i) + 1;
        break;
      }
      continue;
    }
    if (firstNonSlashEnd == -1) {
      matchedSlash = false;
      firstNonSlashEnd = i + 1;
    }
    if (extIdx >= 0) {
      if (code == suffix[size_t(extIdx)]) {
        if (--extIdx == -1) {
          end = i;
        }
      } else {
        extIdx = -1;
        end = firstNonSlashEnd;
      }
    }
  }
  if (ptrdiff_t(start) == end) {
    end = firstNonSlashEnd;
  } else if (end == -1) {
    end = ptrdiff_t(p.size());
  }
  if (end < ptrdiff_t(start)) {
    return {};  // JS's slice(start, end) with end before start: ""
  }
  return p.substr(start, size_t(end) - start);
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
