// Backpressure: a Writable with highWaterMark 10 whose _write completes on setImmediate.
// write() returns false once 10 bytes wait, 'drain' comes when all were written, and the
// write callbacks, 'drain', 'prefinish', 'finish' and 'close' come in Node's order.
const { Writable } = require('stream');

const log = (...a) => console.log(...a);
const w = new Writable({
  highWaterMark: 10,
  write(chunk, enc, cb) { log('_write', chunk.toString(), w.writableLength); setImmediate(cb); },
});
for (const ev of ['drain', 'prefinish', 'finish', 'close']) w.on(ev, () => log('event', ev, w.writableLength, w.writableNeedDrain));
let i = 0;
function writeSome() {
  while (i < 6) {
    const chunk = 'chunk' + i++;
    const ok = w.write(chunk, (err) => log('cb', chunk, err));
    log('write', chunk, ok, w.writableLength, w.writableNeedDrain);
    if (!ok) { w.once('drain', writeSome); return; }
  }
  w.end('last', (err) => log('end cb', err));
  log('ended', w.writableEnded, w.writableFinished);
}
writeSome();
