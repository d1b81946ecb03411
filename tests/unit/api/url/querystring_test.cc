// querystring: parse/stringify/escape/unescape, expected values taken from Node 20.
#include <gtest/gtest.h>
#include <nodecc/querystring.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace qs = nodecc::querystring;

namespace {

std::vector<std::string> keysOf(const qs::ParsedQuery& q) {
  std::vector<std::string> keys;
  for (const auto& e : q) {
    keys.push_back(e.key);
  }
  return keys;
}

}  // namespace

TEST(QueryStringParse, ReadsPairs) {
  auto q = qs::parse("a=1&b=two&c=");
  EXPECT_EQ(q.size(), 3u);
  EXPECT_EQ(q["a"], "1");
  EXPECT_EQ(q["b"], "two");
  EXPECT_EQ(q["c"], "");
  EXPECT_TRUE(q.has("c"));
  EXPECT_FALSE(q.has("d"));
  EXPECT_EQ(q["d"], "");
  EXPECT_EQ(q.get("d"), std::nullopt);
}

TEST(QueryStringParse, RepeatedKeyBecomesArray) {
  auto q = qs::parse("v=a&x=1&v=b&v=c");
  const auto* e = q.find("v");
  ASSERT_NE(e, nullptr);
  EXPECT_TRUE(e->isArray());
  EXPECT_EQ(q.getAll("v"), (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ(q["v"], "a,b,c");  // String(['a','b','c'])
  EXPECT_FALSE(q.find("x")->isArray());
  EXPECT_EQ(keysOf(q), (std::vector<std::string>{"v", "x"}));
}

TEST(QueryStringParse, PlusIsSpaceAndPercentDecodes) {
  auto q = qs::parse("a+b=c+d&e=%20%2B%26");
  EXPECT_EQ(q["a b"], "c d");
  EXPECT_EQ(q["e"], " +&");
}

TEST(QueryStringParse, KeepsMalformedPercentSequences) {
  EXPECT_EQ(qs::parse("a=%zz%41")["a"], "%zzA");
  EXPECT_EQ(qs::parse("a=%")["a"], "%");
  EXPECT_EQ(qs::parse("a=%E2%82")["a"], "\xEF\xBF\xBD");  // a cut UTF-8 sequence: U+FFFD
  EXPECT_EQ(qs::parse("a=%E2%82%AC")["a"], "\xE2\x82\xAC");
}

TEST(QueryStringParse, KeyWithoutValueAndEmptyPairs) {
  auto q = qs::parse("&&a&b=&=c&&");
  EXPECT_EQ(keysOf(q), (std::vector<std::string>{"a", "b", ""}));
  EXPECT_EQ(q["a"], "");
  EXPECT_EQ(q[""], "c");
  EXPECT_TRUE(qs::parse("").empty());
  EXPECT_TRUE(qs::parse("&&&").empty());
}

TEST(QueryStringParse, ArrayIndexKeysComeFirstInNumericOrder) {
  // Object.keys() order, which Node's result object has.
  auto q = qs::parse("b=1&10=x&a=2&2=y&01=z&0=w");
  EXPECT_EQ(keysOf(q), (std::vector<std::string>{"0", "2", "10", "b", "a", "01"}));
}

TEST(QueryStringParse, CustomSeparators) {
  auto q = qs::parse("a:1;b:2;;c", ";", ":");
  EXPECT_EQ(q["a"], "1");
  EXPECT_EQ(q["b"], "2");
  EXPECT_TRUE(q.has("c"));
  auto multi = qs::parse("a=>1&&b=>2", "&&", "=>");
  EXPECT_EQ(multi["a"], "1");
  EXPECT_EQ(multi["b"], "2");
  // An empty separator means the default, as in Node.
  EXPECT_EQ(qs::parse("a=1&b=2", "", "")["b"], "2");
}

TEST(QueryStringParse, MaxKeysLimitsPairs) {
  EXPECT_EQ(qs::parse("a=1&b=2&c=3", "&", "=", 2).size(), 2u);
  EXPECT_EQ(qs::parse("a=1&b=2&c=3", "&", "=", 0).size(), 3u);
  std::string many;
  for (int i = 0; i < 1500; ++i) {
    many.append("k").append(std::to_string(i)).append("=v&");
  }
  EXPECT_EQ(qs::parse(many).size(), 1000u);  // Node's default maxKeys
}

TEST(QueryStringParse, CustomDecoderAndItsFallback) {
  qs::ParseOptions o;
  o.decodeURIComponent = [](std::string_view s) { return std::string("<").append(s).append(">"); };
  auto q = qs::parse("a+b=c", "&", "=", o);
  EXPECT_EQ(q["<a%20b>"], "<c>");  // '+' reaches a custom decoder as %20
  o.decodeURIComponent = [](std::string_view) -> std::string { throw std::runtime_error("x"); };
  EXPECT_EQ(qs::parse("a=%41+%zz", "&", "=", o)["a"], "A %zz");
}

TEST(QueryStringStringify, SerializesInKeyOrder) {
  qs::ParsedQuery q;
  q.set("name", "John Doe");
  q.set("tags", std::vector<std::string>{"a", "b&c"});
  q.set("empty", std::vector<std::string>{});
  q.set("e", "é!'()*~");
  EXPECT_EQ(qs::stringify(q), "name=John%20Doe&tags=a&tags=b%26c&e=%C3%A9!'()*~");
  EXPECT_EQ(qs::stringify(q, ";", ":"), "name:John%20Doe;tags:a;tags:b%26c;e:%C3%A9!'()*~");
  EXPECT_EQ(qs::stringify(qs::ParsedQuery{}), "");
}

TEST(QueryStringStringify, RoundTripsParse) {
  auto q = qs::parse("x=1&y=a+b&x=2&z=%E2%82%AC");
  EXPECT_EQ(qs::stringify(q), "x=1&x=2&y=a%20b&z=%E2%82%AC");
}

TEST(QueryStringStringify, PairsAndCustomEncoder) {
  std::vector<std::pair<std::string, std::string>> pairs{{"a", "1"}, {"b", "x y"}, {"a", "2"}};
  EXPECT_EQ(qs::stringify(pairs), "a=1&b=x%20y&a=2");
  qs::StringifyOptions o;
  o.encodeURIComponent = [](std::string_view s) { return std::string(s); };
  EXPECT_EQ(qs::stringify(pairs, "&", "=", o), "a=1&b=x y&a=2");
}

TEST(QueryStringEscape, EncodesLikeNode) {
  EXPECT_EQ(qs::escape("a b&c=d/é~!*'()"), "a%20b%26c%3Dd%2F%C3%A9~!*'()");
  EXPECT_EQ(qs::escape(""), "");
  EXPECT_EQ(qs::escape("\xF0\x9F\x98\x80"), "%F0%9F%98%80");
}

TEST(QueryStringUnescape, DecodesAndToleratesMalformedInput) {
  EXPECT_EQ(qs::unescape("a%20b+c"), "a b+c");
  EXPECT_EQ(qs::unescape("a%20b+c", true), "a b+c");  // decodeURIComponent succeeded
  EXPECT_EQ(qs::unescape("%zz+%41", true), "%zz A");  // the tolerant path decodes '+'
  EXPECT_EQ(qs::unescape("%zz+%41"), "%zz+A");
  EXPECT_EQ(qs::unescape("100%"), "100%");
  EXPECT_EQ(qs::unescape("%C0%80"), "\xEF\xBF\xBD\xEF\xBF\xBD");  // overlong: replaced
  // As Node: a non-ASCII character on the tolerant path keeps only its low byte.
  EXPECT_EQ(qs::unescape("\xC3\xA9%zz"), "\xEF\xBF\xBD%zz");
}

TEST(QueryStringUnescape, UnescapeBufferReturnsBytes) {
  EXPECT_EQ(qs::unescapeBuffer("%41%ff%2"), std::string("A\xFF%2"));
  EXPECT_EQ(qs::unescapeBuffer("a+b", true), "a b");
}

TEST(ParsedQuery, SetAppendRemove) {
  qs::ParsedQuery q;
  q.append("a", "1");
  EXPECT_FALSE(q.find("a")->isArray());
  q.append("a", "2");
  EXPECT_EQ(q["a"], "1,2");
  q.set("a", "3");
  EXPECT_EQ(q.getAll("a"), std::vector<std::string>{"3"});
  q.set("5", "five");
  EXPECT_EQ(keysOf(q), (std::vector<std::string>{"5", "a"}));
  EXPECT_TRUE(q.remove("a"));
  EXPECT_FALSE(q.remove("a"));
  EXPECT_EQ(q.size(), 1u);
  q.clear();
  EXPECT_TRUE(q.empty());
}

TEST(ParsedQuery, ManyKeysStayFindable) {
  qs::ParsedQuery q;
  for (int i = 0; i < 300; ++i) {
    q.append("key" + std::to_string(i), std::to_string(i));
  }
  for (int i = 0; i < 300; ++i) {
    ASSERT_EQ(q["key" + std::to_string(i)], std::to_string(i));
  }
}

TEST(QueryStringParse, HostileQueryStaysLinear) {
  // 1000 distinct 1 KiB keys sharing a prefix: the hash index keeps lookups cheap.
  std::string big;
  const std::string prefix(1000, 'k');
  for (int i = 0; i < 1000; ++i) {
    big.append(prefix).append(std::to_string(i)).append("=v&");
  }
  auto q = qs::parse(big);
  EXPECT_EQ(q.size(), 1000u);
  EXPECT_EQ(q[prefix + "999"], "v");
  EXPECT_EQ(qs::parse(std::string(100000, '&')).size(), 0u);
  EXPECT_EQ(qs::parse(std::string(100000, '%')).size(), 1u);
}

// Without '+' or '%' and with the default separators, parse() takes a slicing path; an identity
// custom decoder forces the general loop over the same input. Both must give the same object,
// key order and maxKeys count included.
TEST(QueryStringParse, PlainPathAgreesWithTheGeneralLoop) {
  const char alphabet[] = {'a', 'b', '0', '1', '=', '&'};
  qs::ParseOptions general;
  general.decodeURIComponent = [](std::string_view s) { return std::string(s); };
  unsigned seed = 12345;
  for (int n = 0; n < 20000; ++n) {
    std::string s;
    seed = seed * 1103515245 + 12345;
    const size_t len = (seed >> 16) % 12;
    for (size_t i = 0; i < len; ++i) {
      seed = seed * 1103515245 + 12345;
      s += alphabet[(seed >> 16) % sizeof alphabet];
    }
    for (long maxKeys : {0L, 1L, 2L, 3L}) {
      qs::ParseOptions plainOpts;
      plainOpts.maxKeys = maxKeys;
      general.maxKeys = maxKeys;
      const qs::ParsedQuery plain = qs::parse(s, "&", "=", plainOpts);
      const qs::ParsedQuery slow = qs::parse(s, "&", "=", general);
      ASSERT_EQ(plain.size(), slow.size()) << s << " maxKeys " << maxKeys;
      auto a = plain.begin();
      for (const auto& e : slow) {
        ASSERT_EQ(a->key, e.key) << s;
        ASSERT_TRUE(a->values == e.values) << s;
        ++a;
      }
    }
  }
}

TEST(QueryStringParse, ManyKeysAndValuesOutgrowTheInlineStorage) {
  auto q = qs::parse("a=1&b=2&c=3&a=4&a=5&7=x&3=y");
  EXPECT_EQ(keysOf(q), (std::vector<std::string>{"3", "7", "a", "b", "c"}));
  EXPECT_EQ(q.getAll("a"), (std::vector<std::string>{"1", "4", "5"}));
  qs::ParsedQuery copy = q;
  qs::ParsedQuery moved = std::move(q);
  EXPECT_EQ(keysOf(copy), keysOf(moved));
  EXPECT_EQ(moved["a"], "1,4,5");
  EXPECT_TRUE(moved.remove("3"));
  EXPECT_EQ(keysOf(moved), (std::vector<std::string>{"7", "a", "b", "c"}));
}
