// Misuse: write() after end() (ERR_STREAM_WRITE_AFTER_END: the callback from a tick, then
// 'error', then 'close'), end() twice, write() after destroy(), push() after push(null)
// (ERR_STREAM_PUSH_AFTER_EOF), and a _write that calls back twice (ERR_MULTIPLE_CALLBACK).
const { Readable, Writable } = require('stream');

const log = (...a) => console.log(...a);
const show = (e) => e ? `${e.name} ${e.code} ${e.message}` : 'null';

function afterEnd(next) {
  const w = new Writable({ write(c, e, cb) { cb(); } });
  w.on('error', (e) => log('afterEnd error', show(e)));
  w.on('close', () => { log('afterEnd close', w.destroyed, w.errored && w.errored.code); next(); });
  w.end('x');
  log('write returns', w.write('y', (e) => log('afterEnd cb', show(e))));
  w.end((e) => log('second end cb', show(e)));
}
function afterDestroy(next) {
  const w = new Writable({ write(c, e, cb) { cb(); } });
  w.on('error', (e) => log('afterDestroy error', show(e)));
  w.on('close', () => { log('afterDestroy close'); next(); });
  w.destroy();
  log('write returns', w.write('y', (e) => log('afterDestroy cb', show(e))));
}
function pushAfterEof(next) {
  const r = new Readable({ read() {} });
  r.on('error', (e) => log('pushAfterEof error', show(e)));
  r.on('close', () => { log('pushAfterEof close'); next(); });
  r.push(null);
  log('push returns', r.push('late'));
}
function multipleCallback(next) {
  const w = new Writable({ write(c, e, cb) { cb(); cb(); } });
  w.on('error', (e) => log('multiple error', show(e)));
  w.on('close', () => { log('multiple close'); next(); });
  w.write('a');
}
afterEnd(() => afterDestroy(() => pushAfterEof(() => multipleCallback(() => log('done')))));
