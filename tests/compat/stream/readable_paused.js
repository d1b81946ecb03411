// Paused mode: 'readable' events, read(n) with and without enough data, read() of everything,
// readableLength, and 'end' after the last read, for a source that pushes from setImmediate.
const { Readable } = require('stream');

const log = (...a) => console.log(...a);
const parts = ['abc', 'defgh', 'ij', null];
const r = new Readable({
  highWaterMark: 4,
  read(n) { log('_read', n, r.readableLength); const p = parts.shift(); setImmediate(() => log('push', p, r.push(p))); },
});
r.on('readable', () => {
  log('readable', r.readableLength, r.readableFlowing);
  let chunk;
  while ((chunk = r.read(3)) !== null) log('read(3)', chunk.toString(), r.readableLength);
  if (r.readableLength > 0 && parts.length === 0) { const rest = r.read(); log('read()', rest && rest.toString()); }
});
r.on('end', () => log('end', r.readableEnded));
r.on('close', () => log('close', r.destroyed));
log('flowing', r.readableFlowing);
