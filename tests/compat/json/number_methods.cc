// Number.prototype.toFixed / toPrecision / toExponential and String(x) on edge values and on
// a generated table (a 32-bit LCG, the same in number_methods.js), then V8's RangeErrors.
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>
#include <nodecc/nodecc.h>
using namespace nodecc;

int main() {
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<double> values = {0, -0.0, 0.25, 1.005, -0.0001, 1e21, -1e21, 123.456, 0.5, 2.5, 1.45,
                                std::nan(""), inf, -inf, -1.5, 1e-10, 0.000001234, 0.0000001234, 99.99,
                                5e-7, 123456, -1.25, 0.1, 123, 1.7976931348623157e308, 5e-324, 999.9999,
                                9.995, 0.045, 12345678000000, 4.35, 1e20, 0.3, 9007199254740992, 1.0 / 3,
                                -2.0 / 3};
  const double scales[] = {1e-20, 1e-15, 1e-10, 1e-7, 1e-6, 1e-5, 1e-3, 1e-2, 0.1, 1,
                           10,    100,   1e3,   1e5,  1e6,  1e10, 1e15, 1e20, 1e21, 1e25};
  uint32_t seed = 12345;
  auto next = [&] { return seed = seed * 1103515245u + 12345u; };
  for (int i = 0; i < 400; i++) {
    double mantissa = (double(next()) - 2147483648.0) / 2147483648.0;
    values.push_back(mantissa * scales[next() % 20]);
  }
  for (double x : values) {
    std::string line = Number::toString(x);
    for (int d : {0, 1, 2, 3, 5, 10, 20, 100}) line += " " + Number::toFixed(x, d);
    for (int d : {1, 2, 3, 6, 7, 21, 100}) line += " " + Number::toPrecision(x, d);
    for (int d : {0, 1, 2, 5, 20, 100}) line += " " + Number::toExponential(x, d);
    line += " " + Number::toExponential(x);
    console.log(line);
  }
  for (auto [method, arg] : std::vector<std::pair<std::string, int>>{
           {"toFixed", 101}, {"toFixed", -1}, {"toPrecision", 0},
           {"toPrecision", 101}, {"toExponential", -1}, {"toExponential", 101}}) {
    try {
      if (method == "toFixed") Number::toFixed(1.5, arg);
      if (method == "toPrecision") Number::toPrecision(1.5, arg);
      if (method == "toExponential") Number::toExponential(1.5, arg);
    } catch (const Error& e) {
      console.log("%s: %s", e.name, e.message);
    }
  }
  console.log(Number::toPrecision(std::nan(""), 0), Number::toExponential(inf, 101));
}
