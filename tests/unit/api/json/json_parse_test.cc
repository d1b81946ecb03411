// JSON::parse: values, JavaScript's property order, and V8's SyntaxError messages (each
// expected message is what Node 20 printed for the same text).
#include <gtest/gtest.h>
#include <nodecc/json.h>

#include <cmath>
#include <string>

namespace JSON = nodecc::JSON;

namespace {

std::string errorOf(std::string_view text) {
  try {
    JSON::parse(text);
  } catch (const nodecc::Error& e) {
    return e.name + ": " + e.message;
  }
  return "no error";
}

std::string roundTrip(std::string_view text) {
  return JSON::stringify(JSON::parse(text));
}

}  // namespace

TEST(JsonParse, Primitives) {
  EXPECT_TRUE(JSON::parse("null").isNull());
  EXPECT_EQ(JSON::parse(" true ").asBool(), true);
  EXPECT_EQ(JSON::parse("false").asBool(), false);
  EXPECT_EQ(JSON::parse("42").asNumber(), 42);
  EXPECT_EQ(JSON::parse("-1.5e3").asNumber(), -1500);
  EXPECT_EQ(JSON::parse("\"hi\"").asString(), "hi");
  EXPECT_EQ(JSON::parse("\"a string longer than fourteen bytes\"").asString(),
            "a string longer than fourteen bytes");
}

TEST(JsonParse, NumbersAreDoublesCorrectlyRounded) {
  EXPECT_EQ(JSON::parse("0.1").asNumber(), 0.1);
  EXPECT_EQ(JSON::parse("9007199254740993").asNumber(), 9007199254740992.0);
  EXPECT_EQ(JSON::parse("123456789012345678901234567890").asNumber(), 1.2345678901234568e29);
  EXPECT_EQ(JSON::parse("1e400").asNumber(), INFINITY);
  EXPECT_EQ(JSON::parse("-1e400").asNumber(), -INFINITY);
  EXPECT_EQ(JSON::parse("1e-400").asNumber(), 0);
  EXPECT_EQ(JSON::parse("4.9e-324").asNumber(), 4.9406564584124654e-324);
  EXPECT_TRUE(std::signbit(JSON::parse("-0").asNumber()));
  EXPECT_TRUE(std::signbit(JSON::parse("-0.0e5").asNumber()));
  // Integers are read eight digits at a time: every length around the boundaries.
  std::string digits;
  double value = 0;
  for (int length = 1; length <= 17; ++length) {
    digits += static_cast<char>('0' + length % 10);
    value = value * 10 + length % 10;
    EXPECT_EQ(JSON::parse(digits).asNumber(), value) << digits;
    EXPECT_EQ(JSON::parse("[-" + digits + "]")[0].asNumber(), -value) << digits;
  }
  EXPECT_EQ(JSON::parse("[12345678,87654321.5,1234567812345678e-8]").size(), 3u);
  EXPECT_EQ(JSON::parse("99999999").asNumber(), 99999999);
  EXPECT_EQ(JSON::parse("9999999999999999").asNumber(), 9999999999999999.0);
}

TEST(JsonParse, StringEscapes) {
  EXPECT_EQ(JSON::parse(R"("\"\\\/\b\f\n\r\t")").asString(), "\"\\/\b\f\n\r\t");
  EXPECT_EQ(JSON::parse(R"("\u00e9\u4e2d")").asString(), "\u00e9\u4e2d");
  EXPECT_EQ(JSON::parse(R"("\ud83d\ude00")").asString(), "\U0001F600");  // a pair: one char
  EXPECT_EQ(JSON::parse(R"("\u0000")").asString(), std::string(1, '\0'));
}

TEST(JsonParse, LoneSurrogatesStayAndStringifyAsEscapes) {
  // Kept in their 3-byte form, as V8 keeps them in its UTF-16 string.
  EXPECT_EQ(JSON::parse(R"("\ud800")").asString(), "\xED\xA0\x80");
  EXPECT_EQ(roundTrip(R"(["\ud800", "\udfff\ud83d", "\ude00\ud83d\ude00"])"),
            R"(["\ud800","\udfff\ud83d","\ude00)"
            "\xF0\x9F\x98\x80"
            R"("])");
}

