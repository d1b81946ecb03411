// The SIMD scans and their scalar twin must agree on every input: random bytes, runs of class
// members with one outsider at each position, every length and alignment, and inputs that end
// against a guard page.
#include "http/scan.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "unit/http/guard_page.h"

namespace nodecc::http::core {
namespace {

struct NamedClass {
  const char* name;
  const ByteClass* cls;
};
const NamedClass kClasses[] = {
    {"token", &kTokenChars},
    {"target", &kTargetChars},
    {"fieldValue", &kFieldValueChars},
};

constexpr size_t kMaxLength = 160;  // past two AVX2 steps plus tails
constexpr size_t kAlignments = 64;

std::vector<uint8_t> membersOf(const ByteClass& cls, bool in) {
  std::vector<uint8_t> out;
  for (int b = 0; b < 256; ++b) {
    if (cls.member[b] == in) {
      out.push_back(static_cast<uint8_t>(b));
    }
  }
  return out;
}

// Checks every available implementation against the scalar twin on p[0..n).
void expectAllAgree(const NamedClass& c, const char* p, size_t n) {
  const size_t want = scanScalar(*c.cls, p, n);
  ASSERT_LE(want, n);
  if (supportedScanLevel() >= ScanLevel::kSse42) {
    ASSERT_EQ(scanSse42(*c.cls, p, n), want) << c.name << " n=" << n;
  }
  if (supportedScanLevel() >= ScanLevel::kAvx2) {
    ASSERT_EQ(scanAvx2(*c.cls, p, n), want) << c.name << " n=" << n;
  }
  ASSERT_EQ(scan(*c.cls, p, n), want);
}

TEST(Scan, ClassesMatchTheirRfcDefinitions) {
  for (int b = 0; b < 256; ++b) {
    const bool alnum = (b >= '0' && b <= '9') || (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z');
    const bool punct =
        b != 0 && std::string("!#$%&'*+-.^_`|~").find(static_cast<char>(b)) != std::string::npos;
    EXPECT_EQ(kTokenChars.member[b], alnum || punct) << b;
    EXPECT_EQ(kTargetChars.member[b], b >= 0x21 && b <= 0x7E) << b;
    EXPECT_EQ(kFieldValueChars.member[b], b == '\t' || (b >= 0x20 && b != 0x7F)) << b;
  }
}

TEST(Scan, NibbleTablesClassifyExactlyLikeTheScalarTable) {
  for (const NamedClass& c : kClasses) {
    for (int b = 0; b < 256; ++b) {
      const bool nibble = (c.cls->lo[b & 15] & c.cls->hi[b >> 4]) != 0;
      EXPECT_EQ(nibble, c.cls->member[b]) << c.name << " byte " << b;
    }
  }
}

TEST(Scan, SimdAgreesWithScalarOnRandomBytesOfAllLengthsAndAlignments) {
  std::mt19937 rng(12345);
  std::vector<char> buf(kMaxLength + kAlignments);
  for (const NamedClass& c : kClasses) {
    const std::vector<uint8_t> in = membersOf(*c.cls, true);
    for (int round = 0; round < 40; ++round) {
      // Mostly members, so scans run long; the outsider rate varies per round.
      const unsigned outsiderPerMille = round % 4 == 0 ? 500 : 1 + static_cast<unsigned>(round);
      for (char& ch : buf) {
        ch = rng() % 1000 < outsiderPerMille ? static_cast<char>(rng())
                                             : static_cast<char>(in[rng() % in.size()]);
      }
      for (size_t align = 0; align < kAlignments; ++align) {
        for (size_t n = 0; n <= kMaxLength; ++n) {
          expectAllAgree(c, buf.data() + align, n);
        }
      }
    }
  }
}

TEST(Scan, SimdFindsEveryOutsiderAtEveryPosition) {
  for (const NamedClass& c : kClasses) {
    const std::vector<uint8_t> in = membersOf(*c.cls, true);
    const std::vector<uint8_t> out = membersOf(*c.cls, false);
    std::vector<char> buf(kMaxLength + kAlignments);
    for (size_t i = 0; i < buf.size(); ++i) {
      buf[i] = static_cast<char>(in[i % in.size()]);
    }
    for (size_t align = 0; align < kAlignments; align += 7) {
      for (size_t n = 1; n <= kMaxLength; ++n) {
        for (size_t at = 0; at < n; ++at) {
          // Each outsider byte value in turn, at every position, before and after members.
          const uint8_t bad = out[(n * 31 + at) % out.size()];
          char saved = buf[align + at];
          buf[align + at] = static_cast<char>(bad);
          expectAllAgree(c, buf.data() + align, n);
          ASSERT_EQ(scanScalar(*c.cls, buf.data() + align, n), at);
          buf[align + at] = saved;
        }
      }
    }
    // Every outsider value at a fixed position after a long run of members.
    for (uint8_t bad : out) {
      std::vector<char> v(100, static_cast<char>(in[0]));
      v[77] = static_cast<char>(bad);
      expectAllAgree(c, v.data(), v.size());
    }
  }
}

TEST(Scan, NeverReadsPastTheEnd) {
  testing::GuardedBuffer guard;
  for (const NamedClass& c : kClasses) {
    const std::vector<uint8_t> in = membersOf(*c.cls, true);
    for (size_t n = 0; n <= kMaxLength; ++n) {
      std::string s(n, static_cast<char>(in[n % in.size()]));
      const std::string_view at = guard.place(s);
      expectAllAgree(c, at.data(), at.size());
      EXPECT_EQ(scanScalar(*c.cls, at.data(), at.size()), n);
    }
  }
}

TEST(Scan, ForcedLevelIsClampedToWhatTheCpuSupports) {
  const ScanLevel before = activeScanLevel();
  forceScanLevel(ScanLevel::kScalar);
  EXPECT_EQ(activeScanLevel(), ScanLevel::kScalar);
  forceScanLevel(ScanLevel::kAvx2);
  EXPECT_EQ(activeScanLevel(), supportedScanLevel());
  forceScanLevel(before);
}

}  // namespace
}  // namespace nodecc::http::core
