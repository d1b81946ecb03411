// Numbers: JSON.stringify's Number::toString (shortest digits, exponent from 1e21 and below
// 1e-6, -0 as 0, NaN and Infinity as null), and JSON.parse's correctly rounded doubles.
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>
#include <nodecc/nodecc.h>
using namespace nodecc;

int main() {
  const std::vector<double> numbers = {0, -0.0, 1, -1, 7, 0.1, 0.2, 0.30000000000000004, 1.5e-7, 1e-7, 0.000001, 123e-20, 1e21, 1e20, 999999999999999999999.0, 123456789012345680000.0, 5e-324, 1.7976931348623157e308, 9007199254740992.0, 9007199254740992.0 + 2, -1.5, 4.35, 1.0 / 3, 2.0 / 3, 100, 1e2, 0.1 + 0.7, std::nan(""), INFINITY, -INFINITY};
  for (double n : numbers) {
    std::printf("%s %s %s\n", JSON::stringify(n).c_str(), JSON::stringify(JSON::Array{n}).c_str(), JSON::stringify(JSON::Object{{"n", n}}).c_str());
  }
  const std::vector<std::string> texts = {"0", "-0", "1E2", "1e-2", "-0.0e+0", "123456789012345678901234567890", "1.7976931348623157e309", "0.1e-400", "  42  ", "[1.0, 2.50, -3e0, 0.1e1]", "9007199254740993", "2.2250738585072011e-308"};
  for (const std::string& t : texts) {
    std::printf("%s -> %s\n", t.c_str(), JSON::stringify(JSON::parse(t)).c_str());
  }
  return nodecc::run();
}