TEST(JsonParse, InvalidUtf8ReadsAsReplacementCharacters) {
  // One U+FFFD per maximal subpart, as Node decodes a Buffer.
  EXPECT_EQ(JSON::parse("\"a\xFF"
                        "b\"")
                .asString(),
            "a\xEF\xBF\xBD"
            "b");
  EXPECT_EQ(JSON::parse("\"\xE2\x82\"").asString(), "\xEF\xBF\xBD");
  EXPECT_EQ(JSON::parse("\"\xED\xA0\x80\"").asString(), "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");
  EXPECT_EQ(JSON::parse("\"\xF0\x9F\x98\"").asString(), "\xEF\xBF\xBD");
  // Within and at the end of a run of valid sequences (the parser validates runs at once).
  EXPECT_EQ(JSON::parse("\"\xE4\xB8\xAD\xE4\xB8\xAD\xE4\x41\"").asString(),
            "\xE4\xB8\xAD\xE4\xB8\xAD\xEF\xBF\xBD"
            "A");
  EXPECT_EQ(JSON::parse("\"\xE4\xB8\xAD\xE4\xB8\"").asString(), "\xE4\xB8\xAD\xEF\xBF\xBD");
  EXPECT_EQ(JSON::parse("\"\xC3\xA9\xE4\xB8\xAD\xF0\x9F\x98\x80\xEE\x80\"").asString(),
            "\xC3\xA9\xE4\xB8\xAD\xF0\x9F\x98\x80\xEF\xBF\xBD");
}

TEST(JsonParse, ObjectsKeepJavaScriptPropertyOrder) {
  // Array-index keys first in numeric order, then the others in insertion order; "01" and
  // "4294967295" are not array indices.
  EXPECT_EQ(roundTrip(R"({"b":1,"a":2,"10":3,"9":4,"01":5,"4294967295":6,"4294967294":7})"),
            R"({"9":4,"10":3,"4294967294":7,"b":1,"a":2,"01":5,"4294967295":6})");
}

TEST(JsonParse, LaterDuplicateReplacesInPlace) {
  EXPECT_EQ(roundTrip(R"({"a":1,"b":2,"a":3})"), R"({"a":3,"b":2})");
  // The same in an object large enough to be hashed.
  std::string text = "{";
  for (int i = 0; i < 100; ++i) {
    text += "\"k" + std::to_string(i) + "\":" + std::to_string(i) + ",";
  }
  text += "\"k5\":\"again\"}";
  JSON::Value v = JSON::parse(text);
  EXPECT_EQ(v.size(), 100u);
  EXPECT_EQ(v["k5"].asString(), "again");
  EXPECT_EQ(v.asObject().begin()[5].key(), "k5");
}

// Each size of object takes its own path to find duplicates (pairwise, fingerprints, a hash
// index): every one keeps the first place of a key with its last value, index keys first.
TEST(JsonParse, DuplicatesKeepFirstPlaceLastValueAtEverySize) {
  const std::string longKey(40, 'x');  // stored out of line
  for (int n : {3, 8, 9, 40, 64, 65, 200}) {
    std::string text = "{";
    std::string expectedIndexKeys;
    std::string expectedOthers;
    for (int i = 0; i < n; ++i) {
      std::string key = i == 0 ? longKey : i == 1 ? "7" : "k" + std::to_string(i);
      text += "\"" + key + "\":[" + std::to_string(i) + "],";
      std::string value = i == 0       ? "\"last long\""
                          : i == 1     ? "{\"last\":7}"
                          : i == n - 1 ? "null"
                                       : "[" + std::to_string(i) + "]";
      (i == 1 ? expectedIndexKeys : expectedOthers) += "\"" + key + "\":" + value + ",";
    }
    text += "\"7\":{\"last\":7},\"" + longKey + "\":\"last long\",\"k" + std::to_string(n - 1) +
            "\":null}";
    std::string expected = "{" + expectedIndexKeys + expectedOthers;
    expected.back() = '}';
    EXPECT_EQ(roundTrip(text), expected) << n << " members";
    EXPECT_EQ(JSON::parse(text).size(), static_cast<std::size_t>(n)) << n << " members";
  }
}

// Arrays and objects longer and deeper than the parser's scratch stacks start with.
TEST(JsonParse, LongAndNestedContainers) {
  std::string text = "[";
  std::string object = "{";
  for (int i = 0; i < 1000; ++i) {
    text += "[" + std::to_string(i) + ",{\"a\":[\"" + std::to_string(i) + "\"]}],";
    object += "\"key number " + std::to_string(i) + "\":[" + std::to_string(i) + "],";
  }
  object.back() = '}';
  text += object + "]";
  EXPECT_EQ(roundTrip(text), text);
  JSON::Value v = JSON::parse(text);
  EXPECT_EQ(v.size(), 1001u);
  EXPECT_EQ(v[999][1]["a"][0].asString(), "999");
  EXPECT_EQ(v[1000]["key number 500"][0].asNumber(), 500);
}

TEST(JsonParse, WhitespaceIsOnlyJsonWhitespace) {
  EXPECT_EQ(roundTrip(" \t\r\n[ 1 ,\n\t2 ]\r\n"), "[1,2]");
  EXPECT_EQ(errorOf("\xC2\xA0"
                    "1"),
            "SyntaxError: Unexpected token '\xC2\xA0', \"\xC2\xA0"
            "1\" "
            "is not valid JSON");
}

