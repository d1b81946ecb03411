// path.normalize, join, resolve and relative: Node's normalizeString (normalizer.h) over the
// path, the joined arguments or the resolved ones. join() and resolve() feed their arguments one by
// one instead of concatenating them first: a segment never spans two arguments, since Node joins
// them with '/'.
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "api/cwd_cache.h"
#include "api/path/normalizer.h"
#include "nodecc/path.h"

namespace nodecc::path {

namespace {

using detail::Normalizer;
using detail::ResultBuffer;

// Node's normalize() around normalizeString over `pieces` (`bytes` long in all, separators
// included): a leading '/' when `absolute`, one trailing '/' when `trailingSeparator`, "." or
// "./" for an empty relative result.
template <class Pieces>
std::string normalizePieces(const Pieces& pieces, size_t bytes, bool absolute,
                            bool trailingSeparator) {
  ResultBuffer buffer(bytes + 2);
  char* const start = buffer.data();
  char* res = start;
  if (absolute) {
    *res++ = '/';
  }
  Normalizer n(res, !absolute);
  for (std::string_view piece : pieces) {
    n.feed(piece);
  }
  char* end = n.end();
  if (end == res) {
    if (absolute) {
      return "/";
    }
    return trailingSeparator ? "./" : ".";
  }
  if (trailingSeparator) {
    *end++ = '/';
  }
  return std::string(start, end);
}

}  // namespace

std::string normalize(std::string_view p) {
  if (p.empty()) {
    return ".";
  }
  if (Normalizer::isNormal(p)) {
    return std::string(p);  // most paths: copied once, not built then copied
  }
  return normalizePieces(std::span<const std::string_view>(&p, 1), p.size(), p.front() == '/',
                         p.back() == '/');
}

namespace detail {

std::string joinAll(std::span<const std::string_view> paths) {
  // Node joins the non-empty arguments with '/' and normalizes the whole: the first byte of
  // the first non-empty one and the last byte of the last one are the whole's.
  size_t bytes = 0;
  for (std::string_view p : paths) {
    bytes += p.size();
  }
  if (bytes == 0) {
    return ".";
  }
  const std::string_view* first = paths.data();
  while (first->empty()) {
    ++first;
  }
  const std::string_view* last = paths.data() + paths.size() - 1;
  while (last->empty()) {
    --last;
  }
  return normalizePieces(paths, bytes + paths.size(), first->front() == '/', last->back() == '/');
}

}  // namespace detail

namespace {

// What resolve() reads of its arguments: Node builds `${paths[k]}/.../` from the last absolute
// argument k on, or from the working directory when none is, then normalizes it.
struct Resolution {
  size_t first;          // k, or 0 with the working directory before it
  std::string_view cwd;  // empty when an argument is absolute
  size_t bytes;          // bytes fed, a separator after each piece included
  bool absolute;         // whether the first piece (argument k or cwd) is absolute
};

Resolution resolution(std::span<const std::string_view> paths) {
  Resolution r{paths.size(), {}, 0, false};
  while (r.first > 0 && !r.absolute) {
    --r.first;
    r.bytes += paths[r.first].size() + 1;
    r.absolute = !paths[r.first].empty() && paths[r.first].front() == '/';
  }
  if (!r.absolute) {
    r.cwd = nodecc::detail::currentWorkingDirectory();
    r.bytes += r.cwd.size() + 1;
    r.absolute = !r.cwd.empty() && r.cwd.front() == '/';
  }
  return r;
}

// Node's resolve() into `buffer` (ResultBuffer(r.bytes + 2)): "/"-rooted, or relative (or
// ".") when the working directory is not absolute.
std::string_view resolveInto(ResultBuffer& buffer, std::span<const std::string_view> paths,
                             const Resolution& r) {
  char* const start = buffer.data();
  char* res = start;
  if (r.absolute) {
    *res++ = '/';
  }
  Normalizer n(res, !r.absolute);
  if (!r.cwd.empty()) {
    n.feed(r.cwd);
  }
  for (size_t i = r.first; i < paths.size(); ++i) {
    n.feed(paths[i]);
  }
  if (n.end() == start) {
    return ".";
  }
  return {start, size_t(n.end() - start)};
}

}  // namespace

namespace detail {

std::string resolveAll(std::span<const std::string_view> paths) {
  const Resolution r = resolution(paths);
  ResultBuffer buffer(r.bytes + 2);
  return std::string(resolveInto(buffer, paths, r));
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
  // Both resolved on the stack: only the result is allocated.
  const std::span<const std::string_view> fromArgs(&fromArg, 1);
  const std::span<const std::string_view> toArgs(&toArg, 1);
  const Resolution fromResolution = resolution(fromArgs);
  const Resolution toResolution = resolution(toArgs);
  ResultBuffer fromBuffer(fromResolution.bytes + 2);
  ResultBuffer toBuffer(toResolution.bytes + 2);
  const std::string_view from = resolveInto(fromBuffer, fromArgs, fromResolution);
  const std::string_view to = resolveInto(toBuffer, toArgs, toResolution);
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
        return std::string(to.substr(1 + i + 1));
      }
      if (i == 0) {
        // `from` is the root: from='/', to='/foo'.
        return std::string(to.substr(1 + i));
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
  // One ".." per segment of `from` after the common part, then the rest of `to`, built in
  // place and copied once into a string of its size. A segment is a byte and a '/' at least,
  // its ".." three bytes with the '/' before it: 2 * fromEnd + 2 bytes hold them all.
  ResultBuffer out(2 * fromEnd + 2 + to.size());
  char* w = out.data();
  for (size_t j = 1 + size_t(lastCommonSep + 1); j <= fromEnd; ++j) {
    if (j == fromEnd || from[j] == '/') {
      if (w != out.data()) {
        *w++ = '/';
      }
      *w++ = '.';
      *w++ = '.';
    }
  }
  const std::string_view rest = to.substr(size_t(1 + lastCommonSep));
  std::memcpy(w, rest.data(), rest.size());
  w += rest.size();
  return std::string(out.data(), w);
}

}  // namespace nodecc::path
