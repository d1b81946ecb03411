#pragma once
// Number.prototype's formatting methods, as ECMAScript specifies them (V8's output):
//
//   Number::toFixed(0.25, 1)          // "0.3"   (x.toFixed(1))
//   Number::toPrecision(123.456, 2)   // "1.2e+2"
//   Number::toExponential(1.25, 1)    // "1.3e+0"
//   Number::toString(1e21)            // "1e+21" (String(x), `${x}`)
//
// They round the double's exact value, a tie to the larger magnitude, as JavaScript does:
// printf("%.1f", 0.25) gives "0.2" (a tie to even), 1.005's exact value is below the tie, so
// toFixed(1.005, 2) is "1.00" in both. A count out of range throws RangeError with V8's
// message ("toFixed() digits argument must be between 0 and 100"); NaN and the infinities
// print as "NaN", "Infinity" and "-Infinity".
#include <string>

namespace nodecc::Number {

// x.toFixed(digits), digits 0..100: fixed notation; |x| >= 1e21 prints as toString(x).
std::string toFixed(double x, int digits = 0);
// x.toPrecision(precision), precision 1..100: `precision` significant digits, exponential
// notation when the exponent is below -6 or at least `precision`.
std::string toPrecision(double x, int precision);
// x.toExponential(digits), digits 0..100: one digit, `digits` more after the point, "e+x".
std::string toExponential(double x, int digits);
// x.toExponential(): as many digits as x needs to read back.
std::string toExponential(double x);
// String(x): the shortest digits that read back as x, as JSON.stringify writes numbers.
std::string toString(double x);

}  // namespace nodecc::Number
