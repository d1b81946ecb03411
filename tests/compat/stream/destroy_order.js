// destroy(err) with an asynchronous _destroy: destroyed is true at once, 'error' and 'close'
// come after _destroy's callback, in that order, errored holds the error; a second destroy()
// does nothing; destroy() without an error emits only 'close'; a destroyed Readable's pending
// data is not emitted.
const { Readable, Writable } = require('stream');

const log = (...a) => console.log(...a);
const w = new Writable({
  write(c, e, cb) { cb(); },
  destroy(err, cb) { log('_destroy', err && err.message); setImmediate(() => { log('_destroy done'); cb(err); }); },
});
w.on('error', (e) => log('w error', e.message, w.errored === e));
w.on('close', () => {
  log('w close', w.closed);
  const r = new Readable({ read() {} });
  r.push('pending');
  r.on('data', (c) => log('r data', c.toString()));
  r.on('close', () => log('r close', r.readableAborted, r.errored));
  r.on('error', (e) => log('r error', e.message));
  r.destroy();
  log('r destroyed', r.destroyed);
});
w.destroy(new Error('stop'));
log('w destroyed', w.destroyed, w.closed, w.writable);
w.destroy(new Error('again'));
