// StringDecoder against whole-buffer decoding: a text cut at every byte position decodes to
// the same string, and the held-back bytes are flushed by end() as Node does.
#include <gtest/gtest.h>
#include <nodecc/error.h>
#include <nodecc/string_decoder.h>

#include <string>

namespace nodecc {
namespace {

constexpr const char* kText = "a\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80z";  // aé€😀z

std::string decodeInPieces(std::string_view encoding, std::string_view bytes, size_t piece) {
  StringDecoder d(encoding);
  std::string out;
  for (size_t i = 0; i < bytes.size(); i += piece) {
    std::string_view part = bytes.substr(i, piece);
    out += d.write(reinterpret_cast<const uint8_t*>(part.data()), part.size());
  }
  return out + d.end();
}

TEST(StringDecoder, Utf8SplitAnywhereDecodesWhole) {
  std::string text = kText;
  for (size_t piece = 1; piece <= text.size(); ++piece) {
    EXPECT_EQ(decodeInPieces("utf8", text, piece), text) << "piece " << piece;
  }
}

TEST(StringDecoder, Utf8HoldsAnIncompleteSequence) {
  StringDecoder d("utf-8");
  EXPECT_EQ(d.write(Buffer::from("\xe2\x82")), "");
  EXPECT_EQ(d.write(Buffer::from("\xac!")), "\xe2\x82\xac!");
  EXPECT_EQ(d.end(), "");
}

TEST(StringDecoder, Utf8IncompleteAtEndIsOneReplacementCharacter) {
  StringDecoder d("utf8");
  EXPECT_EQ(d.write(Buffer::from("a\xf0\x9f")), "a");
  EXPECT_EQ(d.end(), "\xef\xbf\xbd");
  EXPECT_EQ(d.end(), "");
}

TEST(StringDecoder, Utf8SequenceCutShortBecomesReplacement) {
  StringDecoder d("utf8");
  EXPECT_EQ(d.write(Buffer::from("\xe2")), "");
  // 'x' cannot continue the sequence: the held byte becomes U+FFFD and 'x' follows.
  EXPECT_EQ(d.write(Buffer::from("x")), "\xef\xbf\xbdx");
}

TEST(StringDecoder, Base64HoldsPartialGroups) {
  std::string bytes = "hello world!!";
  std::string whole = Buffer::from(bytes).toString("base64");
  for (size_t piece = 1; piece <= bytes.size(); ++piece) {
    EXPECT_EQ(decodeInPieces("base64", bytes, piece), whole) << "piece " << piece;
  }
}

TEST(StringDecoder, HexLatin1AndAscii) {
  EXPECT_EQ(decodeInPieces("hex", "\x01\xff", 1), "01ff");
  EXPECT_EQ(decodeInPieces("latin1", "\xe9", 1), "\xc3\xa9");  // é, as UTF-8
  EXPECT_EQ(decodeInPieces("ascii", "\xe9", 1), "i");
}

TEST(StringDecoder, UnknownEncodingThrows) {
  try {
    StringDecoder d("utf-7");
    FAIL() << "no throw";
  } catch (const Error& e) {
    EXPECT_EQ(e.code, "ERR_UNKNOWN_ENCODING");
  }
}

}  // namespace
}  // namespace nodecc
