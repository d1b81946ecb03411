// util.format beyond the compat pairs: JSON errors, toString members, erased arguments.
#include <gtest/gtest.h>
#include <nodecc/nodecc.h>

namespace nodecc {
namespace {

TEST(Format, ThrowsTypeErrorForABigIntUnderJ) {
  try {
    util::format("%j", BigInt{1});
    FAIL() << "no exception";
  } catch (const TypeError& e) {
    EXPECT_EQ(std::string(e.what()), "Do not know how to serialize a BigInt");
  }
}

TEST(Format, PrintsAClassThroughItsToStringUnderS) {
  url::URL u("http://example.com/a?b=1");
  EXPECT_EQ(util::format("%s", u), "http://example.com/a?b=1");
}

TEST(Format, NumbersStringsForDAndIAsJavaScriptsNumberAndParseInt) {
  EXPECT_EQ(util::format("%d %d %d", "0b101", "1e3", "-Infinity"), "5 1000 -Infinity");
  EXPECT_EQ(util::format("%i %i %i", " 12px", "-0x10", "+7"), "12 -16 7");
  EXPECT_EQ(util::format("%f %f", "1e-7", "1.5e400"), "1e-7 Infinity");
}

TEST(Format, JsonEscapesControlCharactersAndReplacesBrokenUtf8) {
  EXPECT_EQ(util::format("%j", std::string("a\x01\"\\\xff")), "\"a\\u0001\\\"\\\\\xEF\xBF\xBD\"");
  EXPECT_EQ(util::format("%j", util::Object{{"u", undefined}, {"n", 1}}), "{\"n\":1}");
  EXPECT_EQ(util::format("%j", std::map<std::string, int>{{"a", 1}}), "{}");
}

TEST(Format, KeepsAPlaceholderWithoutAnArgument) {
  EXPECT_EQ(util::format("%s %d %j %%"), "%s %d %j %%");
  EXPECT_EQ(util::format("%s %d %j %%", 1), "1 %d %j %");
}

}  // namespace
}  // namespace nodecc
