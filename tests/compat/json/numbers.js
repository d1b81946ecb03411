// Numbers: JSON.stringify's Number::toString (shortest digits, exponent from 1e21 and below
// 1e-6, -0 as 0, NaN and Infinity as null), and JSON.parse's correctly rounded doubles.
const numbers = [0, -0, 1, -1, 7, 0.1, 0.2, 0.30000000000000004, 1.5e-7, 1e-7, 0.000001, 123e-20, 1e21, 1e20, 999999999999999999999, 123456789012345680000, 5e-324, 1.7976931348623157e308, 2 ** 53, 2 ** 53 + 2, -1.5, 4.35, 1 / 3, 2 / 3, 100, 1e2, 0.1 + 0.7, NaN, Infinity, -Infinity];
for (const n of numbers) {
  console.log(JSON.stringify(n), JSON.stringify([n]), JSON.stringify({ n }));
}
const texts = ['0', '-0', '1E2', '1e-2', '-0.0e+0', '123456789012345678901234567890', '1.7976931348623157e309', '0.1e-400', '  42  ', '[1.0, 2.50, -3e0, 0.1e1]', '9007199254740993', '2.2250738585072011e-308'];
for (const t of texts) {
  console.log(t, '->', JSON.stringify(JSON.parse(t)));
}
