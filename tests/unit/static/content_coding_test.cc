#include "static/content_coding.h"

#include <gtest/gtest.h>

namespace nodecc::staticfiles::core {
namespace {

constexpr std::string_view kAbsent{};

TEST(ContentCoding, NoHeaderOrNoVariantMeansIdentity) {
  EXPECT_EQ(chooseCoding(kAbsent, true, true), Coding::kIdentity);
  EXPECT_EQ(chooseCoding("gzip, br", false, false), Coding::kIdentity);
  EXPECT_EQ(chooseCoding("", true, true), Coding::kIdentity);
}

TEST(ContentCoding, BrotliPreferredOnTies) {
  EXPECT_EQ(chooseCoding("gzip, deflate, br", true, true), Coding::kBrotli);
  EXPECT_EQ(chooseCoding("br;q=0.8, gzip;q=0.8", true, true), Coding::kBrotli);
  EXPECT_EQ(chooseCoding("*", true, true), Coding::kBrotli);
}

TEST(ContentCoding, HigherQWins) {
  EXPECT_EQ(chooseCoding("br;q=0.5, gzip;q=0.9", true, true), Coding::kGzip);
  EXPECT_EQ(chooseCoding("br;q=0.5, gzip", true, true), Coding::kGzip);
  EXPECT_EQ(chooseCoding("gzip;q=0.5, identity", true, true), Coding::kIdentity);
  EXPECT_EQ(chooseCoding("gzip;q=1.0, identity;q=1", true, true), Coding::kGzip);
}

TEST(ContentCoding, OnlyAvailableVariantsAreChosen) {
  EXPECT_EQ(chooseCoding("br", false, true), Coding::kBrotli);
  EXPECT_EQ(chooseCoding("br", true, false), Coding::kIdentity);
  EXPECT_EQ(chooseCoding("gzip, br", true, false), Coding::kGzip);
}

TEST(ContentCoding, ZeroQExcludes) {
  EXPECT_EQ(chooseCoding("br;q=0, gzip;q=0", true, true), Coding::kIdentity);
  EXPECT_EQ(chooseCoding("*;q=0, gzip", true, true), Coding::kGzip);
  EXPECT_EQ(chooseCoding("*, br;q=0", true, true), Coding::kGzip);
  // identity excluded and nothing else acceptable: identity anyway (the header is ignored).
  EXPECT_EQ(chooseCoding("identity;q=0", true, true), Coding::kIdentity);
}

TEST(ContentCoding, NamesAndParametersAreCaseInsensitiveAndSpaced) {
  EXPECT_EQ(chooseCoding("GZIP", true, false), Coding::kGzip);
  EXPECT_EQ(chooseCoding("x-gzip", true, false), Coding::kGzip);
  EXPECT_EQ(chooseCoding(" br ; Q=0.9 ,gzip; q=0.3", true, true), Coding::kBrotli);
}

TEST(ContentCoding, MalformedQMakesTheCodingUnacceptable) {
  EXPECT_EQ(chooseCoding("br;q=2, gzip", true, true), Coding::kGzip);
  EXPECT_EQ(chooseCoding("br;q=abc", true, true), Coding::kIdentity);
}

TEST(ContentCoding, QValues) {
  int q;
  ASSERT_TRUE(parseQValue("0", &q));
  EXPECT_EQ(q, 0);
  ASSERT_TRUE(parseQValue("0.5", &q));
  EXPECT_EQ(q, 500);
  ASSERT_TRUE(parseQValue("0.125", &q));
  EXPECT_EQ(q, 125);
  ASSERT_TRUE(parseQValue("1.000", &q));
  EXPECT_EQ(q, 1000);
  ASSERT_TRUE(parseQValue("0.", &q));  // "0" [ "." 0*3DIGIT ]
  EXPECT_EQ(q, 0);
  for (const char* bad : {"", "2", "1.5", "0.1234", ".5", "0,5", "01"}) {
    EXPECT_FALSE(parseQValue(bad, &q)) << bad;
  }
}

}  // namespace
}  // namespace nodecc::staticfiles::core
