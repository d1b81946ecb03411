// The incremental validator against text/utf8.h's decoder (the project's one definition of
// well-formed UTF-8) on edge cases and random bytes, whole and fed in pieces.
#include "ws/utf8_validator.h"

#include <gtest/gtest.h>

#include <random>
#include <string>

#include "text/utf8.h"

namespace nodecc::ws::core {
namespace {

bool referenceValid(std::string_view s) {
  auto* p = reinterpret_cast<const unsigned char*>(s.data());
  return text::core::validUtf8Prefix(p, s.size()) == s.size();
}

// Valid when fed one byte at a time, and at which byte the validator first says no.
bool validBytewise(std::string_view s) {
  Utf8Validator v;
  for (char c : s) {
    if (!v.feed(std::string_view(&c, 1))) {
      return false;
    }
  }
  return v.complete();
}

TEST(Utf8Validator, AcceptsWellFormedTextOfEveryLength) {
  for (std::string_view s : {"", "a", "hello, world", "\xc2\x80", "\xdf\xbf", "\xe0\xa0\x80",
                             "\xed\x9f\xbf", "\xee\x80\x80", "\xef\xbf\xbf", "\xf0\x90\x80\x80",
                             "\xf4\x8f\xbf\xbf", "\xce\xba\xe1\xbd\xb9\xcf\x83\xce\xbc\xce\xb5"}) {
    EXPECT_TRUE(Utf8Validator::isValid(s)) << s;
    EXPECT_TRUE(validBytewise(s)) << s;
  }
}

TEST(Utf8Validator, RejectsOverlongsSurrogatesAndCodePointsPastU10FFFF) {
  for (std::string_view s :
       {"\x80", "\xbf", "\xc0\x80", "\xc1\xbf", "\xe0\x80\x80", "\xe0\x9f\xbf", "\xed\xa0\x80",
        "\xed\xbf\xbf", "\xf0\x80\x80\x80", "\xf0\x8f\xbf\xbf", "\xf4\x90\x80\x80",
        "\xf5\x80\x80\x80", "\xff", "\xfe", "\xc2\x41", "\xe1\x80\x41"}) {
    EXPECT_FALSE(Utf8Validator::isValid(s)) << testing::PrintToString(s);
    EXPECT_FALSE(validBytewise(s)) << testing::PrintToString(s);
  }
}

TEST(Utf8Validator, WaitsForATruncatedSequenceButFailsFastOnABadByte) {
  Utf8Validator v;
  EXPECT_TRUE(v.feed("ab\xe2\x82"));  // a euro sign cut in two
  EXPECT_FALSE(v.complete());
  EXPECT_TRUE(v.feed("\xac"));
  EXPECT_TRUE(v.complete());
  EXPECT_FALSE(v.feed("\xce\xba\xff"));  // the bad byte is seen now, not at the end
  EXPECT_FALSE(v.feed("abc"));           // and it stays failed
  EXPECT_FALSE(v.complete());
  v.reset();
  EXPECT_TRUE(v.feed("abc"));
  EXPECT_TRUE(v.complete());
}

TEST(Utf8Validator, AgreesWithTheDecoderOnRandomInputWholeAndSplit) {
  std::mt19937 rng(3629);
  // Mostly-valid inputs find the edges better than uniform noise: build from code points, then
  // corrupt some bytes.
  for (int round = 0; round < 20000; ++round) {
    std::string s;
    const int count = static_cast<int>(rng() % 24);
    for (int i = 0; i < count; ++i) {
      switch (rng() % 4) {
        case 0:
          s += static_cast<char>(rng() % 0x80);
          break;
        case 1:
          text::core::appendUtf8(s, 0x80 + rng() % (0x110000 - 0x80));
          break;
        case 2:
          s += static_cast<char>(rng());
          break;
        default:
          s.append(static_cast<size_t>(rng() % 12), 'x');
          break;
      }
    }
    const bool expected = referenceValid(s);
    ASSERT_EQ(Utf8Validator::isValid(s), expected) << testing::PrintToString(s);
    ASSERT_EQ(validBytewise(s), expected) << testing::PrintToString(s);
    const size_t split = s.empty() ? 0 : rng() % s.size();
    Utf8Validator v;
    const bool pieces = v.feed(std::string_view(s).substr(0, split)) &&
                        v.feed(std::string_view(s).substr(split)) && v.complete();
    ASSERT_EQ(pieces, expected) << testing::PrintToString(s) << " split " << split;
  }
}

TEST(Utf8Validator, AgreesWithTheDecoderOnEveryTwoAndThreeBytePrefix) {
  // Every lead byte with every second byte, then a continuation: all the range edges.
  for (int a = 0; a < 256; ++a) {
    for (int b = 0; b < 256; ++b) {
      const std::string s = {static_cast<char>(a), static_cast<char>(b), '\x80', '\x80'};
      for (size_t len = 1; len <= 4; ++len) {
        const std::string_view t(s.data(), len);
        ASSERT_EQ(Utf8Validator::isValid(t), referenceValid(t)) << a << " " << b << " " << len;
      }
    }
  }
}

}  // namespace
}  // namespace nodecc::ws::core
