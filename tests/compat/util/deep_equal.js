// util.isDeepStrictEqual over numbers, strings, arrays, Maps, Sets, Buffers, Errors and
// nested structures.
const { isDeepStrictEqual: eq } = require('util');

console.log(eq(1, 1), eq(1, 1.0), eq(1, 2), eq(NaN, NaN), eq(0, -0), eq(-0, -0));
console.log(eq('a', 'a'), eq('a', 'b'), eq(true, true), eq(true, false), eq(null, null), eq(undefined, undefined), eq(null, undefined));
console.log(eq(1, '1'), eq(0, false), eq(42n, 42n), eq(42n, 43n));
console.log(eq([1, 2, 3], [1, 2, 3]), eq([1, 2, 3], [1, 2]), eq([1, 2, 3], [1, 3, 2]), eq([], []));
console.log(eq([[1, [2]], [3]], [[1, [2]], [3]]), eq([[1, [2]]], [[1, [3]]]), eq([NaN], [NaN]), eq([0], [-0]));
console.log(eq(new Map([['a', 1], ['b', 2]]), new Map([['b', 2], ['a', 1]])), eq(new Map([['a', 1]]), new Map([['a', 2]])));
console.log(eq(new Map([['a', [1]]]), new Map([['a', [1]]])), eq(new Map([[1, 'x']]), new Map([[2, 'x']])), eq(new Map(), new Map()));
console.log(eq(new Set([1, 2]), new Set([2, 1])), eq(new Set([1, 2]), new Set([1, 3])), eq(new Set([1]), new Set([1, 2])));
console.log(eq(Buffer.from('abc'), Buffer.from('abc')), eq(Buffer.from('abc'), Buffer.from('abd')), eq(Buffer.alloc(0), Buffer.alloc(0)));
const e1 = new Error('x'), e2 = new Error('x'), e3 = new Error('y'), e4 = new TypeError('x');
console.log(eq(e1, e2), eq(e1, e3), eq(e1, e4));
console.log(eq({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] }), eq({ a: [1, { b: 2 }] }, { a: [1, { b: 3 }] }));
console.log(eq([1, null], [1, null]), eq([1, undefined], [1, null]), eq(['x', 1.5], ['x', 1.5]));
