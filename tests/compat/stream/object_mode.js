// Object mode: chunks are values, each counts 1 toward the high-water mark (push returns false
// at the 3rd of highWaterMark 3), read(n) ignores n, and a Transform maps objects to other
// objects (numbers to records) through pipe().
const { Readable, Transform, Writable } = require('stream');

const log = (...a) => console.log(...a);
const r = new Readable({ objectMode: true, highWaterMark: 3, read() {} });
for (let i = 1; i <= 4; i++) log('push', i, r.push(i), r.readableLength);
log('read(100)', r.read(100), r.readableLength);
r.push(null);
const toRecord = new Transform({
  objectMode: true,
  transform(n, enc, cb) { cb(null, { n, square: n * n }); },
});
const w = new Writable({
  objectMode: true,
  write(rec, enc, cb) { log('record', rec.n, rec.square, enc); cb(); },
});
w.on('finish', () => log('finish', w.writableObjectMode, toRecord.readableObjectMode));
r.pipe(toRecord).pipe(w);
