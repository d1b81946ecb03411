// console.table: Node's box drawing for arrays of primitives, objects and arrays, objects of
// rows, Maps, Sets, column filters, wide characters and primitives.
#include <nodecc/nodecc.h>

#include <map>
#include <set>
#include <variant>
using namespace nodecc;
using util::Object;
using util::Inspectable;

int main() {
  console.table(std::vector<Inspectable>{1, "two", Object{{"a", 1}, {"b", "x"}}});
  console.table(std::vector<std::vector<int>>{{1, 2}, {3, 4, 5}});
  console.table(Object{{"r1", Object{{"b", 1}, {"a", 2}, {"1", "one"}}}, {"r2", Object{{"c", 3}}}});
  console.table(std::map<std::string, Inspectable>{{"k1", Object{{"x", 1}}}, {"k2", "v"}});
  console.table(std::set<std::variant<std::string, int>>{"a", 1});
  console.table(std::vector{Object{{"a", 1}, {"b", 2}}, Object{{"a", 3}, {"c", Object{{"d", 1}, {"e", 2}, {"f", 3}}}}}, {"a", "c"});
  console.table(std::vector{Object{{"name", "héllo 日本"}, {"v", std::vector{1, 2, 3, 4, 5}}}, Object{{"name", nullptr}, {"v", undefined}}});
  console.table(std::vector{Object{{"nested", Object{{"x", 1}, {"y", 2}}}}, Object{{"nested", std::map<int, int>{{1, 2}}}}});
  console.table(42);
  console.table("str");
  console.table(std::vector<int>{});
  console.table(std::vector{1, 2}, {"missing"});
  console.table(std::vector<Inspectable>{Object{{"x", 1}}, "prim"}, {"x"});
}
