// unshift() puts a chunk back in front (a header parser that reads too much), then pipe() to
// two destinations where one is slow (highWaterMark 1 and async writes): the source waits for
// both 'drain's; unpipe() of the slow one lets the other run free; 'pipe' and 'unpipe' events.
const { Readable, Writable } = require('stream');

const log = (...a) => console.log(...a);
const r = new Readable({ read() {} });
r.push('HEAD|body1');
const first = r.read();
const bar = first.indexOf('|');
log('header', first.subarray(0, bar).toString());
r.unshift(first.subarray(bar + 1));
log('length after unshift', r.readableLength);
let fastGot = '', slowGot = '';
const fast = new Writable({ write(c, e, cb) { fastGot += c; cb(); } });
const slow = new Writable({ highWaterMark: 1, write(c, e, cb) { slowGot += c; log('slow write', c.toString()); setImmediate(cb); } });
for (const [name, w] of [['fast', fast], ['slow', slow]]) {
  w.on('pipe', () => log(name, 'pipe'));
  w.on('unpipe', () => log(name, 'unpipe'));
  w.on('finish', () => log(name, 'finish', name === 'fast' ? fastGot : slowGot));
}
r.pipe(fast);
r.pipe(slow);
let n = 2;
const more = () => {
  if (n <= 5) { log('push', n, r.push('body' + n++)); setImmediate(more); }
  else { r.unpipe(slow); log('unpiped slow, flowing', r.readableFlowing); r.push(null); }
};
setImmediate(more);
