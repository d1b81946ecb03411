// Asynchronous _final and _flush: 'prefinish' waits for _final's callback, 'finish' follows
// from a tick; a Transform's flush pushes its last output before 'end'; the order of every
// event of both streams, and writableFinished/readableEnded along the way.
const { Transform, Writable } = require('stream');

const log = (...a) => console.log(...a);
const w = new Writable({
  write(c, e, cb) { log('write', c.toString()); cb(); },
  final(cb) { log('final starts'); setImmediate(() => { log('final done'); cb(); }); },
});
for (const ev of ['prefinish', 'finish', 'close']) w.on(ev, () => log('w', ev, w.writableFinished));
w.write('one');
w.end('two', () => log('w end cb'));
log('w ended', w.writableEnded, w.writableFinished);

const counter = new Transform({
  objectMode: true,
  transform(chunk, enc, cb) { this.count = (this.count || 0) + 1; cb(); },
  flush(cb) { log('flush starts'); setImmediate(() => cb(null, 'count=' + this.count)); },
});
counter.on('data', (d) => log('t data', d));
for (const ev of ['prefinish', 'finish', 'end', 'close']) counter.on(ev, () => log('t', ev, counter.readableEnded));
counter.write('a');
counter.write('b');
counter.end('c');
