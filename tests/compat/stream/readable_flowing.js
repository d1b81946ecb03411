// Flowing mode: on('data') starts the flow from a nextTick, pause() and resume() emit 'pause'
// and 'resume', chunks pushed while paused wait in the buffer (push returns false past the
// high-water mark), and 'data' comes at once for a push while flowing with nothing buffered.
const { Readable } = require('stream');

const log = (...a) => console.log(...a);
const r = new Readable({ highWaterMark: 5, read() { log('_read'); } });
log('push a', r.push('a'));
r.on('data', (c) => {
  log('data', c.toString(), r.isPaused());
  if (c.toString() === 'b') {
    r.pause();
    log('push long', r.push('long chunk'), r.readableLength, r.readableFlowing);
    setImmediate(() => { log('resuming'); r.resume(); });
  }
});
r.on('pause', () => log('pause'));
r.on('resume', () => { log('resume'); if (r.readableLength > 0) setImmediate(() => { log('push c', r.push('c')); r.push(null); }); });
r.on('end', () => log('end'));
r.on('close', () => log('close'));
log('flowing', r.readableFlowing);
process.nextTick(() => { log('tick: push b', r.push('b')); });
