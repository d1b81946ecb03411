// path's 16-byte windows (src/api/path/byte_masks.h): the masks they give, and that neither they
// nor the functions built on them read a byte outside the path. Each path is placed against an
// unreadable page, ending at it and starting right after one: a read past either end crashes.
#include "api/path/byte_masks.h"

#include <gtest/gtest.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

#include "nodecc/path.h"

namespace path = nodecc::path;
namespace detail = nodecc::path::detail;

namespace {

// One readable page between two PROT_NONE pages.
class GuardedPage {
 public:
  GuardedPage() {
    page_ = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    void* m = mmap(nullptr, 3 * page_, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED) {
      std::abort();
    }
    base_ = static_cast<char*>(m);
    if (mprotect(base_ + page_, page_, PROT_READ | PROT_WRITE) != 0) {
      std::abort();
    }
  }
  ~GuardedPage() { munmap(base_, 3 * page_); }
  GuardedPage(const GuardedPage&) = delete;
  GuardedPage& operator=(const GuardedPage&) = delete;

  // A copy of `bytes` that ends where the second guard page starts.
  std::string_view atEnd(std::string_view bytes) {
    return place(base_ + 2 * page_ - bytes.size(), bytes);
  }
  // A copy of `bytes` that starts where the first guard page ends.
  std::string_view atStart(std::string_view bytes) { return place(base_ + page_, bytes); }

 private:
  static std::string_view place(char* at, std::string_view bytes) {
    std::memcpy(at, bytes.data(), bytes.size());
    return {at, bytes.size()};
  }

  size_t page_ = 0;
  char* base_ = nullptr;
};

// Paths of every length up to 40 bytes (past two windows), cut from patterns dense in what the
// scans look for: slashes, dots, "..", names, a multi-byte character.
std::string pathOf(size_t length, size_t pattern) {
  static const char* const kPatterns[] = {"/a/b/../c/./d//e/f.txt/",
                                          "../x.y/.bashrc/..//..",
                                          "name.with.dots.tar.gz",
                                          "///",
                                          "/usr/local/lib/node_modules/\xC3\xA9t\xC3\xA9/index.js",
                                          "..."};
  std::string p;
  while (p.size() < length) {
    p += kPatterns[pattern];
  }
  p.resize(length);
  return p;
}

constexpr size_t kPatternCount = 6;
constexpr size_t kMaxLength = 40;

}  // namespace

TEST(PathByteMasks, LastWindowMarksEachSlashAndDotOfItsLastSixteenBytes) {
  GuardedPage page;
  for (size_t pattern = 0; pattern < kPatternCount; ++pattern) {
    for (size_t n = 0; n <= kMaxLength; ++n) {
      const std::string p = pathOf(n, pattern);
      uint32_t slash = 0;
      uint32_t dot = 0;
      for (size_t k = 0; k < 16 && k < n; ++k) {  // bit 15 - k is p[n - 1 - k]
        slash |= uint32_t(p[n - 1 - k] == '/') << (15 - k);
        dot |= uint32_t(p[n - 1 - k] == '.') << (15 - k);
      }
      for (std::string_view v : {page.atEnd(p), page.atStart(p)}) {
        const detail::ByteMasks m = detail::masksOfLast(v.data(), v.data() + v.size());
        EXPECT_EQ(m.slash, slash) << "\"" << p << "\"";
        EXPECT_EQ(m.dot, dot) << "\"" << p << "\"";
      }
    }
  }
}

TEST(PathByteMasks, FirstWindowHoldsTheBytesOfAShortPiece) {
  GuardedPage page;
  for (size_t pattern = 0; pattern < kPatternCount; ++pattern) {
    for (size_t n = 0; n < 16; ++n) {
      const std::string p = pathOf(n, pattern);
      for (std::string_view v : {page.atEnd(p), page.atStart(p)}) {
        const detail::Window w = detail::firstWindow(v.data(), v.size());
        char bytes[16];
        std::memcpy(bytes, &w.lo, 8);
        std::memcpy(bytes + 8, &w.hi, 8);
        EXPECT_EQ(std::string_view(bytes, n), p);
        EXPECT_EQ(std::string(bytes + n, 16 - n), std::string(16 - n, '\0'));
      }
    }
  }
}

TEST(PathByteMasks, EveryFunctionReadsOnlyThePath) {
  GuardedPage page;
  GuardedPage other;
  for (size_t pattern = 0; pattern < kPatternCount; ++pattern) {
    for (size_t n = 0; n <= kMaxLength; ++n) {
      const std::string p = pathOf(n, pattern);
      const std::string q = pathOf(kMaxLength - n, (pattern + 1) % kPatternCount);
      const std::string suffix = p.substr(p.size() - p.size() / 3);
      for (int where = 0; where < 2; ++where) {
        const std::string_view v = where == 0 ? page.atEnd(p) : page.atStart(p);
        const std::string_view w = where == 0 ? other.atStart(q) : other.atEnd(q);
        const std::string_view s = where == 0 ? other.atEnd(suffix) : other.atStart(suffix);
        // The same calls over ordinary strings give the same results.
        EXPECT_EQ(path::normalize(v), path::normalize(p)) << "\"" << p << "\"";
        EXPECT_EQ(path::join(v, w), path::join(p, q));
        EXPECT_EQ(path::resolve(w, v), path::resolve(q, p));
        EXPECT_EQ(path::relative(v, w), path::relative(p, q));
        EXPECT_EQ(path::dirname(v), path::dirname(p));
        EXPECT_EQ(path::basename(v), path::basename(p));
        EXPECT_EQ(path::basename(v, s), path::basename(p, suffix));
        EXPECT_EQ(path::extname(v), path::extname(p));
        EXPECT_EQ(path::parse(v), path::parse(std::string_view(p)));
        EXPECT_EQ(path::format({.dir = v, .base = w}), path::format({.dir = p, .base = q}));
      }
    }
  }
}
