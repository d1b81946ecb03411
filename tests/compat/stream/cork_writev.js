// cork()/uncork() and _writev: writes while corked are buffered and reach _writev together on
// uncork (once per cork level), writes while a _write is in flight are batched into the next
// _writev, end() uncorks, and every write's callback runs.
const { Writable } = require('stream');

const log = (...a) => console.log(...a);
const w = new Writable({
  write(chunk, enc, cb) { log('_write', chunk.toString()); setImmediate(cb); },
  writev(chunks, cb) { log('_writev', chunks.map((c) => c.chunk.toString() + ':' + c.encoding).join(' ')); setImmediate(cb); },
});
w.on('finish', () => log('finish'));
w.cork();
w.cork();
w.write('a', () => log('cb a'));
w.write('b');
log('corked', w.writableCorked, w.writableLength);
w.uncork();
log('after one uncork', w.writableCorked);
w.uncork();
log('after two', w.writableCorked);
w.write('c', () => log('cb c'));
w.write('d', () => log('cb d'));
w.write('e', () => log('cb e'));
setImmediate(() => {
  w.cork();
  w.write('f');
  w.end('g', () => log('end cb'));
  log('ended while corked', w.writableCorked);
});
