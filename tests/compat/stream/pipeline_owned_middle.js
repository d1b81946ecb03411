// The pipeline's callback reads a stream the runtime owns (createGzip) turns after that stream
// closed: the file sink closes on the thread pool, later than the gzip stream's 'close'. In
// nodecc the pipeline holds the gzip stream until its callback has returned.
const { Readable, pipeline } = require('stream');
const zlib = require('zlib');
const fs = require('fs');
const os = require('os');
const path = require('path');

const file = path.join(os.tmpdir(), `nodecc-owned-middle-${process.pid}.gz`);
const gz = zlib.createGzip();
const src = Readable.from([Buffer.alloc(100000, 'a'), Buffer.alloc(1000, 'b')]);
gz.on('close', () => console.log('gzip close'));
const sink = fs.createWriteStream(file);
sink.on('close', () => console.log('file close'));
pipeline(src, gz, sink, (err) => {
  console.log('pipeline', err ? err.code : 'ok', gz.bytesWritten, gz.destroyed);
  const back = zlib.gunzipSync(fs.readFileSync(file));
  console.log('file', back.length, back[0], back[back.length - 1]);
  fs.unlinkSync(file);
});
