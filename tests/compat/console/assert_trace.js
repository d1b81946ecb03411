// console.assert, console.count / countReset and console.trace (nodecc prints no stack
// frames: the pair prints the first line of what each writes).
console.assert(true, 'never printed');
console.assert(false, 'failed %s', 'formatted', 42);
console.assert(false);
console.assert(false, { an: 'object' });
console.assert(false, [1, 2], 'rest');
console.assert(0 === 1, 3.5);
console.count();
console.count('x');
console.count();
console.countReset();
console.count();
console.count('x');
console.countReset('x');
console.count('x');
const { Console } = require('console');
let captured = '';
const sink = new (require('stream').Writable)({ write(chunk, encoding, cb) { captured += chunk; cb(); } });
const traced = new Console({ stdout: sink, stderr: sink });
traced.trace('trace %s', 'message', { at: 1 });
traced.trace();
for (const line of captured.split('\n').filter((l) => !l.startsWith('    at '))) console.log(JSON.stringify(line));
