// console.table: Node's box drawing for arrays of primitives, objects and arrays, objects of
// rows, Maps, Sets, column filters, wide characters and primitives.
console.table([1, 'two', { a: 1, b: 'x' }]);
console.table([[1, 2], [3, 4, 5]]);
console.table({ r1: { b: 1, a: 2, 1: 'one' }, r2: { c: 3 } });
console.table(new Map([['k1', { x: 1 }], ['k2', 'v']]));
console.table(new Set(['a', 1]));
console.table([{ a: 1, b: 2 }, { a: 3, c: { d: 1, e: 2, f: 3 } }], ['a', 'c']);
console.table([{ name: 'héllo 日本', v: [1, 2, 3, 4, 5] }, { name: null, v: undefined }]);
console.table([{ nested: { x: 1, y: 2 } }, { nested: new Map([[1, 2]]) }]);
console.table(42);
console.table('str');
console.table([]);
console.table([1, 2], ['missing']);
console.table([{ x: 1 }, 'prim'], ['x']);
