// Number.prototype.toFixed / toPrecision / toExponential and String(x) on edge values and on
// a generated table (a 32-bit LCG, the same in number_methods.cc), then V8's RangeErrors.
const edges = [0, -0, 0.25, 1.005, -0.0001, 1e21, -1e21, 123.456, 0.5, 2.5, 1.45, NaN, Infinity,
  -Infinity, -1.5, 1e-10, 0.000001234, 0.0000001234, 99.99, 5e-7, 123456, -1.25, 0.1, 123,
  1.7976931348623157e308, 5e-324, 999.9999, 9.995, 0.045, 12345678000000, 4.35, 1e20, 0.3,
  9007199254740992, 1 / 3, -2 / 3];
const scales = [1e-20, 1e-15, 1e-10, 1e-7, 1e-6, 1e-5, 1e-3, 1e-2, 0.1, 1, 10, 100, 1e3, 1e5,
  1e6, 1e10, 1e15, 1e20, 1e21, 1e25];
let seed = 12345;
function next() { seed = (Math.imul(seed, 1103515245) + 12345) >>> 0; return seed; }
const values = edges.slice();
for (let i = 0; i < 400; i++) {
  const mantissa = (next() - 2147483648) / 2147483648;
  values.push(mantissa * scales[next() % scales.length]);
}
for (const x of values) {
  const cells = [String(x)];
  for (const d of [0, 1, 2, 3, 5, 10, 20, 100]) cells.push(x.toFixed(d));
  for (const d of [1, 2, 3, 6, 7, 21, 100]) cells.push(x.toPrecision(d));
  for (const d of [0, 1, 2, 5, 20, 100]) cells.push(x.toExponential(d));
  cells.push(x.toExponential());
  console.log(cells.join(' '));
}
for (const [method, arg] of [['toFixed', 101], ['toFixed', -1], ['toPrecision', 0],
  ['toPrecision', 101], ['toExponential', -1], ['toExponential', 101]]) {
  try {
    (1.5)[method](arg);
  } catch (e) {
    console.log(`${e.name}: ${e.message}`);
  }
}
console.log((NaN).toPrecision(0), (Infinity).toExponential(101));
