// The order of write callbacks, 'drain' and the next event-loop work, for a _write that calls
// back synchronously (callbacks deferred to a tick, 'drain' before them) and one that calls
// back asynchronously (callbacks at once); writableLength as it goes.
const { Writable } = require('stream');

const log = (...a) => console.log(...a);
function run(name, sync, next) {
  const w = new Writable({
    highWaterMark: 3,
    write(c, e, cb) { log(name, '_write', c.toString()); if (sync) cb(); else setImmediate(cb); },
  });
  w.on('drain', () => log(name, 'drain', w.writableLength));
  w.on('finish', () => { log(name, 'finish'); next(); });
  for (const s of ['ab', 'cd', 'ef']) log(name, 'write', s, w.write(s, () => log(name, 'cb', s, w.writableLength)), w.writableLength);
  process.nextTick(() => log(name, 'tick'));
  w.end();
}
run('sync', true, () => run('async', false, () => log('done')));
