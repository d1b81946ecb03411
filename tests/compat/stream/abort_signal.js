// An AbortSignal given to finished() and to stream/promises pipeline(): aborting ends
// finished()'s wait with AbortError (the stream is not destroyed) and destroys every stream of
// the pipeline, which rejects with AbortError; the reason is the error's cause; an already
// aborted signal acts from a tick; a pipeline that completes first is not affected.
const { finished, Readable, Writable, PassThrough } = require('stream');
const { pipeline } = require('stream/promises');

const sink = () => new Writable({ write(c, e, cb) { cb(); } });
const ac = new AbortController();
const src = new Readable({ read() {} });
const mid = new PassThrough();
const dst = sink();
pipeline(src, mid, dst, { signal: ac.signal }).then(() => console.log('resolved'), (err) => {
  console.log('pipeline rejected', err.name, err.code, err.message, '/ cause', err.cause.name, err.cause.message);
  console.log('destroyed', src.destroyed, mid.destroyed, dst.destroyed);
});
src.on('error', (e) => console.log('src error', e.name));
dst.on('error', (e) => console.log('dst error', e.name));
src.on('close', () => console.log('src close'));
dst.on('close', () => console.log('dst close'));
const w = sink();
finished(w, { signal: ac.signal }, (err) => console.log('finished', err.name, err.message, '/ cause', err.cause.name, '/ destroyed', w.destroyed));
setTimeout(() => { console.log('abort'); ac.abort(); }, 5);
setTimeout(() => {
  finished(new PassThrough(), { signal: AbortSignal.abort(new Error('why')) }, (err) => console.log('pre-aborted finished', err.name, err.cause.message));
  const r2 = new Readable({ read() { this.push('a'); this.push(null); } });
  const w2 = sink();
  pipeline(r2, w2, { signal: AbortSignal.abort(new Error('early')) }).catch((err) => console.log('pre-aborted pipeline', err.name, err.cause.message, r2.destroyed, w2.destroyed));
  const later = new AbortController();
  const r3 = new Readable({ read() { this.push('b'); this.push(null); } });
  const w3 = sink();
  pipeline(r3, w3, { signal: later.signal }).then(() => {
    console.log('completed', w3.writableFinished);
    later.abort();
    console.log('abort after completion ignored');
  });
  const w4 = sink();
  const c4 = new AbortController();
  const cleanup = finished(w4, { signal: c4.signal }, () => console.log('should not run'));
  cleanup();
  c4.abort();
  w4.end('x');
  const c5 = new AbortController();
  const w5 = sink();
  finished(w5, { signal: c5.signal }, (err) => console.log('finished first', err));
  w5.end('y');
  setTimeout(() => c5.abort(), 5);
}, 20);
