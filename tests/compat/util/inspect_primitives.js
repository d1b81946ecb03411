// util.inspect of numbers, bigints, booleans, null, undefined and strings: Node's quoting,
// escapes, line splitting and limits.
const util = require('util');

console.log(util.inspect(-0), util.inspect(0), util.inspect(NaN), util.inspect(-Infinity));
console.log(util.inspect(1e21), util.inspect(1e-7), util.inspect(123e-20), util.inspect(0.000001));
console.log(util.inspect(0.1 + 0.2), util.inspect(2 ** 53), util.inspect(5e-324), util.inspect(1.5e300));
console.log(util.inspect(123456789.123), util.inspect(-1.5e-10), util.inspect(100), util.inspect(-7));
console.log(util.inspect(42n), util.inspect(-9007199254740993n), util.inspect(true), util.inspect(null));
console.log(util.inspect(undefined), [undefined, null]);
console.log(util.inspect(1234567.891, { numericSeparator: true }));
console.log(util.inspect(-1234.5678, { numericSeparator: true }), util.inspect(1e-7, { numericSeparator: true }));
console.log(util.inspect(123456789n, { numericSeparator: true }), util.inspect(-1234, { numericSeparator: true }));
console.log(util.inspect('plain'), util.inspect(''), util.inspect("it's"));
console.log(util.inspect('it\'s "x"'), util.inspect('it\'s "x" `y`'), util.inspect('it\'s "x" ${y}'));
console.log(util.inspect('tab\there\nnew\\back\r\b\f\v\x00\x07\x1b\x7f'));
console.log(util.inspect('C1 \x85 \x9f and \xa0 é 日本 😀'));
console.log(util.inspect('x'.repeat(30), { maxStringLength: 10 }), util.inspect('ab', { maxStringLength: 1 }));
console.log(util.inspect('line1\nline2\nline3 and more text to get over the limit of the break length yes'));
console.log(util.inspect('a'.repeat(90)));
console.log(util.inspect('short\nlines'), util.inspect('ends with newline and is quite long........\n'));
console.log(util.inspect('x'.repeat(20) + '\n' + 'y'.repeat(20), { breakLength: 10 }));
console.log(util.inspect('no split when compact is true\n'.repeat(4), { compact: true }));
console.log([util.inspect('nested strings are split at their own indentation of the object.\nsecond line here')]);
console.log({ key: 'nested strings are split at their own indentation of the object.\nsecond line here' });
