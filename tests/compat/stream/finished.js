// finished(): a Writable that finishes (callback without error), a Readable destroyed before
// its end (ERR_STREAM_PREMATURE_CLOSE), a stream that errors (the error), a stream that had
// already ended (from a tick), the cleanup function (no callback after it), and the promise
// form.
const { Readable, Writable, finished } = require('stream');
const { finished: finishedPromise } = require('stream/promises');

const log = (...a) => console.log(...a);
const show = (e) => e ? e.code || e.message : 'null';

const w = new Writable({ write(c, e, cb) { cb(); } });
finished(w, (err) => log('writable finished', show(err), w.writableFinished));
w.end('x');

const r = new Readable({ read() {} });
finished(r, (err) => log('readable destroyed', show(err)));
r.push('a');
r.destroy();

const e = new Readable({ read() {} });
e.on('error', () => {});
finished(e, (err) => log('errored', show(err)));
e.destroy(new Error('boom'));

const cleaned = new Readable({ read() {} });
const cleanup = finished(cleaned, (err) => log('should not run', show(err)));
cleanup();
cleaned.destroy();

setImmediate(() => {
  const done = new Readable({ read() {} });
  done.push(null);
  done.resume();
  done.on('end', () => {
    log('ended', done.readableEnded);
    finished(done, (err) => log('already ended', show(err)));
    finishedPromise(new Readable({ read() { this.push(null); } }).resume()).then(() => log('promise resolved'));
    const bad = new Writable({ write(c, e, cb) { cb(new Error('write failed')); } });
    bad.on('error', () => {});
    finishedPromise(bad).catch((err) => log('promise rejected', err.message));
    bad.write('x');
  });
});
