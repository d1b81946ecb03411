// util.inspect of arrays: the 100-item limit, grouping into columns (numbers right-aligned,
// other entries left-aligned), line breaking, nesting and options.
#include <nodecc/nodecc.h>

#include <cmath>
#include <variant>
using namespace nodecc;

template <class F = int (*)(int)>
auto range(int n, F f = [](int i) { return i; }) {
  std::vector<decltype(f(0))> out;
  for (int i = 0; i < n; ++i) out.push_back(f(i));
  return out;
}
std::string repeat(std::string_view s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}
using V1 = std::vector<int>;
using V2 = std::vector<V1>;
using V3 = std::vector<V2>;
using V4 = std::vector<V3>;
using Tuple3 = std::tuple<int, int, std::tuple<int, int, std::tuple<int, std::vector<int>>>>;

int main() {
  console.log(range(120));
  console.log(range(7), range(6), std::vector<int>{});
  console.log(range(30, [](int i) { return "item" + std::to_string(i); }));
  console.log(range(27, [](int i) { return i < 3 ? std::vector{1.5, 22.25, 333.0}[i] : i + 1; }));
  console.log(std::vector<std::string>{"a", "bb", "ccc", "dddd", "eeeee", "f", "g", "h", "iiiiiiiiii", "j", "k", "l", "m", "n", "o", "p"});
  console.log(std::vector{repeat("a", 20), repeat("b", 20), repeat("c", 20), repeat("d", 20)});
  console.log(range(26, [](int i) { return repeat(std::string(1, char(97 + i)), i % 5 + 1); }));
  console.log(range(10, [](int i) { return -double(i) * 1000; }), range(8, [](int i) { return int64_t(std::pow(2, i * 4)); }));
  console.log(range(12, [](int i) { return BigInt{i * i}; }));
  console.log(range(16, [](int i) { return i % 2 == 0; }));
  console.log(std::vector{Tuple3{1, 2, {3, 4, {5, {6}}}}}, V4{V3{V2{V1{}}}});
  console.log(range(3, [](int i) { return range(4, [i](int j) { return i * j; }); }));
  console.log(range(8, [](int i) { return range(3, [i](int j) { return util::format("r%sc%s", i, j); }); }));
  console.log(util::inspect(range(5), {.maxArrayLength = 2}), util::inspect(std::vector{1}, {.maxArrayLength = 0}));
  console.log(util::inspect(range(200), {.maxArrayLength = 150, .breakLength = 120}));
  console.log(util::inspect(range(10), {.compact = 1}), util::inspect(range(3), {.compact = false}));
  console.log(util::inspect(range(30), {.compact = true}));
  console.log(util::inspect(range(9), {.showHidden = true}), util::inspect(std::vector<int>{}, {.showHidden = true}));
  console.log(util::inspect(std::vector{3, 1, 2}, {.sorted = true}), util::inspect(range(4), {.depth = 0}));
  using Nested = std::vector<std::tuple<int, std::vector<int>>>;
  console.log(util::inspect(Nested{{1, {2}}}, {.depth = 0}), util::inspect(Nested{{1, {2}}}, {.depth = 1}));
  console.log(util::inspect(range(12, [](int i) { return repeat("x", i); }), {.breakLength = 40}));
  using Deep = std::tuple<int, std::tuple<int, std::tuple<int, std::tuple<int, std::vector<int>>>>>;
  console.log(Deep{1, {2, {3, {4, {5}}}}}, util::inspect(Deep{1, {2, {3, {4, {5}}}}}, {.depth = INFINITY}));
  auto strs = range(101, [](int i) { return "str" + std::to_string(i); });
  console.log(std::vector(strs.begin() + 95, strs.end()));
  console.log(range(120, [](int i) { return i % 2 ? std::variant<int, std::string>("odd") : std::variant<int, std::string>(i); }));
}
