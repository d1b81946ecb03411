// TextDecoder streaming at every split point, and TextEncoder on bytes that are not UTF-8.
#include <gtest/gtest.h>
#include <nodecc/nodecc.h>

namespace nodecc {
namespace {

std::string decodeInTwo(std::string_view label, std::string_view bytes, size_t at) {
  TextDecoder d(label);
  std::string out = d.decode(bytes.substr(0, at), {.stream = true});
  out += d.decode(bytes.substr(at), {.stream = true});
  out += d.decode();
  return out;
}

TEST(TextDecoder, GivesTheSameTextWhereverTheInputIsSplit) {
  const std::string utf8 =
      "\xef\xbb\xbf"
      "A\xe2\x82\xac\xf0\x9f\x98\x80\xe2\x82\xff\xc3";
  const std::string utf16(
      "\xff\xfe"
      "A\0"
      "\x3d\xd8\x00\xde"
      "\x00\xde"
      "B",
      11);
  for (auto [label, bytes] : {std::pair{"utf-8", utf8}, std::pair{"utf-16le", utf16}}) {
    std::string whole = TextDecoder(label).decode(bytes);
    for (size_t at = 0; at <= bytes.size(); ++at) {
      EXPECT_EQ(decodeInTwo(label, bytes, at), whole) << label << " split at " << at;
    }
  }
}

TEST(TextDecoder, StartsANewStreamAfterAFlush) {
  TextDecoder d;
  EXPECT_EQ(d.decode(std::string_view("\xef\xbb\xbf"
                                      "a")),
            "a");
  EXPECT_EQ(d.decode(std::string_view("\xef\xbb\xbf"
                                      "b")),
            "b");  // a BOM again opens a stream
  EXPECT_EQ(d.decode(std::string_view("\xe2\x82"), {.stream = true}), "");
  EXPECT_EQ(d.decode(), "\xef\xbf\xbd");
}

TEST(TextDecoder, FatalErrorResetsTheStream) {
  TextDecoder d("utf-8", {.fatal = true});
  EXPECT_THROW(d.decode(std::string_view("\xe2\x82"
                                         "A")),
               TypeError);
  EXPECT_EQ(d.decode(std::string_view("ok")), "ok");
}

TEST(TextEncoder, ReplacesBytesThatAreNotUtf8) {
  TextEncoder e;
  EXPECT_EQ(e.encode(std::string("a\xff"
                                 "b"))
                .view(),
            "a\xef\xbf\xbd"
            "b");
  Buffer dest = Buffer::alloc(4);
  TextEncoder::EncodeIntoResult r = e.encodeInto(std::string("\xff\xff"), dest);
  EXPECT_EQ(r.read, 1u);
  EXPECT_EQ(r.written, 3u);
}

}  // namespace
}  // namespace nodecc
