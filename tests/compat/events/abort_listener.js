// events.addAbortListener(signal, listener): the listener runs once, from abort(), in the order
// listeners were added (with the signal's own); dispose() removes it (twice is harmless, after
// the abort too); an already aborted signal runs it from a microtask (after the nextTicks), and
// disposing does not stop that; an undefined signal is a TypeError.
const { addAbortListener } = require('events');

const log = (...a) => console.log(...a);
const ac = new AbortController();
const first = addAbortListener(ac.signal, () => log('first'));
const second = addAbortListener(ac.signal, () => log('second (disposed, never runs)'));
ac.signal.addEventListener('abort', () => log('the signal\'s own listener'));
addAbortListener(ac.signal, () => log('third'));
second[Symbol.dispose]();
second[Symbol.dispose]();
log('abort');
ac.abort();
log('after abort');
ac.abort();
first[Symbol.dispose]();

const pre = addAbortListener(AbortSignal.abort(), () => log('already aborted: from a microtask'));
pre[Symbol.dispose]();
process.nextTick(() => log('tick'));
Promise.resolve().then(() => log('microtask queued after'));
log('end of script');
try {
  addAbortListener(undefined, () => {});
} catch (err) {
  log(err.name, err.code, err.message);
}
