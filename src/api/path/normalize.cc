// path.normalize, join, resolve and relative: the functions that build a new path through
// Node's normalizeString. Node walks the path a character at a time and concatenates strings;
// this walks it once, copying each segment to the output as it looks for the '/' that ends it,
// and takes the copy back when the segment is "", "." or "..". Every case is decided as Node
// decides it: a segment of one dot is Node's `dots === 1`, two dots `dots === 2`, anything else
// a name. join() and resolve() feed their arguments one by one instead of concatenating them
// first: a segment never spans two arguments, since Node joins them with '/'.
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "api/cwd_cache.h"
#include "nodecc/path.h"

namespace nodecc::path {

namespace {

// Node's normalizeString(path, allowAboveRoot, '/') over the concatenation of the pieces fed
// to it, written into a buffer the caller sized: never more than the bytes fed plus one per
// piece (the separators Node would have joined them with).
class Normalizer {
 public:
  // `res` is where Node's `res` starts; bytes before it (a leading '/') are kept.
  Normalizer(char* res, bool allowAboveRoot)
      : res_(res), w_(res), allowAboveRoot_(allowAboveRoot) {}

  void feed(std::string_view piece) {
    // Locals, not members, in the loop: stores through a char* may alias any member, which
    // would make the compiler reload and store w_ at every byte.
    const char* r = piece.data();
    const char* const end = r + piece.size();
    char* w = w_;
    char* const res = res_;
    for (;;) {
      char* mark = w;
      if (w != res) {
        *w++ = '/';
      }
      char* segment = w;
      copySegment(r, end, w);
      size_t len = size_t(w - segment);
      if (len == 0 || (len == 1 && segment[0] == '.')) {
        w = mark;  // an empty segment (repeated or trailing slash) or ".": nothing
      } else if (len == 2 && segment[0] == '.' && segment[1] == '.') {
        w_ = mark;
        dotDot();
        w = w_;
      } else {
        lastSegmentLength_ = len;
      }
      if (r >= end) {
        break;
      }
      ++r;  // past the '/'
    }
    w_ = w;
  }

  // Bytes the output buffer needs past the end of the result: copySegment stores 8 at a time.
  static constexpr size_t kSlack = 8;

  // One past the last byte written.
  char* end() const { return w_; }

 private:
  void dotDot() {
    size_t resLen = size_t(w_ - res_);
    bool endsWithDotDot = resLen >= 2 && lastSegmentLength_ == 2 && w_[-1] == '.' && w_[-2] == '.';
    if (!endsWithDotDot && resLen > 2) {
      // Drop the last segment and the '/' before it.
      char* slash = lastSlash(res_, w_);
      if (slash == nullptr) {
        w_ = res_;
        lastSegmentLength_ = 0;
      } else {
        w_ = slash;
        char* previous = lastSlash(res_, w_);
        lastSegmentLength_ = size_t(w_ - (previous ? previous + 1 : res_));
      }
    } else if (!endsWithDotDot && resLen != 0) {
      w_ = res_;
      lastSegmentLength_ = 0;
    } else if (allowAboveRoot_) {
      if (resLen > 0) {
        *w_++ = '/';
      }
      *w_++ = '.';
      *w_++ = '.';
      lastSegmentLength_ = 2;
    }
  }

