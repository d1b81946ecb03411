// console.group / groupCollapsed / groupEnd: the indentation of every following line, multi-
// line output included, on both streams.
console.group('Group A');
console.log('inside A');
console.error('error inside A\nsecond line');
console.group();
console.info({ a: 1, b: [1, 2], c: 'a long enough string to need more than one line when nested in here' });
console.groupCollapsed('collapsed %s', 'C');
console.warn(['x', 'y']);
console.groupEnd();
console.groupEnd();
console.log('back in A');
console.groupEnd();
console.groupEnd();
console.log('out of every group');
const { Console } = require('console');
let captured = '';
const sink = new (require('stream').Writable)({ write(chunk, encoding, cb) { captured += chunk; cb(); } });
const custom = new Console({ stdout: sink, groupIndentation: 4 });
custom.group('custom');
custom.log('four spaces');
custom.groupEnd();
custom.log('done');
console.log(JSON.stringify(captured));
