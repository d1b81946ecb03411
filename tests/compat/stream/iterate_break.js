// for await over a Readable, left early with break: the stream is destroyed (an AbortError,
// which the iterator's own listener absorbs), 'close' follows, and nothing more is read.
const { Readable } = require('stream');

const log = (...a) => console.log(...a);
async function main() {
  let n = 0;
  const r = new Readable({ objectMode: true, read() { this.push(n < 10 ? n++ : null); } });
  r.on('close', () => log('close', r.destroyed, r.readableEnded, r.errored && r.errored.name));
  r.on('end', () => log('end'));
  for await (const v of r) {
    log('value', v);
    if (v === 3) break;
  }
  log('after loop', r.destroyed, n);
  await new Promise((resolve) => setImmediate(resolve));
  const full = Readable.from(['x', 'y']);
  full.on('close', () => log('full close'));
  for await (const v of full) log('full', v);
  log('full done', full.readableEnded, full.destroyed);
}
main().then(() => log('main resolved'));
