// timers/promises setInterval(ms, value, {signal, ref}) as an async iterator: the interval
// starts at the first next(); ticks that come while the loop body is busy are counted and
// yielded at once afterwards; aborting while the body runs makes the next next() throw, and
// aborting while next() waits rejects it, with AbortError (the reason its cause); an already
// aborted signal rejects the first next(); a break clears the interval (or the program would
// not end); ref: false lets the program end while next() waits.
const { setInterval, setImmediate } = require('timers/promises');

const log = (...a) => console.log(...a);
const busyWait = (ms) => { const end = Date.now() + ms; while (Date.now() < end); };

async function main() {
  const ac = new AbortController();
  let n = 0;
  try {
    for await (const v of setInterval(5, 'tick', { signal: ac.signal })) {
      log('got', v, ++n);
      if (n === 3) { ac.abort(new Error('enough')); log('aborted in the body'); }
    }
  } catch (err) {
    log('threw', err.name, err.code, err.message, '/ cause', err.cause.message);
  }

  const waiting = new AbortController();
  n = 0;
  try {
    for await (const v of setInterval(50, n, { signal: waiting.signal })) {
      log('got', v, ++n);
      if (n === 2) globalThis.setImmediate(() => { log('abort while waiting'); waiting.abort(); });
    }
  } catch (err) {
    log('threw', err.name, err.code, '/ cause', err.cause.name, err.cause.message);
  }

  n = 0;
  for await (const v of setInterval(10)) {
    ++n;
    let immediateRan = false;
    globalThis.setImmediate(() => { immediateRan = true; });
    log('value', v, n, n === 2 || n === 3 ? `at once ${!immediateRan}` : '');
    if (n === 1) {
      for (let i = 0; i < 3; i++) { busyWait(12); await setImmediate(); }
      log('slow body done');
    }
    if (n === 4) break;
  }
  log('after break');

  const early = setInterval(10, 'x', { signal: AbortSignal.abort(new Error('before')) });
  log('made');
  try {
    await early.next();
  } catch (err) {
    log('first next rejected', err.name, err.cause.message);
  }

  process.on('exit', () => log('exit while next() waits on an unref\'d interval'));
  const unref = setInterval(100000, 'never', { ref: false });
  await unref.next();
  log('never here');
}
main();
