// timers/promises with {signal}: an abort rejects with AbortError and clears the timer (the
// process does not wait 60 s), an aborted signal rejects at once, a timer that fired first
// ignores a later abort; AbortController, onabort, AbortSignal.any and .timeout.
const { setTimeout: sleep, setImmediate: immediate } = require('timers/promises');

async function main() {
  const ac = new AbortController();
  ac.signal.addEventListener('abort', () => console.log('listener'));
  ac.signal.onabort = () => console.log('onabort');
  setTimeout(() => ac.abort(), 5);
  try {
    await sleep(60000, 'never', { signal: ac.signal });
  } catch (err) {
    console.log('timeout', err.name, err.code, err.message);
  }
  console.log('reason', ac.signal.aborted, ac.signal.reason.name, ac.signal.reason.message);
  try {
    ac.signal.throwIfAborted();
  } catch (err) {
    console.log('throwIfAborted', err.name, err.message);
  }
  try {
    await immediate('x', { signal: AbortSignal.abort() });
  } catch (err) {
    console.log('immediate', err.name, err.code, err.message);
  }
  const later = new AbortController();
  console.log('value', await sleep(1, 'v', { signal: later.signal }));
  later.abort();
  console.log('after late abort', later.signal.aborted);

  const a = new AbortController();
  const b = new AbortController();
  const any = AbortSignal.any([a.signal, b.signal]);
  any.addEventListener('abort', () => console.log('any', any.reason.message));
  b.abort(new Error('b first'));
  a.abort();

  const t = AbortSignal.timeout(5);
  try {
    await sleep(60000, undefined, { signal: t });
  } catch (err) {
    console.log('timeout signal', err.name, err.code, t.reason.name, t.reason.message);
  }
}

main().then(() => console.log('end'));
