// stream.pipeline(process.stdin, transform, sink, cb): every byte of stdin reaches the sink,
// the callback follows the sink's 'finish' with no error, stdin has ended.
const { pipeline, Transform, Writable } = require('stream');

let lines = 0, bytes = 0;
const count = new Transform({
  transform(chunk, encoding, callback) {
    for (const b of chunk) if (b === 10) lines++;
    callback(null, chunk);
  },
});
const sink = new Writable({
  write(chunk, encoding, callback) { bytes += chunk.length; callback(); },
});
sink.on('finish', () => console.log('sink finish', bytes, 'bytes'));
pipeline(process.stdin, count, sink, (err) => {
  console.log('pipeline', err ? err.code : null, 'lines', lines, 'stdin ended',
              process.stdin.readableEnded);
});
