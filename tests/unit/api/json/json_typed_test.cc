// The typed path: structs declared with NODECC_JSON, the standard containers, toJSON and
// fromJSON, and errors naming the path of a mismatch.
#include <gtest/gtest.h>
#include <nodecc/json.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace JSON = nodecc::JSON;

namespace shapes {

struct Point {
  double x = 0;
  double y = 0;
};
NODECC_JSON(Point, x, y);

struct Polygon {
  std::string name;
  std::vector<Point> points;
  std::optional<std::string> color;
  std::map<std::string, int> tags;
  bool closed = false;
  std::uint8_t layer = 0;
  JSON::Value extra;
};
NODECC_JSON(Polygon, name, points, color, tags, closed, layer, extra);

// A key that is not a C++ name: the fields function by hand.
struct Person {
  std::string firstName;
  int age = 0;
};
inline auto nodeccJsonFields(const Person*) {
  return std::make_tuple(JSON::field("first_name", &Person::firstName),
                         JSON::field("age", &Person::age));
}

// JavaScript's toJSON(key), and a fromJSON for the way back.
struct Money {
  long long cents = 0;
  JSON::Value toJSON(std::string_view key) const {
    return std::to_string(cents / 100) + "." + (cents % 100 < 10 ? "0" : "") +
           std::to_string(cents % 100) + (key.empty() ? "" : " (" + std::string(key) + ")");
  }
  static Money fromJSON(const JSON::Value& v) {
    std::string_view s = v.asString();
    auto dot = s.find('.');
    return Money{std::stoll(std::string(s.substr(0, dot))) * 100 +
                 std::stoll(std::string(s.substr(dot + 1, 2)))};
  }
};

struct Invoice {
  Money total;
  std::vector<Money> lines;
};
NODECC_JSON(Invoice, total, lines);

}  // namespace shapes

namespace {

std::string errorOf(auto&& f) {
  try {
    f();
  } catch (const nodecc::Error& e) {
    return e.name + ": " + e.message;
  }
  return "no error";
}

}  // namespace

TEST(JsonTyped, ParsesAndStringifiesStructs) {
  const char* text =
      R"({"name":"tri","points":[{"x":0,"y":0},{"x":1,"y":0.5}],"tags":{"b":2,"a":1},)"
      R"("closed":true,"layer":3,"extra":{"any":[1,"json"]}})";
  auto p = JSON::parse<shapes::Polygon>(text);
  EXPECT_EQ(p.name, "tri");
  ASSERT_EQ(p.points.size(), 2u);
  EXPECT_EQ(p.points[1].y, 0.5);
  EXPECT_FALSE(p.color.has_value());
  EXPECT_EQ(p.tags["b"], 2);
  EXPECT_EQ(p.layer, 3);
  EXPECT_EQ(p.extra["any"][1].asString(), "json");
  // std::map iterates in key order; the missing optional is left out, as undefined.
  EXPECT_EQ(JSON::stringify(p),
            R"({"name":"tri","points":[{"x":0,"y":0},{"x":1,"y":0.5}],"tags":{"a":1,"b":2},)"
            R"("closed":true,"layer":3,"extra":{"any":[1,"json"]}})");
  p.color = "red";
  EXPECT_EQ(JSON::stringify(shapes::Point{1, 2}, nullptr, 2), "{\n  \"x\": 1,\n  \"y\": 2\n}");
  // The direct writer and the Value path agree.
  EXPECT_EQ(JSON::stringify(p), JSON::stringify(JSON::Value(p)));
}

TEST(JsonTyped, ErrorsNameThePath) {
  EXPECT_EQ(
      errorOf([] { JSON::parse<shapes::Polygon>(R"({"name":"t","points":[{"x":1,"y":"2"}]})"); }),
      "TypeError: Expected a number at points[0].y, got a string");
  EXPECT_EQ(errorOf([] { JSON::parse<shapes::Polygon>(R"({"points":[]})"); }),
            "TypeError: Expected a string at name, got undefined");
  EXPECT_EQ(errorOf([] { JSON::parse<shapes::Point>("[1,2]"); }),
            "TypeError: Expected an object, got an array");
  EXPECT_EQ(errorOf([] {
              JSON::parse<shapes::Polygon>(
                  R"({"name":"t","points":[],"tags":{"k":1.5},"closed":false,"layer":1})");
            }),
            "TypeError: Expected an integer at tags.k, got 1.5");
  EXPECT_EQ(errorOf([] {
              JSON::parse<shapes::Polygon>(
                  R"({"name":"t","points":[],"tags":{},"closed":false,"layer":300})");
            }),
            "RangeError: Expected an integer from 0 to 255 at layer, got 300");
  EXPECT_EQ(errorOf([] { JSON::parse<std::vector<int>>("[1,null]"); }),
            "TypeError: Expected an integer at [1], got null");
}

TEST(JsonTyped, RenamedFieldsToJsonAndFromJson) {
  auto person = JSON::parse<shapes::Person>(R"({"first_name":"Ada","age":36})");
  EXPECT_EQ(person.firstName, "Ada");
  EXPECT_EQ(JSON::stringify(person), R"({"first_name":"Ada","age":36})");

  shapes::Invoice invoice{{1234}, {{5}, {1229}}};
  // toJSON gets the key it is written under: the member's name, or the element's index.
  std::string text = JSON::stringify(invoice);
  EXPECT_EQ(text, R"x({"total":"12.34 (total)","lines":["0.05 (0)","12.29 (1)"]})x");
  auto back = JSON::parse<shapes::Invoice>(R"({"total":"12.34","lines":["0.05"]})");
  EXPECT_EQ(back.total.cents, 1234);
  EXPECT_EQ(back.lines.at(0).cents, 5);
  EXPECT_EQ(JSON::stringify(shapes::Money{250}), "\"2.50\"");
}

TEST(JsonTyped, ValueConvertsBothWays) {
  JSON::Value v = shapes::Point{3, 4};
  EXPECT_EQ(v["y"].asNumber(), 4);
  EXPECT_EQ(v.as<shapes::Point>().x, 3);
  EXPECT_EQ(JSON::parse("[1,2,3]").as<std::vector<int>>(), (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(JSON::Value(std::vector<std::string>{"a", "b"}), JSON::parse(R"(["a","b"])"));
  EXPECT_EQ(JSON::stringify(std::optional<int>()), "");
  EXPECT_EQ(JSON::stringify(std::vector<std::optional<int>>{1, std::nullopt}), "[1,null]");
  // Integers wider than 2^53 are written exactly (JavaScript would have rounded them).
  EXPECT_EQ(JSON::stringify(std::vector<long long>{9007199254740993LL}), "[9007199254740993]");
}

TEST(JsonTyped, MapsWriteArrayIndexKeysFirst) {
  std::map<std::string, int> m{{"b", 1}, {"10", 2}, {"9", 3}, {"a", 4}};
  EXPECT_EQ(JSON::stringify(m), R"({"9":3,"10":2,"a":4,"b":1})");
  EXPECT_EQ(JSON::stringify(m), JSON::stringify(JSON::Value(m)));
}

TEST(JsonTyped, ReplacerAppliesToTypedValues) {
  std::string out = JSON::stringify(shapes::Point{1, 2}, {"y"});
  EXPECT_EQ(out, R"({"y":2})");
}
