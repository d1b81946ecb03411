// JSON::stringify: V8's bytes for numbers, strings, layout, replacers and undefined (each
// expected output is what Node 20's JSON.stringify printed for the same value).
#include <gtest/gtest.h>
#include <nodecc/json.h>

#include <cmath>
#include <limits>
#include <string>

namespace JSON = nodecc::JSON;

TEST(JsonStringify, NumbersAsEcmaScriptNumberToString) {
  struct Case {
    double x;
    const char* text;
  };
  const Case cases[] = {
      {7, "7"},
      {-0.0, "0"},
      {0.1, "0.1"},
      {1.5e-7, "1.5e-7"},
      {1e-7, "1e-7"},
      {0.000001, "0.000001"},
      {1e21, "1e+21"},
      {1e20, "100000000000000000000"},
      {123456789012345678901.0, "123456789012345680000"},
      {1.7976931348623157e308, "1.7976931348623157e+308"},
      {5e-324, "5e-324"},
      {-1.5, "-1.5"},
      {0.30000000000000004, "0.30000000000000004"},
      {9007199254740993.0, "9007199254740992"},
      {std::numeric_limits<double>::quiet_NaN(), "null"},
      {INFINITY, "null"},
      {-INFINITY, "null"},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(JSON::stringify(JSON::Value(c.x)), c.text) << c.text;
  }
}

TEST(JsonStringify, StringEscapes) {
  EXPECT_EQ(JSON::stringify("\"\\/\b\f\n\r\t\x01\x1f\x7f"), R"("\"\\/\b\f\n\r\t\u0001\u001f)"
                                                            "\x7f\"");
  EXPECT_EQ(JSON::stringify("\u2028\u2029 \u00e9 \U0001F600"),
            "\"\u2028\u2029 \u00e9 \U0001F600\"");
  // Lone surrogates (3-byte forms) as escapes; a high one followed by a low one is a pair.
  EXPECT_EQ(JSON::stringify("\xED\xA0\x80|\xED\xBF\xBF|\xED\xA0\xBD\xED\xB8\x80"),
            "\"\\ud800|\\udfff|\xF0\x9F\x98\x80\"");
}

TEST(JsonStringify, UndefinedMembersOmittedElementsNull) {
  JSON::Value v =
      JSON::Object{{"a", JSON::Value()}, {"b", 1}, {"c", JSON::Array{JSON::Value(), 2}}};
  EXPECT_EQ(JSON::stringify(v), R"({"b":1,"c":[null,2]})");
  EXPECT_EQ(JSON::stringify(JSON::Value()), "");  // JavaScript's undefined
  EXPECT_EQ(JSON::stringify(JSON::Object{}), "{}");
  EXPECT_EQ(JSON::stringify(JSON::Array{}), "[]");
}

TEST(JsonStringify, SpaceIndents) {
  JSON::Value v = JSON::parse(R"({"a":[1,{"b":[]}],"c":{}})");
  EXPECT_EQ(JSON::stringify(v, nullptr, 2),
            "{\n  \"a\": [\n    1,\n    {\n      \"b\": []\n    }\n  ],\n  \"c\": {}\n}");
  EXPECT_EQ(JSON::stringify(v, nullptr, "\t"),
            "{\n\t\"a\": [\n\t\t1,\n\t\t{\n\t\t\t\"b\": []\n\t\t}\n\t],\n\t\"c\": {}\n}");
  EXPECT_EQ(JSON::stringify(JSON::Array{1}, nullptr, 20), "[\n          1\n]");  // clamped to 10
  EXPECT_EQ(JSON::stringify(JSON::Array{1}, nullptr, 0), "[1]");
  EXPECT_EQ(JSON::stringify(JSON::Array{1}, nullptr, -3), "[1]");
  EXPECT_EQ(JSON::stringify(JSON::Array{1}, nullptr, 2.9), "[\n  1\n]");  // truncated
  EXPECT_EQ(JSON::stringify(JSON::Array{1}, nullptr, "abcdefghijkl"), "[\nabcdefghij1\n]");
}

TEST(JsonStringify, ReplacerFunctionSeesEveryKeyAndCanDrop) {
  std::string keys;
  JSON::Value v = JSON::parse(R"({"a":1,"b":[2,3],"secret":"x"})");
  std::string out = JSON::stringify(v, [&](std::string_view key, JSON::Value value) -> JSON::Value {
    keys += '[';
    keys += key;
    keys += ']';
    if (key == "secret") {
      return {};
    }
    if (value.isNumber()) {
      return value.asNumber() + 100;
    }
    return value;
  });
  EXPECT_EQ(out, R"({"a":101,"b":[102,103]})");
  EXPECT_EQ(keys, "[][a][b][0][1][secret]");
  // Undefined for the root: JavaScript's undefined, "" here.
  EXPECT_EQ(JSON::stringify(v, [](std::string_view, JSON::Value) { return JSON::Value(); }), "");
}

TEST(JsonStringify, ReplacerKeyListPicksMembersInListOrder) {
  JSON::Value v = JSON::parse(R"({"a":1,"b":2,"c":{"a":3,"z":4},"d":[{"a":5,"b":6}]})");
  EXPECT_EQ(JSON::stringify(v, {"d", "a", "c", "a", "missing"}),
            R"({"d":[{"a":5}],"a":1,"c":{"a":3}})");
  EXPECT_EQ(JSON::stringify(v, std::vector<std::string>{"b"}, 1), "{\n \"b\": 2\n}");
}

TEST(JsonStringify, DeepValuesThrowRangeError) {
  JSON::Value v;
  for (std::size_t i = 0; i <= JSON::kMaxDepth; ++i) {
    JSON::Array a;
    a.push_back(std::move(v));
    v = std::move(a);
  }
  try {
    JSON::stringify(v);
    FAIL() << "no error";
  } catch (const nodecc::RangeError& e) {
    EXPECT_EQ(e.message, "Maximum call stack size exceeded");
  }
}

TEST(JsonStringify, RoundTripsTheSameBytes) {
  const char* text =
      R"({"9":[1,-2.5,1e-7,"\u0000\u001f\"\\",true,false,null],"k":{"":{},"x":[]},"s":"é😀"})";
  EXPECT_EQ(JSON::stringify(JSON::parse(text)), text);
}
