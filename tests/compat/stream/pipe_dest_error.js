// pipe() into a destination that fails: the pipe's own error listener (first in line) unpipes
// the source, which pauses; the user's listener still sees the error; the source is not
// destroyed and can be piped elsewhere.
const { Readable, Writable } = require('stream');

const log = (...a) => console.log(...a);
const src = new Readable({ read() {} });
const bad = new Writable({ write(c, e, cb) { cb(new Error('disk full')); } });
bad.on('unpipe', () => log('bad unpipe', src.readableFlowing));
bad.on('error', (e) => log('bad error', e.message, src.isPaused(), src.destroyed));
bad.on('close', () => {
  log('bad close', src.listenerCount('data'));
  const good = new Writable({ write(c, e, cb) { log('good got', c.toString()); cb(); } });
  good.on('finish', () => log('good finish'));
  src.pipe(good);
  src.push('second');
  src.push(null);
});
src.pipe(bad);
src.push('first');
