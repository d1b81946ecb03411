// util.inspect of numbers, bigints, booleans, null, undefined and strings: Node's quoting,
// escapes, line splitting and limits.
#include <nodecc/nodecc.h>

#include <cmath>
using namespace nodecc;

std::string repeat(std::string_view s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

int main() {
  console.log(util::inspect(-0.0), util::inspect(0), util::inspect(NAN), util::inspect(-INFINITY));
  console.log(util::inspect(1e21), util::inspect(1e-7), util::inspect(123e-20), util::inspect(0.000001));
  console.log(util::inspect(0.1 + 0.2), util::inspect(std::pow(2, 53)), util::inspect(5e-324), util::inspect(1.5e300));
  console.log(util::inspect(123456789.123), util::inspect(-1.5e-10), util::inspect(100), util::inspect(-7));
  console.log(util::inspect(BigInt{42}), util::inspect(BigInt{-9007199254740993}), util::inspect(true), util::inspect(nullptr));
  console.log(util::inspect(undefined), std::tuple(undefined, nullptr));
  console.log(util::inspect(1234567.891, {.numericSeparator = true}));
  console.log(util::inspect(-1234.5678, {.numericSeparator = true}), util::inspect(1e-7, {.numericSeparator = true}));
  console.log(util::inspect(BigInt{123456789}, {.numericSeparator = true}), util::inspect(-1234, {.numericSeparator = true}));
  console.log(util::inspect("plain"), util::inspect(""), util::inspect("it's"));
  console.log(util::inspect("it's \"x\""), util::inspect("it's \"x\" `y`"), util::inspect("it's \"x\" ${y}"));
  console.log(util::inspect(std::string_view("tab\there\nnew\\back\r\b\f\v\x00\x07\x1b\x7f", 25)));
  console.log(util::inspect("C1 \u0085 \u009f and \u00a0 é 日本 😀"));
  console.log(util::inspect(repeat("x", 30), {.maxStringLength = 10}), util::inspect("ab", {.maxStringLength = 1}));
  console.log(util::inspect("line1\nline2\nline3 and more text to get over the limit of the break length yes"));
  console.log(util::inspect(repeat("a", 90)));
  console.log(util::inspect("short\nlines"), util::inspect("ends with newline and is quite long........\n"));
  console.log(util::inspect(repeat("x", 20) + "\n" + repeat("y", 20), {.breakLength = 10}));
  console.log(util::inspect(repeat("no split when compact is true\n", 4), {.compact = true}));
  console.log(std::vector{util::inspect("nested strings are split at their own indentation of the object.\nsecond line here")});
  console.log(util::Object{{"key", "nested strings are split at their own indentation of the object.\nsecond line here"}});
}
