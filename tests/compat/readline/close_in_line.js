// rl.close() inside a 'line' listener: 'pause' and 'close' at once, the other lines already
// split from the same chunk are still emitted, later chunks are not; the input is paused and
// its listeners removed. Also: UTF-8 characters split across chunks stay whole.
const { Readable } = require('stream');
const readline = require('readline');

const log = (...a) => console.log(...a);
const input = new Readable({ read() {} });
const rl = readline.createInterface({ input });
rl.on('line', (line) => { log('line', line); if (line === 'b') rl.close(); });
rl.on('pause', () => log('pause'));
rl.on('close', () => log('close', input.isPaused(), input.listenerCount('data'), input.listenerCount('end')));
input.push(Buffer.from('h\xc3', 'latin1'));
input.push(Buffer.from('\xa9llo w\xe2\x82', 'latin1'));
input.push(Buffer.from('\xac\na\nb\nc\n', 'latin1'));
setImmediate(() => { input.push('d\n'); input.push(null); setImmediate(() => log('after', rl.closed)); });
