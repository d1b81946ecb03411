// gzip -> gunzip through streams, every format: the text comes back, the counters and the
// order of the end events are Node's (chunk sizes are not printed: they depend on the zlib).
const zlib = require('zlib');

const log = (...a) => console.log(...a);
let text = '';
for (let i = 0; i < 3000; i++) text += `line ${i % 97} of the stream round trip\n`;
const pairs = [['gzip', zlib.createGzip, zlib.createGunzip], ['deflate', zlib.createDeflate, zlib.createInflate],
  ['raw', zlib.createDeflateRaw, zlib.createInflateRaw], ['unzip', zlib.createGzip, zlib.createUnzip],
  ['brotli', zlib.createBrotliCompress, zlib.createBrotliDecompress]];
function next(i) {
  if (i === pairs.length) return;
  const [name, makeC, makeD] = pairs[i];
  const c = makeC();
  const d = makeD();
  const events = [];
  for (const ev of ['finish', 'end', 'close']) {
    c.on(ev, () => events.push('c.' + ev));
    d.on(ev, () => events.push('d.' + ev));
  }
  let out = '';
  d.on('data', (chunk) => { out += chunk.toString(); });
  d.on('close', () => {
    log(name, out === text, out.length, c.bytesWritten, d.bytesWritten > 0, events.join(' '));
    next(i + 1);
  });
  c.pipe(d);
  for (let k = 0; k < text.length; k += 7000) c.write(text.slice(k, k + 7000));
  c.end();
}
next(0);
