// Custom inspection ([util.inspect.custom] in Node, inspectCustom in nodecc), circular
// references, colours and functions.
const util = require('util');

class Money {
  constructor(cents) { this.cents = cents; }
  [util.inspect.custom]() { return `Money<${this.cents / 100}>`; }
}
class Multi {
  [util.inspect.custom]() { return 'line1\nline2'; }
}
class Tagged {
  constructor(tag) { this.tag = tag; }
  [util.inspect.custom](depth, options) { return { tag: this.tag, depth, colors: options.colors }; }
}
class Deep {
  constructor(level) { this.level = level; }
  [util.inspect.custom](depth) { return depth < 0 ? `[Deep ${this.level}]` : { level: this.level, inner: new Deep(this.level + 1) }; }
}

console.log(new Money(1250), [new Money(5)], { price: new Money(99) });
console.log({ a: { b: new Multi() } }, [new Multi()]);
console.log(new Tagged('x'), util.inspect(new Tagged('y'), { depth: 5, colors: true }));
console.log(new Deep(0));
console.log(util.format('%s|%O', new Money(100), new Money(200)));

const a = { name: 'a', children: [] };
a.children.push(a);
console.log(a);
const b = { name: 'b', children: [] };
const c = { name: 'c', children: [b] };
b.children.push(c);
console.log(b, [b]);
const shared = { name: 'shared', children: [] };
console.log({ name: 'root', children: [shared, shared] });

console.log(util.inspect({ a: 1, s: 'x', n: null, u: undefined, b: true, big: 5n, arr: [1, -0], m: new Map([[1, 'a']]), f: [() => 1][0] }, { colors: true }));
console.log(util.inspect([{ a: { b: { c: {} } } }], { colors: true, depth: 1 }), util.inspect('x'.repeat(20) + '\n' + 'y', { colors: true, breakLength: 10 }));
console.log(util.inspect(a, { colors: true }), [[() => 1][0]]);
