// util.inspect of objects, Maps and Sets: depth, [Object], key quoting, compact modes,
// breakLength, sorting, class names, and entries limits. (Maps are built in key order: a C++
// std::map iterates in key order, a JavaScript Map in insertion order.)
#include <nodecc/nodecc.h>

#include <cmath>
#include <map>
#include <set>
#include <variant>
using namespace nodecc;
using util::Object;

// class Point { constructor(x, y) { this.x = x; this.y = y; } }
struct Point {
  int x, y;
};
Object inspectCustom(const Point& p) { return Object("Point", {{"x", p.x}, {"y", p.y}}); }

std::string repeat(std::string_view s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

int main() {
  console.log(Object{{"a", 1}, {"b", "two"}, {"c", std::vector{3}}, {"d", Object{{"e", nullptr}}}});
  console.log(Object{{"a", Object{{"b", Object{{"c", Object{{"d", Object{}}}}}}}}, {"arr", std::vector<std::vector<std::vector<std::vector<int>>>>{{{{1}}}}}});
  console.log(Object{{"a", Object{{"b", Object{{"c", Object{}}}}}}}, Object{}, std::vector{Object{}});
  console.log(Object{{"key with space", 1}, {"valid_id", 2}, {"1abc", 3}, {"it's", 4}, {"$dollar", 5}, {"", 6}, {"é", 7}});
  console.log(Object{{"__proto__x", 1}, {"__proto__", 2}});
  console.log(Object{{"longString", repeat("x", 100)}});
  console.log(Object{{"a", repeat("x", 30)}, {"b", repeat("y", 30)}, {"c", repeat("z", 10)}});
  console.log(Object{{"a", repeat("x", 30)}, {"b", repeat("y", 30)}, {"c", repeat("z", 20)}});
  console.log(util::inspect(Object{{"a", 1}, {"b", "two"}, {"c", std::vector{3}}}, {.compact = false}));
  console.log(util::inspect(Object{{"a", 1}, {"b", Object{{"c", std::tuple(1, 2, Object{{"d", repeat("x", 90)}})}}}}, {.compact = true}));
  console.log(util::inspect(Object{{"a", Object{{"b", Object{{"c", 1}}}}}}, {.compact = 1}));
  console.log(util::inspect(Object{{"a", 1}, {"b", std::vector{1, 2, 3}}}, {.breakLength = 10}));
  console.log(util::inspect(Object{{"a", 1}, {"b", std::vector{1, 2, 3}}}, {.breakLength = INFINITY}));
  console.log(util::inspect(Object{{"b", 1}, {"a", 2}, {"c", Object{{"z", 1}, {"y", 2}}}}, {.sorted = true}));
  console.log(util::inspect(Object{{"a", Object{{"b", Object{{"c", Object{}}}}}}}, {.depth = 0}), util::inspect(Object{{"a", Object{{"b", Object{{"c", Object{{"d", 1}}}}}}}}, {.depth = INFINITY}));
  console.log(util::inspect(Object{{"a", Object{{"b", Object{{"c", Object{{"d", 1}}}}}}}}, {.depth = -1}));
  console.log(Point{1, 2}, std::vector{Point{3, 4}}, Object{{"p", Object{{"q", Object{{"r", Point{5, 6}}}}}}});
  Object empty("Empty", {});
  console.log(empty, Object{{"e", empty}});
  console.log(std::map<std::string, util::Inspectable>{{"a", 1}, {"b", Object{{"x", std::vector{1, 2}}}}}, std::set<std::variant<int, std::string>>{1, "two"}, std::map<int, int>{}, std::set<int>{});
  console.log(std::map<int, std::map<int, std::map<int, std::map<int, std::string>>>>{{1, {{2, {{3, {{4, "deep"}}}}}}}});
  console.log(std::set<std::set<std::set<std::set<int>>>>{{{{1}}}});
  console.log(std::map<std::string, std::string>{{repeat("k2", 10), repeat("v2", 10)}, {repeat("k", 30), repeat("v", 30)}});
  console.log(util::inspect(std::map<std::string, int>{{repeat("a", 30), 1}, {repeat("b", 30), 2}, {repeat("c", 30), 3}}, {.compact = true}));
  console.log(util::inspect(std::set<int>{3, 1, 2}, {.sorted = true}), util::inspect(std::map<std::string, int>{{"b", 1}, {"a", 2}}, {.sorted = true}));
  console.log(util::inspect(std::set<int>{1, 2, 3}, {.maxArrayLength = 1}), util::inspect(std::map<int, int>{{1, 2}, {3, 4}}, {.maxArrayLength = 0}));
  std::set<int> thirty;
  for (int i = 0; i < 30; ++i) thirty.insert(i);
  console.log(thirty);
  console.log(Object{{"m", std::map<std::vector<int>, std::vector<int>>{{{1}, {1, 2}}}}});
  console.log(std::tuple(std::map<std::string, int>{{"a", 1}}, std::set<std::string>{"x"}), Object{{"s", std::set<int>{}}});
  std::vector<int> upTo26;
  for (int i = 1; i <= 26; ++i) upTo26.push_back(i);
  console.log(Object{{"a", upTo26}});
}
