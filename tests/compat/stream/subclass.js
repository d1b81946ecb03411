// Streams made by subclassing: a Readable counting down in _read, a Transform whose _transform
// and _flush use this.push, a Writable with _writev that collects batches and a _destroy that
// reports; piped together with pipe().
const { Readable, Transform, Writable } = require('stream');

const log = (...a) => console.log(...a);
class Countdown extends Readable {
  constructor(n) { super(); this.n = n; }
  _read() { this.push(this.n > 0 ? String(this.n--) + ' ' : null); }
}
class Brackets extends Transform {
  _transform(chunk, enc, cb) { this.push('['); this.push(chunk); this.push(']'); cb(); }
  _flush(cb) { this.push('<end>'); cb(); }
}
class Collector extends Writable {
  constructor() { super({ highWaterMark: 4 }); this.batches = []; }
  _write(chunk, enc, cb) { this.batches.push(chunk.toString()); setImmediate(cb); }
  _writev(chunks, cb) { this.batches.push(chunks.map((c) => c.chunk.toString()).join('')); setImmediate(cb); }
  _destroy(err, cb) { log('collector _destroy', err); cb(err); }
}
const c = new Collector();
c.on('finish', () => log('batches', JSON.stringify(c.batches)));
c.on('close', () => log('collector close'));
new Countdown(3).pipe(new Brackets()).pipe(c);
