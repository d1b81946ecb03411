// util.inspect of objects, Maps and Sets: depth, [Object], key quoting, compact modes,
// breakLength, sorting, class names, and entries limits. (Maps are built in key order: a C++
// std::map iterates in key order, a JavaScript Map in insertion order.)
const util = require('util');

console.log({ a: 1, b: 'two', c: [3], d: { e: null } });
console.log({ a: { b: { c: { d: {} } } }, arr: [[[[1]]]] });
console.log({ a: { b: { c: {} } } }, {}, [{}]);
console.log({ 'key with space': 1, valid_id: 2, '1abc': 3, "it's": 4, $dollar: 5, '': 6, 'é': 7 });
console.log({ __proto__x: 1, ['__proto__']: 2 });
console.log({ longString: 'x'.repeat(100) });
console.log({ a: 'x'.repeat(30), b: 'y'.repeat(30), c: 'z'.repeat(10) });
console.log({ a: 'x'.repeat(30), b: 'y'.repeat(30), c: 'z'.repeat(20) });
console.log(util.inspect({ a: 1, b: 'two', c: [3] }, { compact: false }));
console.log(util.inspect({ a: 1, b: { c: [1, 2, { d: 'x'.repeat(90) }] } }, { compact: true }));
console.log(util.inspect({ a: { b: { c: 1 } } }, { compact: 1 }));
console.log(util.inspect({ a: 1, b: [1, 2, 3] }, { breakLength: 10 }));
console.log(util.inspect({ a: 1, b: [1, 2, 3] }, { breakLength: Infinity }));
console.log(util.inspect({ b: 1, a: 2, c: { z: 1, y: 2 } }, { sorted: true }));
console.log(util.inspect({ a: { b: { c: {} } } }, { depth: 0 }), util.inspect({ a: { b: { c: { d: 1 } } } }, { depth: Infinity }));
console.log(util.inspect({ a: { b: { c: { d: 1 } } } }, { depth: -1 }));
class Point { constructor(x, y) { this.x = x; this.y = y; } }
console.log(new Point(1, 2), [new Point(3, 4)], { p: { q: { r: new Point(5, 6) } } });
class Empty {}
console.log(new Empty(), { e: new Empty() });
console.log(new Map([['a', 1], ['b', { x: [1, 2] }]]), new Set([1, 'two']), new Map(), new Set());
console.log(new Map([[1, new Map([[2, new Map([[3, new Map([[4, 'deep']])]])]])]]));
console.log(new Set([new Set([new Set([new Set([1])])])]));
console.log(new Map([['k2'.repeat(10), 'v2'.repeat(10)], ['k'.repeat(30), 'v'.repeat(30)]]));
console.log(util.inspect(new Map([['a'.repeat(30), 1], ['b'.repeat(30), 2], ['c'.repeat(30), 3]]), { compact: true }));
console.log(util.inspect(new Set([3, 1, 2]), { sorted: true }), util.inspect(new Map([['b', 1], ['a', 2]]), { sorted: true }));
console.log(util.inspect(new Set([1, 2, 3]), { maxArrayLength: 1 }), util.inspect(new Map([[1, 2], [3, 4]]), { maxArrayLength: 0 }));
console.log(new Set(Array.from({ length: 30 }, (_, i) => i)));
console.log({ m: new Map([[[1], [1, 2]]]) });
console.log([new Map([['a', 1]]), new Set(['x'])], { s: new Set() });
console.log({ a: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26] });
