// pipeline(readable, transform, writable, cb): the order of every stream's events, the output,
// and the callback, for a source fed by push() from the main script.
const { Readable, Transform, Writable, pipeline } = require('stream');

const log = (...a) => console.log(...a);
const src = new Readable({ read() {} });
const upper = new Transform({
  transform(chunk, enc, cb) { log('transform', chunk.toString(), enc); cb(null, chunk.toString().toUpperCase()); },
  flush(cb) { log('flush'); cb(null, '!'); },
});
let out = '';
const sink = new Writable({ write(c, e, cb) { log('write', c.toString(), e); out += c; cb(); } });
for (const ev of ['end', 'close']) src.on(ev, () => log('src', ev));
for (const ev of ['end', 'prefinish', 'finish', 'close']) upper.on(ev, () => log('upper', ev));
for (const ev of ['prefinish', 'finish', 'close']) sink.on(ev, () => log('sink', ev));
sink.on('pipe', (s) => log('sink pipe', s === upper));
const ret = pipeline(src, upper, sink, (err) => log('done', err ? err.message : 'ok', '[' + out + ']'));
log('returns last', ret === sink);
src.push('hello ');
src.push('world');
src.push(null);
process.nextTick(() => log('tick'));
Promise.resolve().then(() => log('microtask'));
