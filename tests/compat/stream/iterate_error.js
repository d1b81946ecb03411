// for await over a stream that fails midway: the loop gets the values before the failure,
// then the error is thrown at the await; the stream is destroyed and closed. A for await over
// a Transform reads what the transform pushes.
const { Readable, PassThrough } = require('stream');

const log = (...a) => console.log(...a);
async function main() {
  let n = 0;
  const r = new Readable({
    read() { setImmediate(() => (n === 2 ? this.destroy(new Error('source broke')) : this.push('v' + n++))); },
  });
  r.on('close', () => log('close'));
  try {
    for await (const v of r) log('value', v.toString());
  } catch (err) {
    log('caught', err.message, r.destroyed);
  }
  const t = new PassThrough();
  t.end('through');
  for await (const v of t) log('pass', v.toString());
  log('pass done', t.readableEnded);
}
main();
