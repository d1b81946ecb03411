// util.inspect of arrays: the 100-item limit, grouping into columns (numbers right-aligned,
// other entries left-aligned), line breaking, nesting and options.
const util = require('util');

const range = (n, f = (i) => i) => Array.from({ length: n }, (_, i) => f(i));
console.log(range(120));
console.log(range(7), range(6), []);
console.log(range(30, (i) => 'item' + i));
console.log(range(27, (i) => (i < 3 ? [1.5, 22.25, 333][i] : i + 1)));
console.log(['a', 'bb', 'ccc', 'dddd', 'eeeee', 'f', 'g', 'h', 'iiiiiiiiii', 'j', 'k', 'l', 'm', 'n', 'o', 'p']);
console.log(['a'.repeat(20), 'b'.repeat(20), 'c'.repeat(20), 'd'.repeat(20)]);
console.log(range(26, (i) => String.fromCharCode(97 + i).repeat(i % 5 + 1)));
console.log(range(10, (i) => -i * 1000), range(8, (i) => 2 ** (i * 4)));
console.log(range(12, (i) => BigInt(i * i)));
console.log(range(16, (i) => i % 2 === 0));
console.log([[1, 2, [3, 4, [5, [6]]]]], [[[[]]]]);
console.log(range(3, (i) => range(4, (j) => i * j)));
console.log(range(8, (i) => range(3, (j) => 'r' + i + 'c' + j)));
console.log(util.inspect(range(5), { maxArrayLength: 2 }), util.inspect([1], { maxArrayLength: 0 }));
console.log(util.inspect(range(200), { maxArrayLength: 150, breakLength: 120 }));
console.log(util.inspect(range(10), { compact: 1 }), util.inspect(range(3), { compact: false }));
console.log(util.inspect(range(30), { compact: true }));
console.log(util.inspect(range(9), { showHidden: true }), util.inspect([], { showHidden: true }));
console.log(util.inspect([3, 1, 2], { sorted: true }), util.inspect(range(4), { depth: 0 }));
console.log(util.inspect([[1, [2]]], { depth: 0 }), util.inspect([[1, [2]]], { depth: 1 }));
console.log(util.inspect(range(12, (i) => 'x'.repeat(i)), { breakLength: 40 }));
console.log([1, [2, [3, [4, [5]]]]], util.inspect([1, [2, [3, [4, [5]]]]], { depth: Infinity }));
console.log(range(101, (i) => 'str' + i).slice(95));
console.log(range(120, (i) => (i % 2 ? 'odd' : i)));
