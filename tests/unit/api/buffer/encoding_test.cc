// How Buffer maps JavaScript strings to C++'s UTF-8 std::string, per encoding.
#include <gtest/gtest.h>

#include <string>

#include "nodecc/buffer.h"
#include "nodecc/error.h"

namespace nodecc {
namespace {

TEST(BufferEncoding, Utf8ReplacesInvalidSequencesPerMaximalSubpart) {
  // WHATWG's examples: F0 80 80 is three errors, E2 82 (truncated) one, ED A0 80 three.
  EXPECT_EQ(Buffer::from({0x61, 0xF0, 0x80, 0x80, 0x62}).toString(),
            "a\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD"
            "b");
  EXPECT_EQ(Buffer::from({0xE2, 0x82, 0x41}).toString(),
            "\xEF\xBF\xBD"
            "A");
  EXPECT_EQ(Buffer::from({0xED, 0xA0, 0x80}).toString(), "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");
  EXPECT_EQ(Buffer::from("caf\xC3\xA9").toString(), "caf\xC3\xA9");
}

TEST(BufferEncoding, Latin1IsOneCharacterPerByte) {
  Buffer b = Buffer::from("caf\xC3\xA9", "latin1");  // "café": four characters
  EXPECT_EQ(b.toString("hex"), "636166e9");
  EXPECT_EQ(b.toString("latin1"), "caf\xC3\xA9");
  EXPECT_EQ(Buffer::from("\xE2\x82\xAC", "latin1").toString("hex"), "ac");  // U+20AC's low byte
}

TEST(BufferEncoding, Utf16leWritesUnitsAndSurrogatePairs) {
  EXPECT_EQ(Buffer::from("a\xF0\x9F\x98\x80", "ucs2").toString("hex"), "61003dd800de");
  EXPECT_EQ(Buffer::from({0x3d, 0xd8, 0x41, 0x00}).toString("utf16le"),
            "\xEF\xBF\xBD"
            "A");
  EXPECT_EQ(Buffer::byteLength("a\xF0\x9F\x98\x80", "utf16le"), 6u);
}

TEST(BufferEncoding, HexStopsAtTheFirstBadPair) {
  EXPECT_EQ(Buffer::from("abzz12", "hex").toString("hex"), "ab");
  EXPECT_EQ(Buffer::from("abc", "hex").toString("hex"), "ab");
}

TEST(BufferEncoding, Base64IsLenientAsNodes) {
  EXPECT_EQ(Buffer::from("YW Jj\nZA", "base64").toString(), "abcd");
  EXPECT_EQ(Buffer::from("_-_-", "base64").toString("hex"), "ffeffe");
  EXPECT_EQ(Buffer::from("YQ=x", "base64").toString(), "a");
  EXPECT_EQ(Buffer::from({0xfb, 0xff}).toString("base64url"), "-_8");
  EXPECT_EQ(Buffer::from({0xfb, 0xff}).toString("base64"), "+/8=");
}

TEST(BufferEncoding, NamesAreNodes) {
  EXPECT_TRUE(Buffer::isEncoding("UTF-8"));
  EXPECT_TRUE(Buffer::isEncoding("Binary"));
  EXPECT_TRUE(Buffer::isEncoding("ucs-2"));
  EXPECT_FALSE(Buffer::isEncoding("utf16"));
  EXPECT_FALSE(Buffer::isEncoding(""));
  try {
    Buffer::from("x", "nope");
    FAIL() << "no throw";
  } catch (const TypeError& e) {
    EXPECT_EQ(e.toString(), "TypeError [ERR_UNKNOWN_ENCODING]: Unknown encoding: nope");
  }
}

TEST(BufferEncoding, WriteNeverSplitsACharacter) {
  Buffer b = Buffer::alloc(4);
  EXPECT_EQ(b.write("a\xE2\x82\xAC\xE2\x82\xAC"), 4u);
  EXPECT_EQ(b.write("ab\xE2\x82\xAC"), 2u);
  EXPECT_EQ(b.write("\xF0\x9F\x98\x80", 1), 0u);
}

TEST(BufferEncoding, FillRejectsAValueThatDecodesToNothing) {
  Buffer b = Buffer::alloc(3);
  try {
    b.fill("zz", "hex");
    FAIL() << "no throw";
  } catch (const TypeError& e) {
    EXPECT_EQ(e.message, "The argument 'value' is invalid. Received 'zz'");
  }
  EXPECT_EQ(b.fill("it's", "latin1").toString(), "it'");
}

}  // namespace
}  // namespace nodecc
