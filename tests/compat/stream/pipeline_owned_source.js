// A source the runtime owns (Readable.from over a generator) fails after two chunks: pipeline
// destroys the transform and the sink, whose 'error' and 'close' come after the source has
// closed (in nodecc, after it deleted itself: its pipe's listeners must be gone with it).
const { Readable, PassThrough, Writable, pipeline } = require('stream');

function* chunks() {
  yield Buffer.from('a');
  yield Buffer.from('b');
  throw new Error('generator failed');
}

const pass = new PassThrough();
const sink = new Writable({
  write(chunk, encoding, cb) {
    console.log('sink', chunk.toString());
    cb();
  },
});
pass.on('close', () => console.log('pass close', pass.destroyed));
sink.on('close', () => console.log('sink close', sink.destroyed));
pipeline(Readable.from(chunks()), pass, sink, (err) => {
  console.log('pipeline', err.message);
  setImmediate(() => console.log('after', pass.listenerCount('error') > 0, sink.writableFinished));
});
