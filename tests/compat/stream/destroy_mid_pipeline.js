// destroy() of the middle stream while data flows: pipeline's callback gets
// ERR_STREAM_PREMATURE_CLOSE and every stream is destroyed; the order of 'close' events.
const { Readable, PassThrough, Writable, pipeline } = require('stream');

const log = (...a) => console.log(...a);
let n = 0;
const src = new Readable({ read() { setImmediate(() => this.push('x' + n++)); } });
const mid = new PassThrough();
const dst = new Writable({ write(c, e, cb) { log('write', c.toString()); if (c.toString() === 'x2') mid.destroy(); cb(); } });
for (const [name, s] of [['src', src], ['mid', mid], ['dst', dst]]) {
  s.on('close', () => log(name, 'close', s.destroyed));
  s.on('error', (e) => log(name, 'error', e.code));
}
pipeline(src, mid, dst, (err) => {
  log('done', err && err.code, src.destroyed, mid.destroyed, dst.destroyed);
});
