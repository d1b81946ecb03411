// path.normalize, join, resolve and relative: the functions that build a new path through
// Node's normalizeString. Node's algorithm walks the path a character at a time; this one walks
// it a segment at a time (memchr for the next '/'), which decides every case the same way: a
// segment of one dot is Node's `dots === 1`, two dots `dots === 2`, anything else a name.
#include <cstring>
#include <string>
#include <string_view>

#include "api/cwd_cache.h"
#include "nodecc/path.h"

namespace nodecc::path {

namespace {

// Node's normalizeString(path, allowAboveRoot, '/'): appends the normalized segments of `p` to
// `out`, whose bytes from `base` on play Node's `res`.
void normalizeInto(std::string& out, size_t base, std::string_view p, bool allowAboveRoot) {
  size_t lastSegmentLength = 0;
  const char* s = p.data();
  const size_t n = p.size();
  size_t start = 0;  // the segment being read starts here (Node's lastSlash + 1)
  while (start <= n) {
    const void* hit = start < n ? std::memchr(s + start, '/', n - start) : nullptr;
    size_t end = hit ? size_t(static_cast<const char*>(hit) - s) : n;
    size_t len = end - start;
    size_t resLen = out.size() - base;
    if (len == 0 || (len == 1 && s[start] == '.')) {
      // An empty segment (repeated or trailing slash) or ".": nothing.
    } else if (len == 2 && s[start] == '.' && s[start + 1] == '.') {
      bool endsWithDotDot =
          resLen >= 2 && lastSegmentLength == 2 && out.back() == '.' && out[out.size() - 2] == '.';
      if (!endsWithDotDot && resLen > 2) {
        size_t slash = out.rfind('/');
        if (slash == std::string::npos || slash < base) {
          out.resize(base);
          lastSegmentLength = 0;
        } else {
          out.resize(slash);
          size_t previous = out.rfind('/');
          bool inRes = previous != std::string::npos && previous >= base;
          lastSegmentLength = inRes ? out.size() - 1 - previous : out.size() - base;
        }
      } else if (!endsWithDotDot && resLen != 0) {
        out.resize(base);
        lastSegmentLength = 0;
      } else if (allowAboveRoot) {
        out.append(resLen > 0 ? "/.." : "..");
        lastSegmentLength = 2;
      }
    } else {
      if (resLen > 0) {
        out.push_back('/');
      }
      out.append(s + start, len);
      lastSegmentLength = len;
    }
    start = end + 1;
  }
}

}  // namespace

std::string normalize(std::string_view p) {
  if (p.empty()) {
    return ".";
  }
  const bool absolute = p.front() == '/';
  const bool trailingSeparator = p.back() == '/';
  std::string out;
  out.reserve(p.size() + 2);
  if (absolute) {
    out.push_back('/');
  }
  const size_t base = out.size();
  normalizeInto(out, base, p, !absolute);
  if (out.size() == base) {
    if (absolute) {
      return out;  // "/"
    }
    return trailingSeparator ? "./" : ".";
  }
  if (trailingSeparator) {
    out.push_back('/');
  }
  return out;
}

namespace detail {

std::string joinAll(std::span<const std::string_view> paths) {
  // Node joins the non-empty arguments with '/' and normalizes the whole.
  size_t total = 0;
  for (std::string_view p : paths) {
    total += p.size() + 1;
  }
  thread_local std::string joined;
  joined.clear();
  joined.reserve(total);
  for (std::string_view p : paths) {
    if (p.empty()) {
      continue;
    }
    if (!joined.empty()) {
      joined.push_back('/');
    }
    joined.append(p);
  }
  if (joined.empty()) {
    return ".";
  }
  return normalize(joined);
}

std::string resolveAll(std::span<const std::string_view> paths) {
  // Node builds `${paths[k]}/${paths[k + 1]}/.../` from the last absolute argument k on (or
  // from the working directory when none is), then normalizes it.
  size_t first = paths.size();
  bool absolute = false;
  while (first > 0 && !absolute) {
    --first;
    absolute = !paths[first].empty() && paths[first].front() == '/';
  }
  thread_local std::string joined;
  joined.clear();
  if (!absolute) {
    const std::string& cwd = api::currentWorkingDirectory();
    joined.append(cwd);
    joined.push_back('/');
    absolute = !cwd.empty() && cwd.front() == '/';
  }
  for (size_t i = first; i < paths.size(); ++i) {
    if (!paths[i].empty()) {
      joined.append(paths[i]);
      joined.push_back('/');
    }
  }
  std::string out;
  out.reserve(joined.size() + 1);
  if (absolute) {
    out.push_back('/');
  }
  const size_t base = out.size();
  normalizeInto(out, base, joined, !absolute);
  if (out.empty()) {
    return ".";
  }
  return out;
}

}  // namespace detail

std::string join(std::span<const std::string_view> paths) {
  return detail::joinAll(paths);
}

std::string join(const std::vector<std::string>& paths) {
  thread_local std::vector<std::string_view> views;
  views.assign(paths.begin(), paths.end());
  return join(std::span<const std::string_view>(views));
}

std::string resolve(std::span<const std::string_view> paths) {
  return detail::resolveAll(paths);
}

std::string resolve(const std::vector<std::string>& paths) {
  thread_local std::vector<std::string_view> views;
  views.assign(paths.begin(), paths.end());
  return detail::resolveAll(views);
}

std::string relative(std::string_view fromArg, std::string_view toArg) {
  if (fromArg == toArg) {
    return "";
  }
  const std::string from = resolve(fromArg);
  const std::string to = resolve(toArg);
  if (from == to) {
    return "";
  }
  // Both are absolute now: compare them after their leading '/' (Node's fromStart, toStart).
  const size_t fromEnd = from.size();
  const size_t fromLen = fromEnd - 1;
  const size_t toLen = to.size() - 1;
  const size_t length = fromLen < toLen ? fromLen : toLen;
  ptrdiff_t lastCommonSep = -1;
  size_t i = 0;
  for (; i < length; ++i) {
    char c = from[1 + i];
    if (c != to[1 + i]) {
      break;
    }
    if (c == '/') {
      lastCommonSep = ptrdiff_t(i);
    }
  }
  if (i == length) {
    if (toLen > length) {
      if (to[1 + i] == '/') {
        // `from` is the exact base path of `to`: from='/foo/bar', to='/foo/bar/baz'.
        return to.substr(1 + i + 1);
      }
      if (i == 0) {
        // `from` is the root: from='/', to='/foo'.
        return to.substr(1 + i);
      }
    } else if (fromLen > length) {
      if (from[1 + i] == '/') {
        // `to` is the exact base path of `from`: from='/foo/bar/baz', to='/foo/bar'.
        lastCommonSep = ptrdiff_t(i);
      } else if (i == 0) {
        // `to` is the root: from='/foo/bar', to='/'.
        lastCommonSep = 0;
      }
    }
  }
  std::string out;
  // One ".." per segment of `from` after the common part.
  for (size_t j = 1 + size_t(lastCommonSep + 1); j <= fromEnd; ++j) {
    if (j == fromEnd || from[j] == '/') {
      out.append(out.empty() ? ".." : "/..");
    }
  }
  out.append(std::string_view(to).substr(size_t(1 + lastCommonSep)));
  return out;
}

}  // namespace nodecc::path
