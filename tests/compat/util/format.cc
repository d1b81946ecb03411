// util.format: every placeholder with every kind of argument, and what is left over.
#include <nodecc/nodecc.h>

#include <cmath>
#include <map>
using namespace nodecc;
using util::Object;

int main() {
  console.log(util::format("%s|%s|%s|%s", "str", 42, -0.0, 1.5));
  console.log(util::format("%s|%s|%s|%s", true, nullptr, undefined, BigInt{42}));
  console.log(util::format("%s", std::tuple(1, std::tuple(2, std::vector{3}))));
  console.log(util::format("%s", std::map<std::string, int>{{"a", 1}}));
  console.log(util::format("%d|%d|%d|%d|%d", 42, "42", "42abc", "", " 7 "));
  console.log(util::format("%d|%d|%d|%d", 1.5, -0.0, true, nullptr));
  console.log(util::format("%d|%d|%d", undefined, BigInt{42}, "0x1F"));
  console.log(util::format("%i|%i|%i|%i|%i", 42.9, "42.9", "-0x1F", "abc", 1e21));
  console.log(util::format("%i|%i", BigInt{42}, -7));
  console.log(util::format("%f|%f|%f|%f|%f", 1.5, "1.5x", ".5e-3z", "abc", "-Infinityx"));
  console.log(util::format("%j", Object{{"a", std::vector{1, 2}}, {"b", "x\"y"}, {"c", nullptr}}));
  console.log(util::format("%j|%j|%j", "str", 42, undefined));
  console.log(util::format("%j", std::vector<std::optional<double>>{std::nullopt, 1.5, NAN, INFINITY}));
  console.log(util::format("%o", std::tuple(1, Object{{"a", 2}})));
  console.log(util::format("%O", Object{{"a", Object{{"b", Object{{"c", Object{{"d", 1}}}}}}}}));
  console.log(util::format("%c%s%c", "color: red", "x", "y"));
  console.log(util::format("100%% %s", "done"));
  console.log(util::format("a %% b"));
  console.log(util::format("%s %s", "only"));
  console.log(util::format("%z %s", 1));
  console.log(util::format("%", 1));
  console.log(util::format("%s", "a", "b", 3, Object{{"k", "v"}}, std::vector{1}));
  console.log(util::format(1, 2, "a", nullptr));
  console.log(util::format(Object{{"a", 1}}, "b"));
  console.log(util::format());
  console.log(util::format("no placeholders", "extra"));
  console.log(util::format("%s:%s", "a"));
  console.log(util::format("%%s", "x"));
  console.log(util::formatWithOptions({.colors = true}, "%s %O", "x", std::tuple(1, "two")));
  console.log(util::formatWithOptions({.numericSeparator = true}, "%d %i %s", 1234567, 7654321, 1e6));
  console.log(util::format("%s", "multi\nline"), util::format("%s", ""));
}