  // Copies bytes from r to w until a '/' or `end`, leaving r on the '/' (or at end). Eight
  // bytes at a time while eight remain in the input: a segment is a few bytes long, too short
  // for memchr's call to pay, and the byte loop costs several instructions a byte. The word may
  // copy bytes past the '/' into the output's slack; w only advances over the segment.
  static void copySegment(const char*& r, const char* end, char*& w) {
    constexpr uint64_t kOnes = 0x0101010101010101u;
    constexpr uint64_t kHighs = 0x8080808080808080u;
    constexpr uint64_t kSlashes = kOnes * '/';
    while (end - r >= 8) {
      uint64_t word;
      std::memcpy(&word, r, 8);
      std::memcpy(w, &word, 8);
      uint64_t x = word ^ kSlashes;  // a zero byte where a '/' is
      // The lowest byte flagged here is the first '/': flags above a true zero byte can be
      // false, below it never are (little-endian: the lowest byte is the first).
      uint64_t found = (x - kOnes) & ~x & kHighs;
      if (found != 0) {
        size_t k = size_t(__builtin_ctzll(found)) / 8;
        r += k;
        w += k;
        return;
      }
      r += 8;
      w += 8;
    }
    while (r < end && *r != '/') {
      *w++ = *r++;
    }
  }

  static char* lastSlash(char* from, char* to) {
    return static_cast<char*>(::memrchr(from, '/', size_t(to - from)));
  }

  char* const res_;
  char* w_;
  size_t lastSegmentLength_ = 0;
  const bool allowAboveRoot_;
};

// Normalizes the concatenation of `pieces` (each followed by a '/' when `separated`) as
// normalize() does: a leading '/' kept when `absolute`, "." for an empty relative result.
template <class Pieces>
std::string normalizePieces(const Pieces& pieces, size_t bytes, bool absolute) {
  std::string out;
  out.resize(bytes + 2 + Normalizer::kSlack);
  char* start = out.data();
  if (absolute) {
    *start++ = '/';
  }
  Normalizer n(start, !absolute);
  for (std::string_view piece : pieces) {
    n.feed(piece);
  }
  out.resize(size_t(n.end() - out.data()));
  return out;
}

}  // namespace

std::string normalize(std::string_view p) {
  if (p.empty()) {
    return ".";
  }
  const bool absolute = p.front() == '/';
  const bool trailingSeparator = p.back() == '/';
  std::string out = normalizePieces(std::span<const std::string_view>(&p, 1), p.size(), absolute);
  if (out.size() == (absolute ? 1u : 0u)) {
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
  // Node joins the non-empty arguments with '/' and normalizes the whole: the first byte of
  // the first non-empty one and the last byte of the last one are the whole's.
  size_t bytes = 0;
  std::string_view first;
  std::string_view last;
  for (std::string_view p : paths) {
    if (!p.empty()) {
      bytes += p.size() + 1;
      if (first.empty()) {
        first = p;
      }
      last = p;
    }
  }
  if (bytes == 0) {
    return ".";
  }
  const bool absolute = first.front() == '/';
  std::string out = normalizePieces(paths, bytes, absolute);
  if (out.size() == (absolute ? 1u : 0u)) {
    if (absolute) {
      return out;
    }
    return last.back() == '/' ? "./" : ".";
  }
  if (last.back() == '/') {
    out.push_back('/');
  }
  return out;
}

std::string resolveAll(std::span<const std::string_view> paths) {
  // Node builds `${paths[k]}/${paths[k + 1]}/.../` from the last absolute argument k on (or
  // from the working directory when none is), then normalizes it.
  size_t first = paths.size();
  bool absolute = false;
  size_t bytes = 0;
  while (first > 0 && !absolute) {
    --first;
    bytes += paths[first].size() + 1;
    absolute = !paths[first].empty() && paths[first].front() == '/';
  }
  std::string_view cwd;
  if (!absolute) {
    cwd = nodecc::detail::currentWorkingDirectory();
    bytes += cwd.size() + 1;
    absolute = !cwd.empty() && cwd.front() == '/';
  }
  std::string out;
  out.resize(bytes + 2 + Normalizer::kSlack);
  char* start = out.data();
  if (absolute) {
    *start++ = '/';
  }
  Normalizer n(start, !absolute);
  if (!cwd.empty()) {
    n.feed(cwd);
  }
  for (size_t i = first; i < paths.size(); ++i) {
    n.feed(paths[i]);
  }
  out.resize(size_t(n.end() - out.data()));
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
