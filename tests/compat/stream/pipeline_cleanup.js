// A source that fails after two chunks: pipeline destroys every stream (the transform and the
// destination get ERR_STREAM_PREMATURE_CLOSE-free destroys), removes nothing it should not,
// and calls back once with the source's error; then the promise form of pipeline rejects
// with the same error, and resolves for a clean run.
const { Readable, PassThrough, Writable, pipeline } = require('stream');
const { pipeline: pipelinePromise } = require('stream/promises');

const log = (...a) => console.log(...a);
function make(name, failAt) {
  let n = 0;
  const src = new Readable({
    read() {
      setImmediate(() => {
        if (n === failAt) this.destroy(new Error(name + ' source failed'));
        else if (n === 4) this.push(null);
        else this.push('c' + n++);
      });
    },
  });
  const mid = new PassThrough();
  const got = [];
  const dst = new Writable({ write(c, e, cb) { got.push(c.toString()); cb(); } });
  const all = { src, mid, dst };
  for (const k of Object.keys(all)) all[k].on('close', () => log(name, k, 'close', all[k].destroyed));
  return { src, mid, dst, got, all };
}
const a = make('cb', 2);
pipeline(a.src, a.mid, a.dst, (err) => {
  log('cb done', err && err.message, a.got.join(','), a.src.destroyed, a.mid.destroyed, a.dst.destroyed);
  const b = make('promise', 2);
  pipelinePromise(b.src, b.mid, b.dst).then(() => log('promise resolved'), (err) => {
    log('promise rejected', err.message, b.got.join(','));
    const c = make('clean', -1);
    pipelinePromise(c.src, c.mid, c.dst).then(() => log('clean resolved', c.got.join(','), c.dst.writableFinished));
  });
});
