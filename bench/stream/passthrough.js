// COUNT small chunks (16 bytes) written into three PassThroughs piped together into a Writable
// that counts them; the producer respects backpressure (waits for 'drain'). Prints JSON:
// {"ms", "chunks", "bytes"}.
const { PassThrough, Writable } = require('stream');

const count = Number(process.argv[2] || 1000000);
const chunk = Buffer.from('0123456789abcdef');
const a = new PassThrough(), b = new PassThrough(), c = new PassThrough();
let chunks = 0, bytes = 0;
const sink = new Writable({ write(buf, enc, cb) { chunks++; bytes += buf.length; cb(); } });
const start = process.hrtime.bigint();
sink.on('finish', () => {
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  console.log(JSON.stringify({ ms, chunks, bytes }));
});
a.pipe(b).pipe(c).pipe(sink);
let i = 0;
function produce() {
  while (i < count) {
    i++;
    if (!a.write(chunk)) { a.once('drain', produce); return; }
  }
  a.end();
}
produce();
