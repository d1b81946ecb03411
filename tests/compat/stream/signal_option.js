// The streams' `signal` option and stream.addAbortSignal(): aborting destroys the stream with
// an AbortError whose cause is the signal's reason ('error', then 'close', from ticks); an
// already aborted signal destroys the stream in its constructor (the `destroy` option runs
// there); a stream that finished first is left alone; the error listener that the signal's
// end-of-stream watch adds means an abort never throws for want of one. Each part starts when
// the one before is over.
const { Readable, Writable, Duplex, Transform, PassThrough, addAbortSignal, pipeline } = require('stream');

const log = (...a) => console.log(...a);
const why = (e) => `${e.name} ${e.code} ${e.message} / cause ${e.cause.name} ${e.cause.message}`;

function options(next) {
  const ac = new AbortController();
  const r = new Readable({ read() {}, signal: ac.signal });
  log('listeners', r.listenerCount('error'), r.listenerCount('close'), r.listenerCount('end'), r.listenerCount('finish'));
  r.on('error', (e) => log('r error', why(e)));
  r.on('close', () => log('r close', r.destroyed, r.readableAborted));
  const w = new Writable({ write(c, e, cb) { setTimeout(cb, 1); }, signal: ac.signal });
  w.write('pending', (err) => {
    log('w write cb', err ? err.name : err);
    next();
  });
  w.on('close', () => log('w close, no error listener, errored', w.errored.name, w.writableAborted));
  const d = new Duplex({ read() {}, write(c, e, cb) { cb(); }, signal: ac.signal });
  d.on('error', (e) => log('d error', e.name));
  d.on('close', () => log('d close', d.readableAborted, d.destroyed));
  ac.abort(new Error('stop'));
  log('aborted', r.destroyed, w.destroyed, d.destroyed);
  process.nextTick(() => log('tick after abort'));
}

function alreadyAborted(next) {
  log('-- already aborted');
  const t = new Transform({
    transform(c, e, cb) { cb(null, c); },
    destroy(err, cb) { log('t destroy option', err.name, err.cause.name); cb(err); },
    signal: AbortSignal.abort(),
  });
  log('t destroyed at once', t.destroyed);
  t.on('error', (e) => log('t error', why(e)));
  t.on('close', () => log('t close'));
  const pre = new PassThrough();
  const same = addAbortSignal(AbortSignal.abort(new Error('early')), pre);
  log('addAbortSignal returns the stream', same === pre, pre.destroyed);
  pre.on('error', (e) => log('pre error', why(e)));
  pre.on('close', () => setImmediate(next));
}

function inPipeline(next) {
  log('-- addAbortSignal, pipeline');
  const c = new AbortController();
  const src = new Readable({ read() {} });
  const mid = addAbortSignal(c.signal, new PassThrough());
  const sink = new Writable({
    write(chunk, e, cb) {
      log('sink', chunk.toString());
      setTimeout(() => c.abort(new Error('cut')), 1);
      cb();
    },
  });
  pipeline(src, mid, sink, (err) => {
    log('pipeline', why(err), src.destroyed, mid.destroyed, sink.destroyed);
    setImmediate(next);
  });
  src.push('a');
}

function finishedFirst(next) {
  log('-- finished first');
  const c = new AbortController();
  const done = new Writable({ write(chunk, e, cb) { cb(); }, autoDestroy: false, signal: c.signal });
  done.on('finish', () => {
    log('finish');
    c.abort();
    log('abort after finish', done.destroyed, done.errored);
    setImmediate(next);
  });
  done.end('x');
}

async function forAwait() {
  log('-- for await');
  const c = new AbortController();
  const src = new Readable({ read() {}, signal: c.signal });
  src.push('one');
  try {
    for await (const chunk of src) {
      log('chunk', chunk.toString());
      if (chunk.toString() === 'one') setTimeout(() => src.push('two'), 1);
      else setTimeout(() => c.abort(), 1);
    }
  } catch (err) {
    log('loop threw', err.name, err.code, err.cause.name, err.cause.message, src.destroyed);
  }
}

options(() => alreadyAborted(() => inPipeline(() => finishedFirst(forAwait))));
