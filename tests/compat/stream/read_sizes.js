// read(n) on a byte stream: n larger than the high-water mark raises it to the next power of
// two, read(n) with fewer than n bytes returns null until the end (then returns the rest),
// a read that spans chunks joins them, and readableLength/readableHighWaterMark track it.
const { Readable } = require('stream');

const log = (...a) => console.log(...a);
const r = new Readable({ highWaterMark: 8, read() {} });
log('hwm', r.readableHighWaterMark);
r.push('12345');
r.push('67890');
log('read(3)', String(r.read(3)), r.readableLength);
log('read(5)', String(r.read(5)), r.readableLength);
log('read(20)', r.read(20), r.readableHighWaterMark, r.readableLength);
r.push('abc');
r.push(null);
log('read(20) at end', String(r.read(20)), r.readableLength);
log('read() after', r.read());
r.on('end', () => log('end', r.readableEnded));
