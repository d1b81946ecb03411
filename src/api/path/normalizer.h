#pragma once
// Node's normalizeString, which normalize, join, resolve and relative build their result with,
// and the buffer the result is built in.
//
// Node walks the path a character at a time and appends each segment to a string. Most segments
// are names, which it keeps as they are: here 16 bytes at a time are read as masks of their '/'
// and '.' bytes (byte_masks.h), and only a segment that starts with '/' (an empty one) or '.'
// stops the scan. Between two such segments the names are copied as one run, slashes and all.
// Each stop is decided as Node decides it: "" and "." vanish, ".." removes the last segment
// (Node's `dots === 2`), and a name that starts with a dot (".bashrc", "...") is a name.
#include <cstddef>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>

#include "api/path/byte_masks.h"

namespace nodecc::path::detail {

// Bytes a Normalizer may store past the end of its result: it copies 16 at a time.
inline constexpr size_t kSlack = kWindow;

// Where a result is built: on the stack when `bound` bytes (plus the slack) fit in
// kStackBytes, else on the heap. Results are copied into a std::string of their exact size,
// so that one short enough for the string's own buffer (15 bytes) allocates nothing.
class ResultBuffer {
 public:
  // Paths are rarely longer: PATH_MAX is 4096, most are below 200 bytes.
  static constexpr size_t kStackBytes = 1024;

  explicit ResultBuffer(size_t bound) {
    if (bound + kSlack > kStackBytes) {
      heap_ = std::make_unique_for_overwrite<char[]>(bound + kSlack);
      data_ = heap_.get();
    }
  }
  ResultBuffer(const ResultBuffer&) = delete;
  ResultBuffer& operator=(const ResultBuffer&) = delete;

  char* data() { return data_; }

 private:
  char stack_[kStackBytes];
  std::unique_ptr<char[]> heap_;
  char* data_ = stack_;
};

// Node's normalizeString(path, allowAboveRoot, '/') over the concatenation of the pieces fed to
// it (each piece a whole number of segments, as Node joins its arguments with '/'), written to
// a buffer that holds the bytes fed, one more per piece, and kSlack.
class Normalizer {
 public:
  // `res` is where Node's `res` starts; bytes before it (a leading '/') are the caller's.
  Normalizer(char* res, bool allowAboveRoot)
      : res_(res), w_(res), dotDotsEnd_(res), allowAboveRoot_(allowAboveRoot) {}

  void feed(std::string_view piece) {
    if (piece.size() < kWindow) {
      feedShort(piece);
    } else {
      feedLong(piece);
    }
  }

  // Whether normalizing p (not empty) gives p itself: no segment starts with '/' or '.' (so
  // none is "", "." or ".."; a name like ".bashrc" answers no, to be safe), the root of an
  // absolute path and the empty segment after a trailing slash aside, which normalize() keeps.
  static bool isNormal(std::string_view p) {
    const char* const end = p.data() + p.size();
    uint32_t afterSlash = p[0] == '/' ? 0 : 1;  // whether the block's first byte is a stop
    const char* block = p.data();
    for (; end - block >= ptrdiff_t(kWindow); block += kWindow) {
      const ByteMasks m = masksOfLast(block, block + kWindow);
      if (((m.slash << 1 | afterSlash) & (m.slash | m.dot)) != 0) {
        return false;
      }
      afterSlash = m.slash >> (kWindow - 1);
    }
    if (block == end) {
      return true;
    }
    const size_t n = size_t(end - block);
    const ByteMasks m = masksOfLast(p.data(), end);  // aligned on the end: shift to block
    const uint32_t slashes = m.slash >> (kWindow - n);
    return ((slashes << 1 | afterSlash) & (slashes | m.dot >> (kWindow - n))) == 0;
  }

  // One past the last byte of the result.
  char* end() const { return w_; }

 private:
  // A piece of up to 15 bytes, join()'s usual argument: one window holds all of it, its masks
  // and the bytes to copy.
  void feedShort(std::string_view piece) {
    if (piece.empty()) {
      return;
    }
    const char* const p = piece.data();
    const Window bytes = firstWindow(p, piece.size());
    const ByteMasks m = masksOf(bytes);
    const uint32_t stops = (m.slash << 1 | 1) & (m.slash | m.dot);
    const char* run = p;
    const char* const end = p + piece.size();
    auto copy = [this, bytes, p](const char* from, const char* to) {
      appendWindow(shiftedDown(bytes, size_t(from - p)), size_t(to - from));
    };
    if (stops != 0) {
      stopAt(p, stops, run, end, copy);
    }
    if (run < end) {
      copy(run, end[-1] == '/' ? end - 1 : end);  // a trailing '/' ends an empty segment
    }
  }

