// The internals under the url module: percent-coding, UTF-8, decodeURIComponent, Punycode, the
// host parser.
#include <gtest/gtest.h>

#include <string>

#include "api/url/codec.h"
#include "api/url/host.h"

namespace detail = nodecc::url::detail;

namespace {

std::u32string utf32(std::string_view utf8) {
  std::u32string out;
  for (size_t i = 0; i < utf8.size();) {
    char32_t cp;
    i += detail::decodeUtf8At(utf8, i, cp);
    out += cp;
  }
  return out;
}

}  // namespace

TEST(UrlCodec, PercentEncodeSets) {
  std::string out;
  detail::percentEncodeAppend(out, "a b\"#<>`{}?^|\x7F\xC3\xA9", detail::kPathSet);
  EXPECT_EQ(out, "a%20b%22%23%3C%3E%60%7B%7D%3F^|%7F%C3%A9");
  EXPECT_FALSE(detail::needsPercentEncode("/a/b-c_d.e~", detail::kPathSet));
  EXPECT_TRUE(detail::needsPercentEncode("a@b", detail::kUserinfoSet));
}

TEST(UrlCodec, PercentDecodeKeepsMalformedSequences) {
  EXPECT_EQ(detail::percentDecode("%41%4a%zz%4"), "AJ%zz%4");
  EXPECT_EQ(detail::percentDecode("%"), "%");
}

TEST(UrlCodec, DecodeUriComponent) {
  EXPECT_EQ(detail::decodeUriComponent("a%20%E2%82%AC"), "a \xE2\x82\xAC");
  EXPECT_EQ(detail::decodeUriComponent("plain"), "plain");
  EXPECT_FALSE(detail::decodeUriComponent("%"));
  EXPECT_FALSE(detail::decodeUriComponent("%zz"));
  EXPECT_FALSE(detail::decodeUriComponent("%E2%82"));     // truncated
  EXPECT_FALSE(detail::decodeUriComponent("%C0%80"));     // overlong
  EXPECT_FALSE(detail::decodeUriComponent("%ED%A0%80"));  // a surrogate
  EXPECT_FALSE(detail::decodeUriComponent("%80"));        // a lone continuation byte
  EXPECT_FALSE(detail::decodeUriComponent("%F5%80%80%80"));
}

TEST(UrlCodec, Utf8SanitizeReplacesMaximalSubparts) {
  EXPECT_EQ(detail::utf8Sanitize("a\xE2\x82"
                                 "b"),
            "a\xEF\xBF\xBD"
            "b");
  EXPECT_EQ(detail::utf8Sanitize("\xF0\x80\x80"), "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");
  EXPECT_EQ(detail::utf8Sanitize("\xC3\xA9"), "\xC3\xA9");
}

TEST(UrlCodec, Utf16LengthAndOrder) {
  EXPECT_EQ(detail::utf16Length("a\xC3\xA9\xF0\x9F\x98\x80"), 4u);
  EXPECT_LT(detail::compareUtf16("a", "b"), 0);
  EXPECT_LT(detail::compareUtf16("ab", "abc"), 0);
  EXPECT_EQ(detail::compareUtf16("\xC3\xA9", "\xC3\xA9"), 0);
  // U+1F600 (D83D DE00) sorts before U+FFFD in UTF-16, after it in code points.
  EXPECT_LT(detail::compareUtf16("\xF0\x9F\x98\x80", "\xEF\xBF\xBD"), 0);
  EXPECT_LT(detail::compareUtf16("\xED\x9F\xBF", "\xF0\x9F\x98\x80"), 0);  // U+D7FF
}

TEST(Punycode, EncodesAndDecodesRfc3492Samples) {
  const std::pair<const char*, const char*> samples[] = {
      {"b\xC3\xBC"
       "cher",
       "bcher-kva"},
      {"m\xC3\xBCnchen", "mnchen-3ya"},
      {"\xE6\x97\xA5\xE6\x9C\xAC", "wgv71a"},
      {"\xE4\xBE\x8B\xE3\x81\x88", "r8jz45g"},
      {"\xD9\x84\xD9\x8A\xD9\x87\xD9\x85\xD8\xA7\xD8\xA8\xD8\xAA\xD9\x83\xD9\x84\xD9\x85\xD9\x88"
       "\xD8\xB4\xD8\xB9\xD8\xB1\xD8\xA8\xD9\x8A\xD8\x9F",
       "egbpdaj6bu4bxfgehfvwxn"},
  };
  for (const auto& [unicode, encoded] : samples) {
    std::string out;
    ASSERT_TRUE(detail::punycodeEncode(utf32(unicode), out));
    EXPECT_EQ(out, encoded);
    std::u32string back;
    ASSERT_TRUE(detail::punycodeDecode(encoded, back));
    EXPECT_EQ(back, utf32(unicode));
  }
  std::u32string decoded;
  ASSERT_TRUE(detail::punycodeDecode("a", decoded));
  EXPECT_EQ(decoded, U"\u0080");
  EXPECT_FALSE(detail::punycodeDecode("a!", decoded));           // not a base-36 digit
  EXPECT_FALSE(detail::punycodeDecode("99999999999", decoded));  // overflow
}

