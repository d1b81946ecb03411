// A transform that fails on its third chunk with cb(err): the error reaches pipeline's
// callback once, every stream is destroyed, and the events come in Node's order.
const { Readable, Transform, Writable, pipeline } = require('stream');

const log = (...a) => console.log(...a);
const src = Readable.from(['a', 'b', 'c', 'd', 'e'], { objectMode: false });
const t = new Transform({
  transform(chunk, enc, cb) {
    log('transform', chunk.toString());
    if (chunk.toString() === 'c') cb(new Error('bad chunk c'));
    else cb(null, chunk);
  },
});
const got = [];
const dst = new Writable({ write(c, e, cb) { got.push(c.toString()); cb(); } });
for (const [name, s] of [['src', src], ['t', t], ['dst', dst]]) {
  for (const ev of ['end', 'finish', 'close']) s.on(ev, () => log(name, ev));
  s.on('error', (e) => log(name, 'error', e.message));
}
pipeline(src, t, dst, (err) => log('done', err && err.message, got.join(''), t.destroyed, dst.destroyed));
