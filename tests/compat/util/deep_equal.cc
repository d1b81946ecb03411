// util.isDeepStrictEqual over numbers, strings, arrays, Maps, Sets, Buffers, Errors and
// nested structures.
#include <nodecc/nodecc.h>

#include <cmath>
#include <map>
#include <set>
using namespace nodecc;

template <class A, class B>
bool eq(const A& a, const B& b) { return util::isDeepStrictEqual(a, b); }
// { a: [1, { b: 2 }] } as C++ structs: compared with their operator==.
struct Inner {
  int b;
  bool operator==(const Inner&) const = default;
};
struct Outer {
  std::tuple<int, Inner> a;
  bool operator==(const Outer&) const = default;
};
using M = std::map<std::string, int>;

int main() {
  console.log(eq(1, 1), eq(1, 1.0), eq(1, 2), eq(NAN, NAN), eq(0.0, -0.0), eq(-0.0, -0.0));
  console.log(eq("a", "a"), eq("a", "b"), eq(true, true), eq(true, false), eq(nullptr, nullptr), eq(undefined, undefined), eq(nullptr, undefined));
  console.log(eq(1, "1"), eq(0, false), eq(BigInt{42}, BigInt{42}), eq(BigInt{42}, BigInt{43}));
  console.log(eq(std::vector{1, 2, 3}, std::vector{1, 2, 3}), eq(std::vector{1, 2, 3}, std::vector{1, 2}), eq(std::vector{1, 2, 3}, std::vector{1, 3, 2}), eq(std::vector<int>{}, std::vector<int>{}));
  using N = std::vector<std::tuple<int, std::vector<int>>>;
  console.log(eq(std::tuple(N{{1, {2}}}, std::vector{3}), std::tuple(N{{1, {2}}}, std::vector{3})), eq(N{{1, {2}}}, N{{1, {3}}}), eq(std::vector{NAN}, std::vector{NAN}), eq(std::vector{0.0}, std::vector{-0.0}));
  console.log(eq(M{{"a", 1}, {"b", 2}}, M{{"b", 2}, {"a", 1}}), eq(M{{"a", 1}}, M{{"a", 2}}));
  console.log(eq(std::map<std::string, std::vector<int>>{{"a", {1}}}, std::map<std::string, std::vector<int>>{{"a", {1}}}), eq(std::map<int, std::string>{{1, "x"}}, std::map<int, std::string>{{2, "x"}}), eq(M{}, M{}));
  console.log(eq(std::set<int>{1, 2}, std::set<int>{2, 1}), eq(std::set<int>{1, 2}, std::set<int>{1, 3}), eq(std::set<int>{1}, std::set<int>{1, 2}));
  console.log(eq(Buffer::from("abc"), Buffer::from("abc")), eq(Buffer::from("abc"), Buffer::from("abd")), eq(Buffer::alloc(0), Buffer::alloc(0)));
  Error e1("x"), e2("x"), e3("y");
  TypeError e4("", "x");
  console.log(eq(e1, e2), eq(e1, e3), eq(e1, e4));
  console.log(eq(Outer{{1, {2}}}, Outer{{1, {2}}}), eq(Outer{{1, {2}}}, Outer{{1, {3}}}));
  console.log(eq(std::tuple(1, nullptr), std::tuple(1, nullptr)), eq(std::tuple(1, undefined), std::tuple(1, nullptr)), eq(std::tuple("x", 1.5), std::tuple("x", 1.5)));
}