TEST(Idna, ToAscii) {
  EXPECT_EQ(detail::idnaToAscii("Example.COM"), "example.com");
  EXPECT_EQ(detail::idnaToAscii("M\xC3\x9CNCHEN.de"), "xn--mnchen-3ya.de");
  EXPECT_EQ(detail::idnaToAscii("fa\xC3\x9F.de"), "xn--fa-hia.de");  // ß stays (non-transitional)
  EXPECT_EQ(detail::idnaToAscii("\xEF\xBC\xA1\xEF\xBC\xA2.com"), "ab.com");  // full-width
  EXPECT_EQ(detail::idnaToAscii("a\xE3\x80\x82"
                                "b"),
            "a.b");  // ideographic dot
  EXPECT_EQ(detail::idnaToAscii("a\xC2\xAD"
                                "b"),
            "ab");  // soft hyphen
  EXPECT_EQ(detail::idnaToAscii("xn--mnchen-3ya"), "xn--mnchen-3ya");
  EXPECT_FALSE(detail::idnaToAscii("xn--"));
  EXPECT_FALSE(detail::idnaToAscii("xn--a"));
  EXPECT_FALSE(detail::idnaToAscii("\xC2\xAD"));  // maps to nothing
  EXPECT_FALSE(
      detail::idnaToAscii("\xCC\x81"
                          "a"));                       // starts with a combining mark
  EXPECT_FALSE(detail::idnaToAscii("a\xEF\xBF\xBD"));  // U+FFFD is disallowed
  EXPECT_FALSE(detail::idnaToAscii("\xFF"));           // not UTF-8
  EXPECT_EQ(detail::idnaToUnicode("xn--mnchen-3ya.xn--.de"), "m\xC3\xBCnchen.xn--.de");
}

TEST(HostParser, Domains) {
  EXPECT_EQ(detail::parseHost("EXAMPLE.com", true), "example.com");
  EXPECT_EQ(detail::parseHost("a%2Eb", true), "a.b");
  EXPECT_FALSE(detail::parseHost("a%00b", true));
  EXPECT_FALSE(detail::parseHost("a b", true));
  EXPECT_FALSE(detail::parseHost("%ff", true));
}

TEST(HostParser, Ipv4Forms) {
  EXPECT_EQ(detail::parseHost("127.0.0.1", true), "127.0.0.1");
  EXPECT_EQ(detail::parseHost("0x7f.1", true), "127.0.0.1");
  EXPECT_EQ(detail::parseHost("0177.0.0.01", true), "127.0.0.1");
  EXPECT_EQ(detail::parseHost("4294967295", true), "255.255.255.255");
  EXPECT_EQ(detail::parseHost("1.2.3.4.", true), "1.2.3.4");
  EXPECT_EQ(detail::parseHost("0x", true), "0.0.0.0");
  EXPECT_FALSE(detail::parseHost("4294967296", true));
  EXPECT_FALSE(detail::parseHost("1.2.3.4.5", true));
  EXPECT_FALSE(detail::parseHost("1.256.0.0", true));
  EXPECT_FALSE(detail::parseHost("09", true));
  EXPECT_FALSE(detail::parseHost("foo.09", true));
  EXPECT_EQ(detail::parseHost("09.foo", true), "09.foo");
}

TEST(HostParser, Ipv6) {
  EXPECT_EQ(detail::parseHost("[::1]", true), "[::1]");
  EXPECT_EQ(detail::parseHost("[::]", true), "[::]");
  EXPECT_EQ(detail::parseHost("[1:0:0:2:0:0:0:8]", true), "[1:0:0:2::8]");
  EXPECT_EQ(detail::parseHost("[0:0:1:0:0:2:0:0]", true), "[::1:0:0:2:0:0]");
  EXPECT_EQ(detail::parseHost("[1:2:3:4:5:6:7:8]", true), "[1:2:3:4:5:6:7:8]");
  EXPECT_EQ(detail::parseHost("[1:2:3:4:5:6:0:8]", true), "[1:2:3:4:5:6:0:8]");  // no lone ::
  EXPECT_EQ(detail::parseHost("[::ffff:192.168.1.1]", true), "[::ffff:c0a8:101]");
  EXPECT_EQ(detail::parseHost("[ABCD::EF]", false), "[abcd::ef]");
  EXPECT_FALSE(detail::parseHost("[::1", true));
  EXPECT_FALSE(detail::parseHost("[1::2::3]", true));
  EXPECT_FALSE(detail::parseHost("[1:2:3:4:5:6:7:8:9]", true));
  EXPECT_FALSE(detail::parseHost("[::1.2.3]", true));
  EXPECT_FALSE(detail::parseHost("[::01.2.3.4]", true));
  EXPECT_FALSE(detail::parseHost("[12345::]", true));
}

TEST(HostParser, OpaqueHosts) {
  EXPECT_EQ(detail::parseHost("H\xC3\xA9%20x", false), "H%C3%A9%20x");
  EXPECT_FALSE(detail::parseHost("a b", false));
  EXPECT_FALSE(detail::parseHost("a<b", false));
  EXPECT_EQ(detail::parseHost("%", false), "%");
}