TEST(JsonParse, SyntaxErrorsAreV8s) {
  struct Case {
    const char* text;
    const char* error;
  };
  const Case cases[] = {
      {"", "Unexpected end of JSON input"},
      {"{", "Expected property name or '}' in JSON at position 1"},
      {"{\"a\":1,}", "Expected double-quoted property name in JSON at position 7"},
      {"{\"a\" 1}", "Expected ':' after property name in JSON at position 5"},
      {"{\"a\":1,\"b\" 2}", "Unexpected number in JSON at position 11"},
      {"{\"a\":1 \"b\":2}", "Expected ',' or '}' after property value in JSON at position 7"},
      {"[1,2", "Expected ',' or ']' after array element in JSON at position 4"},
      {"[1,]", "Unexpected token ']', \"[1,]\" is not valid JSON"},
      {"\"abc", "Unterminated string in JSON at position 4"},
      {"\"a\x01"
       "b\"",
       "Bad control character in string literal in JSON at position 2"},
      {"\"\\x\"", "Bad escaped character in JSON at position 2"},
      {"\"\\u12g4\"", "Bad Unicode escape in JSON at position 5"},
      {"\"\\", "Unexpected end of JSON input"},
      {"1 2", "Unexpected non-whitespace character after JSON at position 2"},
      {"-", "No number after minus sign in JSON at position 1"},
      {"01", "Unexpected number in JSON at position 1"},
      {"1.", "Unterminated fractional number in JSON at position 2"},
      {"1e+", "Exponent part is missing a number in JSON at position 3"},
      {"tr1e", "Unexpected number in JSON at position 2"},
      {"tru\"", "Unexpected string in JSON at position 3"},
      {"nul", "Unexpected end of JSON input"},
      {"NaN", "\"NaN\" is not valid JSON"},
      {"undefined", "\"undefined\" is not valid JSON"},
      {"[object Object]", "\"[object Object]\" is not valid JSON"},
      {"xxxxxxxxxxxxxxxxxxxxx", "Unexpected token 'x', \"xxxxxxxxxx\"... is not valid JSON"},
      {"[1,xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx]",
       "Unexpected token 'x', \"[1,xxxxxxxxxx\"... is not valid JSON"},
      {"{\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\": x}",
       "Unexpected token 'x', ...\"aaaaaaa\": x}\" is not valid JSON"},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(errorOf(c.text), std::string("SyntaxError: ") + c.error) << c.text;
  }
}

TEST(JsonParse, PositionsCountUtf16CodeUnits) {
  // "é" is one unit, "😀" two, as in a JavaScript string.
  EXPECT_EQ(errorOf("[\"\xC3\xA9\xF0\x9F\x98\x80\" x]"),
            "SyntaxError: Expected ',' or ']' after array element in JSON at position 7");
  // The unexpected token is one code unit: half of a pair prints as U+FFFD, as Node prints it.
  EXPECT_EQ(errorOf("\xF0\x9F\x98\x80"),
            "SyntaxError: Unexpected token '\xEF\xBF\xBD', \"\xF0\x9F\x98\x80\" is not valid JSON");
  // A Latin-1 character after a backslash is a bad escape, anything above a token.
  EXPECT_EQ(errorOf("\"\\\xC3\xA9\""), "SyntaxError: Bad escaped character in JSON at position 2");
  EXPECT_EQ(
      errorOf("\"\\\xE4\xB8\xAD\""),
      "SyntaxError: Unexpected token '\xE4\xB8\xAD', \"\"\\\xE4\xB8\xAD\"\" is not valid JSON");
}

TEST(JsonParse, NestingBeyondMaxDepthThrowsRangeError) {
  std::string ok(JSON::kMaxDepth, '[');
  ok += std::string(JSON::kMaxDepth, ']');
  EXPECT_NO_THROW(JSON::parse(ok));
  std::string deep = "[" + ok + "]";
  try {
    JSON::parse(deep);
    FAIL() << "no error";
  } catch (const nodecc::RangeError& e) {
    EXPECT_EQ(e.message, "Nesting deeper than 4096 levels in JSON at position 4096");
  }
  EXPECT_THROW(JSON::parse("[[[1]]]", {.maxDepth = 2}), nodecc::RangeError);
  EXPECT_NO_THROW(JSON::parse("[[1]]", {.maxDepth = 2}));
}

TEST(JsonParse, ReviverRunsInnermostFirstAndRemovesUndefined) {
  std::string calls;
  JSON::Value v = JSON::parse(R"({"a":[1,2],"b":{"c":3},"d":4})",
                              [&](std::string_view key, JSON::Value value) -> JSON::Value {
                                calls += std::string(key) + ";";
                                if (key == "d" || key == "0") {
                                  return {};  // undefined: removed (an element becomes a hole)
                                }
                                if (value.isNumber()) {
                                  return value.asNumber() * 10;
                                }
                                return value;
                              });
  EXPECT_EQ(calls, "0;1;a;c;b;d;;");
  EXPECT_EQ(JSON::stringify(v), R"({"a":[null,20],"b":{"c":30}})");
}
