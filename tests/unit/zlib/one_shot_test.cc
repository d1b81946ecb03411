// runOneShot: the libdeflate compression path gives what the zlib path gives (content read
// back by either, input consumed, the limit), maxOutputLength is exact and bounds the memory,
// forged size hints do not.
#include "zlib/one_shot.h"

#include <gtest/gtest.h>

#include <random>
#include <string>

namespace nodecc::zlib::core {
namespace {

std::string text(size_t n) {
  std::string s;
  for (size_t i = 0; s.size() < n; ++i) {
    s += "row " + std::to_string(i * 7919 % 10007) + ", some text that repeats\n";
  }
  s.resize(n);
  return s;
}

OneShotSettings settingsFor(Mode mode, bool fast) {
  OneShotSettings s;
  s.mode = mode;
  s.zlib.windowBits = isCompressor(mode) || mode == Mode::kInflateRaw ? 15 : 0;
  s.allowFastPath = fast;
  return s;
}

OneShotResult run(Mode mode, std::string_view input, bool fast, uint64_t max = kMaxOutputLength) {
  OneShotSettings s = settingsFor(mode, fast);
  s.maxOutputLength = max;
  return runOneShot(s, input);
}

TEST(OneShot, FastPathIsEligibleOnlyForDefaultShapes) {
  OneShotSettings s = settingsFor(Mode::kGzip, true);
  EXPECT_TRUE(fastPathEligible(s));
  s.zlib.strategy = 2;
  EXPECT_FALSE(fastPathEligible(s));
  s = settingsFor(Mode::kGzip, true);
  s.zlib.windowBits = 12;
  EXPECT_FALSE(fastPathEligible(s));
  s = settingsFor(Mode::kDeflate, true);
  s.zlib.dictionary = "x";
  EXPECT_FALSE(fastPathEligible(s));
  s = settingsFor(Mode::kDeflateRaw, true);
  s.finishFlush = 2;
  EXPECT_FALSE(fastPathEligible(s));
  // Decompression is zlib's alone (libdeflate accepts some streams zlib rejects).
  EXPECT_FALSE(fastPathEligible(settingsFor(Mode::kInflate, true)));
  EXPECT_FALSE(fastPathEligible(settingsFor(Mode::kGunzip, true)));
  EXPECT_FALSE(fastPathEligible(settingsFor(Mode::kBrotliEncode, true)));
}

TEST(OneShot, FastAndZlibPathsAgreeOnEveryFormatAndLevel) {
  for (size_t size : {size_t(0), size_t(1), size_t(100), size_t(70000), size_t(1) << 20}) {
    const std::string input = text(size);
    for (auto [c, d] : {std::pair{Mode::kGzip, Mode::kGunzip},
                        {Mode::kDeflate, Mode::kInflate},
                        {Mode::kDeflateRaw, Mode::kInflateRaw},
                        {Mode::kGzip, Mode::kUnzip}}) {
      for (int level : {-1, 0, 1, 6, 9}) {
        OneShotSettings s = settingsFor(c, true);
        s.zlib.level = level;
        OneShotResult fast = runOneShot(s, input);
        s.allowFastPath = false;
        OneShotResult slow = runOneShot(s, input);
        ASSERT_TRUE(fast.ok() && slow.ok());
        EXPECT_EQ(fast.bytesWritten, slow.bytesWritten);
        // Either inflater reads either deflater's output.
        for (const std::string* packed : {&fast.output, &slow.output}) {
          OneShotResult a = run(d, *packed, true);
          OneShotResult b = run(d, *packed, false);
          ASSERT_TRUE(a.ok() && b.ok()) << size << " " << level;
          EXPECT_EQ(a.output, input);
          EXPECT_EQ(b.output, input);
          EXPECT_EQ(a.bytesWritten, b.bytesWritten);
        }
      }
    }
  }
}

TEST(OneShot, DecompressionErrorsAreZlibs) {
  const std::string packed = run(Mode::kGzip, text(10000), true).output;
  std::string badCrc = packed;
  badCrc[badCrc.size() - 6] ^= 1;
  for (const std::string& bad :
       {std::string("not gzip"), packed.substr(0, packed.size() - 1), badCrc, packed + "xyz"}) {
    OneShotResult a = run(Mode::kGunzip, bad, true);
    OneShotResult b = run(Mode::kGunzip, bad, false);
    ASSERT_TRUE(a.error && b.error);
    EXPECT_STREQ(a.error.message, b.error.message);
    EXPECT_STREQ(a.error.code, b.error.code);
  }
}

TEST(OneShot, MaxOutputLengthIsExactOnBothPaths) {
  const std::string input = text(50000);
  for (bool fast : {true, false}) {
    const std::string packed = run(Mode::kGzip, input, fast).output;
    EXPECT_TRUE(run(Mode::kGunzip, packed, fast, input.size()).ok());
    OneShotResult over = run(Mode::kGunzip, packed, fast, input.size() - 1);
    EXPECT_TRUE(over.tooLarge);
    EXPECT_TRUE(over.output.empty() || over.output.size() <= input.size());
    EXPECT_TRUE(run(Mode::kGzip, input, fast, packed.size() + 64).ok());
    EXPECT_TRUE(run(Mode::kGzip, input, fast, 10).tooLarge);
  }
}

TEST(OneShot, DecompressionBombStopsAtTheLimitWithBoundedMemory) {
  // 64 MiB of zeros packs into ~64 KiB.
  const std::string bomb = run(Mode::kGzip, std::string(64 << 20, '\0'), true).output;
  ASSERT_LT(bomb.size(), 100000u);
  for (bool fast : {true, false}) {
    OneShotResult r = run(Mode::kGunzip, bomb, fast, 1 << 20);
    EXPECT_TRUE(r.tooLarge);
    EXPECT_LE(r.output.capacity(), size_t(2) << 20);
  }
}

TEST(OneShot, ForgedSizeTrailerReservesLittle) {
  std::string packed = run(Mode::kGzip, "tiny", true).output;
  // Claim 4 GiB - 1 of output.
  for (int i = 1; i <= 4; ++i) {
    packed[packed.size() - i] = '\xff';
  }
  for (bool fast : {true, false}) {
    OneShotResult r = run(Mode::kGunzip, packed, fast);
    ASSERT_TRUE(r.error);
    EXPECT_STREQ(r.error.message, "incorrect length check");
    EXPECT_LT(r.output.capacity(), size_t(1) << 20);
  }
}

TEST(OneShot, RandomBytesNeverCrashAndBothPathsAgree) {
  std::mt19937 rng(7);
  const std::string packed = run(Mode::kDeflate, text(3000), false).output;
  for (int i = 0; i < 2000; ++i) {
    std::string in = packed;
    const int flips = 1 + int(rng() % 4);
    for (int f = 0; f < flips; ++f) {
      in[rng() % in.size()] = char(rng());
    }
    for (Mode m : {Mode::kInflate, Mode::kUnzip}) {
      OneShotResult a = run(m, in, true, 1 << 20);
      OneShotResult b = run(m, in, false, 1 << 20);
      ASSERT_EQ(a.ok(), b.ok()) << i;
      if (a.ok()) {
        EXPECT_EQ(a.output, b.output);
      } else if (a.error && b.error) {
        EXPECT_STREQ(a.error.message, b.error.message);
      }
    }
  }
}

}  // namespace
}  // namespace nodecc::zlib::core
