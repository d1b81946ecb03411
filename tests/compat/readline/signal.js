// createInterface({input, signal}): aborting closes the interface ('pause', then 'close'; the
// input is paused and its listeners removed; no error); lines that come later are not read.
// An already aborted signal closes it from a nextTick, after the lines the input already
// held. A for await loop over the lines simply ends. Each part starts when the one before is
// over.
const { Readable } = require('stream');
const readline = require('readline');

const log = (...a) => console.log(...a);

function abortInLine(next) {
  const ac = new AbortController();
  const input = new Readable({ read() {} });
  const rl = readline.createInterface({ input, signal: ac.signal });
  rl.on('line', (line) => {
    log('line', line);
    if (line === 'b') { ac.abort(); log('aborted', rl.closed); }
  });
  rl.on('pause', () => log('pause'));
  rl.on('close', () => {
    log('close', input.isPaused(), input.listenerCount('data'), input.listenerCount('end'));
    setImmediate(() => { input.push('d\n'); setImmediate(next); });
  });
  rl.on('error', (e) => log('error', e.message));
  input.push('a\nb\nc\n');
}

function alreadyAborted(next) {
  log('-- already aborted');
  const input = new Readable({ read() {} });
  input.push('held\n');
  const rl = readline.createInterface({ input, signal: AbortSignal.abort() });
  log('closed at once', rl.closed === true);
  rl.on('line', (line) => log('line', line));
  rl.on('close', () => { log('close'); setImmediate(next); });
  process.nextTick(() => log('tick after createInterface'));
}

async function iterate() {
  log('-- for await');
  const ac = new AbortController();
  const input = new Readable({ read() {} });
  const rl = readline.createInterface({ input, signal: ac.signal });
  input.push('x\ny\n');
  for await (const line of rl) {
    log('line', line);
    if (line === 'y') setTimeout(() => ac.abort(), 1);
  }
  log('loop ended', rl.closed);
  ac.abort();
}

abortInLine(() => alreadyAborted(iterate));
