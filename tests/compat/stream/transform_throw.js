// An exception thrown inside _transform is not the stream's error: it escapes write() and the
// 'data' listener of the pipe, so it is an uncaught exception (here caught by an
// 'uncaughtException' listener), and the pipeline is left as it was.
const { Readable, Transform, Writable, pipeline } = require('stream');

const log = (...a) => console.log(...a);
process.on('uncaughtException', (e) => log('uncaught', e.message));
const t = new Transform({ transform(c, e, cb) { throw new Error('thrown in transform'); } });
const dst = new Writable({ write(c, e, cb) { cb(); } });
pipeline(Readable.from(['a', 'b']), t, dst, (err) => log('pipeline', err && err.message));
// What ran after the throw is the runtime's business (which queued ticks run when), not the
// stream's: only the stream's own state is printed.
setTimeout(() => log('later', t.destroyed, t.writableFinished), 10);