  // A piece of 16 bytes or more: 16 bytes at a time, then its last bytes.
  [[gnu::noinline]] void feedLong(std::string_view piece) {
    const char* const p = piece.data();
    const char* const end = p + piece.size();
    const char* run = p;      // where the names not yet copied start
    uint32_t afterSlash = 1;  // whether the block's first byte starts a segment
    auto copy = [this, end](const char* from, const char* to) { append(from, to, end); };
    const char* block = p;
    for (; end - block >= ptrdiff_t(kWindow); block += kWindow) {
      const ByteMasks m = masksOfLast(block, block + kWindow);
      const uint32_t stops = (m.slash << 1 | afterSlash) & (m.slash | m.dot);
      afterSlash = m.slash >> (kWindow - 1);
      if (stops != 0) {
        stopAt(block, stops, run, end, copy);
      }
    }
    if (block < end) {
      // The last bytes, in a window aligned on the piece's end: shifted to start at block.
      const size_t n = size_t(end - block);
      const ByteMasks m = masksOfLast(p, end);
      const uint32_t slashes = m.slash >> (kWindow - n);
      const uint32_t stops = (slashes << 1 | afterSlash) & (slashes | m.dot >> (kWindow - n));
      if (stops != 0) {
        stopAt(block, stops, run, end, copy);
      }
    }
    if (run < end) {
      copy(run, end[-1] == '/' ? end - 1 : end);  // a trailing '/' ends an empty segment
    }
  }

  // The segments that start at the bits of `stops` (bit k: block[k]), each beginning with '/'
  // (an empty one) or '.': "", "." and ".." end the run of names before them, which `copy`
  // appends, and start a new one after them.
  template <class Copy>
  void stopAt(const char* block, uint32_t stops, const char*& run, const char* end, Copy copy) {
    do {
      const char* segment = block + __builtin_ctz(stops);
      stops &= stops - 1;
      size_t length;
      if (*segment == '/') {
        length = 0;
      } else if (segment + 1 == end || segment[1] == '/') {
        length = 1;
      } else if (segment[1] == '.' && (segment + 2 == end || segment[2] == '/')) {
        length = 2;
      } else {
        continue;  // a name that starts with a dot
      }
      // The names before it end with the '/' before it (a '/' starting the run would have
      // been an empty segment, stopped at already: the run is not empty).
      if (segment > run) {
        copy(run, segment - 1);
      }
      if (length == 2) {
        dotDot();
      }
      run = segment + length < end ? segment + length + 1 : end;
    } while (stops != 0);
  }

  // The window's bytes from byte k on, as the first ones.
  static Window shiftedDown(Window w, size_t k) {
    if (k == 0) {
      return w;
    }
    if (k < 8) {
      return {w.lo >> (8 * k) | w.hi << (64 - 8 * k), w.hi >> (8 * k)};
    }
    return {w.hi >> (8 * (k - 8)), 0};
  }

  // Appends the first n bytes of `bytes` (with the '/' before them when `res` is not empty):
  // its 16 bytes are stored, those past n into the slack.
  void appendWindow(Window bytes, size_t n) {
    if (w_ != res_) {
      *w_++ = '/';
    }
    std::memcpy(w_, &bytes.lo, 8);
    std::memcpy(w_ + 8, &bytes.hi, 8);
    w_ += n;
  }

  // Appends names [from, to) of a piece of 16 bytes or more that ends at pieceEnd (with the
  // '/' before them when `res` is not empty), 16 bytes at a time: loads stay within the piece,
  // stores may reach kSlack past the result. The last bytes of the piece come from its last 16,
  // shifted into place.
  void append(const char* from, const char* to, const char* pieceEnd) {
    if (w_ != res_) {
      *w_++ = '/';
    }
    char* d = w_;
    const char* s = from;
    for (; s < to && pieceEnd - s >= ptrdiff_t(kWindow); s += kWindow, d += kWindow) {
      std::memcpy(d, s, kWindow);
    }
    if (s < to) {
      const char* last = pieceEnd - kWindow;
      const Window w = shiftedDown({load64(last), load64(last + 8)}, size_t(s - last));
      std::memcpy(d, &w.lo, 8);
      std::memcpy(d + 8, &w.hi, 8);
    }
    w_ += to - from;
  }

  // A ".." segment: Node drops the last segment of `res`, unless `res` is empty or ends with a
  // ".." of its own (which only a relative path can reach), where it appends ".." when
  // allowAboveRoot. Node's test for that (lastSegmentLength 2, res ending with "..") holds
  // exactly when `res` is all ".." segments: they come first (one is appended only to an
  // empty or all-".." res), and no name is "..". So `res` ends with one when it ends where its
  // ".." segments do.
  void dotDot() {
    if (w_ != dotDotsEnd_) {
      // (A `res` of one or two bytes has no '/': its segments are not empty.)
      w_ = lastSlash();
      return;
    }
    if (allowAboveRoot_) {
      if (w_ != res_) {
        *w_++ = '/';
      }
      *w_++ = '.';
      *w_++ = '.';
      dotDotsEnd_ = w_;
    }
  }

  // The last '/' in `res`, or res_ when it has none. A byte at a time: a segment is a few
  // bytes, and those bytes were just stored 16 at a time. A 16-byte load of the result's last
  // bytes straddles those stores, which cannot forward their data to it (the likely cause of
  // what was measured; this machine has no performance counters): normalize("../../x/y/../z")
  // 33.5 -> 26.5 ns a call, the bench's mix 27 -> 24 ns, for 6 fewer instructions.
  char* lastSlash() const {
    char* to = w_;
    while (to > res_ && to[-1] != '/') {
      --to;
    }
    return to > res_ ? to - 1 : res_;
  }

  char* const res_;
  char* w_;
  char* dotDotsEnd_;  // where the ".." segments that start `res` end
  const bool allowAboveRoot_;
};

}  // namespace nodecc::path::detail
