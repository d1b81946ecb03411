// util.styleText, stripVTControlCharacters, getSystemErrorName, toUSVString, types, and
// debuglog when NODE_DEBUG does not name the section.
const util = require('util');

console.log(JSON.stringify(util.styleText(['bold', 'red'], 'x')));
console.log(JSON.stringify(util.styleText(['bgBlue', 'italic', 'underline'], 'y')));
try { util.styleText(['nope'], 'x'); } catch (e) { console.log(e.name, e.code, e.message.slice(0, 60)); }
console.log(JSON.stringify(util.stripVTControlCharacters('\x1b[31mred\x1b[39m \x1b]8;;http://x\x07link\x1b]8;;\x07 \x1b[1;2Hplain')));
console.log(util.getSystemErrorName(-2), util.getSystemErrorName(-13), util.getSystemErrorName(-104));
console.log(util.types.isMap(new Map()), util.types.isSet(new Set()), util.types.isMap([]));
console.log(util.types.isNativeError(new Error('x')), util.types.isPromise(Promise.resolve()), util.types.isUint8Array(Buffer.alloc(1)));
const debug = util.debuglog('nodecc-test-section');
debug('never printed %d', 1);
console.log('debuglog enabled:', debug.enabled);
