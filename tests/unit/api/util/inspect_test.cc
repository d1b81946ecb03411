// util.inspect beyond what the compat pairs compare with Node: C++ types (floats, 64-bit
// integers, enums, holders, vector<bool>), bytes that are not UTF-8, the Inspect<T> plug-in a
// dynamic value type uses, cycles through shared_ptr, and limits.
#include <gtest/gtest.h>
#include <nodecc/nodecc.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <variant>

namespace nodecc {

// A dynamic value (as a JSON type is) printed through the Inspect<T> plug-in: an array or an
// object with Node's layout, scalars as the primitives they are.
struct Dyn {
  std::variant<std::nullptr_t, double, std::string, std::vector<Dyn>,
               std::vector<std::pair<std::string, Dyn>>>
      v;
};

template <>
struct util::Inspect<Dyn> {
  static std::string inspect(InspectContext& ctx, const Dyn& d, int recurseTimes) {
    switch (d.v.index()) {
      case 0:
        return ctx.null();
      case 1:
        return ctx.number(std::get<1>(d.v));
      case 2:
        return ctx.string(std::get<2>(d.v));
      case 3: {
        const auto& a = std::get<3>(d.v);
        return ctx.array(d, a.size(), recurseTimes, [&](InspectEntries& out) {
          size_t n = 0;
          for (const Dyn& e : a) {
            if (n++ == out.limit()) {
              break;
            }
            out.element(e);
          }
          out.remaining(a.size() - std::min(a.size(), out.limit()));
        });
      }
      default: {
        const auto& o = std::get<4>(d.v);
        return ctx.object(d, "Object", o.empty(), recurseTimes, [&](InspectEntries& out) {
          for (const auto& [k, v] : o) {
            out.property(k, v);
          }
        });
      }
    }
  }
};

namespace {

using util::inspect;

TEST(Inspect, PrintsIntegersExactlyAcrossTheir64BitRange) {
  EXPECT_EQ(inspect(std::numeric_limits<uint64_t>::max()), "18446744073709551615");
  EXPECT_EQ(inspect(std::numeric_limits<int64_t>::min()), "-9223372036854775808");
  EXPECT_EQ(inspect(uint8_t(200)), "200");
  EXPECT_EQ(inspect(int8_t(-5)), "-5");
}

TEST(Inspect, PrintsAFloatWithItsOwnShortestDigits) {
  EXPECT_EQ(inspect(0.1f), "0.1");
  EXPECT_EQ(inspect(-0.0f), "-0");
  EXPECT_EQ(inspect(double(0.1f)), "0.10000000149011612");
  EXPECT_EQ(inspect(1e21f), "1e+21");
}

TEST(Inspect, PrintsCharsAsStringsAndEnumsAsNumbers) {
  enum class Color { kRed = 3 };
  EXPECT_EQ(inspect('x'), "'x'");
  EXPECT_EQ(inspect(Color::kRed), "3");
}

TEST(Inspect, PrintsHoldersAsWhatTheyHold) {
  EXPECT_EQ(inspect(std::optional<int>(4)), "4");
  EXPECT_EQ(inspect(std::optional<int>()), "undefined");
  EXPECT_EQ(inspect(std::nullopt), "undefined");
  EXPECT_EQ(inspect(std::variant<int, std::string>("s")), "'s'");
  EXPECT_EQ(inspect(std::make_unique<int>(5)), "5");
  EXPECT_EQ(inspect(std::unique_ptr<int>()), "null");
  int x = 6;
  EXPECT_EQ(inspect(std::ref(x)), "6");
  EXPECT_EQ(inspect(std::vector<bool>{true, false}), "[ true, false ]");
  EXPECT_EQ(inspect(std::pair(1, "a")), "[ 1, 'a' ]");
  EXPECT_EQ(inspect(static_cast<const char*>(nullptr)), "null");
}

TEST(Inspect, ShowsBytesThatAreNotUtf8AsHexEscapes) {
  EXPECT_EQ(inspect(std::string("a\xff\xc3z")), "'a\\xFF\\xC3z'");
  EXPECT_EQ(inspect(std::string("\xed\xa0\x80")), "'\\xED\\xA0\\x80'");
}

TEST(Inspect, FollowsTheInspectPlugInWithNodesLayout) {
  Dyn inner{std::vector<std::pair<std::string, Dyn>>{{"deep", Dyn{1.0}}}};
  Dyn v{std::vector<std::pair<std::string, Dyn>>{
      {"a", Dyn{1.5}},
      {"list", Dyn{std::vector<Dyn>{Dyn{nullptr}, Dyn{std::string("x")}}}},
      {"o", Dyn{std::vector<std::pair<std::string, Dyn>>{
                {"p", Dyn{std::vector<std::pair<std::string, Dyn>>{{"q", inner}}}}}}}}};
  EXPECT_EQ(inspect(v), "{ a: 1.5, list: [ null, 'x' ], o: { p: { q: [Object] } } }");
  EXPECT_EQ(inspect(Dyn{std::vector<Dyn>{}}), "[]");
  EXPECT_EQ(util::format("%s|%o", v, Dyn{2.0}), "{ a: 1.5, list: [Array], o: [Object] }|2");
}

struct OnlyCustom {};
std::string inspectCustom(const OnlyCustom&) {
  return "only";
}
struct Numbers : std::vector<int> {};
std::string inspectCustom(const Numbers& n) {
  return "Numbers<" + std::to_string(n.size()) + ">";
}

struct Node {
  std::string name;
  std::vector<std::shared_ptr<Node>> next;
};
util::Object inspectCustom(const Node& n) {
  return util::Object{{"name", n.name}, {"next", n.next}};
}

TEST(Inspect, MarksACycleThroughSharedPointers) {
  auto a = std::make_shared<Node>(Node{"a", {}});
  auto b = std::make_shared<Node>(Node{"b", {a}});
  a->next.push_back(b);
  // What Node prints for the same objects (four levels: one too many to share a line).
  EXPECT_EQ(inspect(a, {.depth = INFINITY}),
            "<ref *1> {\n  name: 'a',\n  next: [ { name: 'b', next: [ [Circular *1] ] } ]\n}");
  a->next.clear();
}

TEST(Inspect, PrintsEveryEntryWithoutALimit) {
  std::vector<int> v(150, 7);
  std::string s = inspect(v, {.maxArrayLength = INFINITY, .breakLength = INFINITY});
  EXPECT_EQ(s.find("more items"), std::string::npos);
  EXPECT_EQ(std::count(s.begin(), s.end(), '7'), 150);
}

TEST(Inspect, CutsStringsAtMaxStringLengthInUtf16Units) {
  // "😀" is two UTF-16 code units: a cut in its middle keeps it out whole.
  EXPECT_EQ(inspect(std::string("a😀b"), {.maxStringLength = 2}), "'a'... 2 more characters");
  EXPECT_EQ(inspect(std::string("a😀b"), {.maxStringLength = 3}), "'a😀'... 1 more character");
}

TEST(Inspect, CustomInspectFalseFallsBackOnlyWhereThereIsAnotherWay) {
  EXPECT_EQ(inspect(OnlyCustom{}), "only");
  EXPECT_EQ(inspect(OnlyCustom{}, {.customInspect = false}), "only");
  EXPECT_EQ(inspect(Numbers{{1, 2}}), "Numbers<2>");
  EXPECT_EQ(inspect(Numbers{{1, 2}}, {.customInspect = false}), "[ 1, 2 ]");
}

}  // namespace
}  // namespace nodecc
