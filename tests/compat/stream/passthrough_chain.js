// 10,000 small chunks through three PassThroughs piped together into a slow-ish sink (highWaterMark
// 16 bytes, a setImmediate every 100 writes): backpressure reaches the source (write returns
// false, the producer waits for 'drain'), nothing is lost or reordered.
const { PassThrough, Writable } = require('stream');

const log = (...a) => console.log(...a);
const a = new PassThrough(), b = new PassThrough(), c = new PassThrough();
let received = 0, ordered = true, writes = 0;
const sink = new Writable({
  highWaterMark: 16,
  write(chunk, enc, cb) {
    const n = Number(chunk.toString());
    if (n !== received) ordered = false;
    received++;
    if (++writes % 100 === 0) setImmediate(cb); else cb();
  },
});
sink.on('finish', () => log('finish', received, ordered, drains > 0, a.readableLength + b.readableLength + c.readableLength));
a.pipe(b).pipe(c).pipe(sink);
let i = 0, drains = 0;
function produce() {
  while (i < 10000) {
    if (!a.write(String(i++))) { drains++; a.once('drain', produce); return; }
  }
  a.end();
}
produce();
