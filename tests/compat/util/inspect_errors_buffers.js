// util.inspect of Errors (nodecc's have no stack: Node prints such an error as [Error: msg])
// and Buffers (<Buffer ..>, 50 bytes at most).
const util = require('util');
const fs = require('fs');

// An Error as nodecc makes it: its stack is its first line only.
function noStack(e) { e.stack = e.stack.split('\n')[0]; return e; }

const plain = noStack(new Error('boom'));
console.log(plain);
console.log([plain], { e: plain }, { a: { b: { c: { plain } } } });
const empty = noStack(new Error(''));
console.log(empty, noStack(new TypeError('bad type')), noStack(new RangeError('out')));
let sys;
try { fs.readFileSync('does-not-exist.txt'); } catch (e) { sys = noStack(e); }
console.log(sys);
console.log({ err: sys });
console.log(util.inspect(sys, { showHidden: true }));
console.log(util.inspect(plain, { showHidden: true }));
console.log(util.inspect({ a: { b: { c: { sys } } } }));
console.log(util.inspect({ a: { b: { sys } } }, { depth: 1 }));
const multi = noStack(new Error('first line'));
multi.stack = 'Error: first line\nsecond line';
multi.message = 'first line\nsecond line';
console.log({ nested: { multi } });
console.log(util.format('%s|%j', plain, sys));
console.log(Buffer.from('hello'), Buffer.alloc(0), [Buffer.from([0, 255, 16])]);
console.log(Buffer.from('hello world, this is a long buffer with more than fifty bytes in it'));
console.log(Buffer.alloc(51), { a: { b: { c: { d: Buffer.from('deep') } } } });
console.log(util.format('%s|%j|%o', Buffer.from('hi'), Buffer.from('hi'), Buffer.from('hi')));
// err.cause: shown as [cause] after the own keys, never in JSON.
const caused = noStack(new Error('outer', { cause: noStack(new TypeError('inner')) }));
console.log(caused);
console.log([caused], { deep: { deeper: { caused } } });
console.log(new Error('with fields', { cause: sys }).stack.split('\n')[0], noStack(new Error('chain', { cause: caused })));
console.log(util.format('%j', caused));
