// process.stdout as a pipe's destination: lines through an upper-casing Transform piped into
// stdout, which pipe() never ends (Node leaves stdout and stderr open), then a second source
// piped into the same stdout, then a plain console.log. (Not pipeline(): Node's pipeline into
// process.stdout ends it, which on a pipe never finishes, so its callback never runs.)
const { Readable, Transform } = require('stream');

function upper() {
  return new Transform({
    transform(chunk, encoding, cb) { cb(null, chunk.toString().toUpperCase()); },
  });
}

const t = upper();
t.on('end', () => {
  setImmediate(() => {
    console.log('first pipe ended');
    const second = Readable.from([Buffer.from('third line\n')]);
    second.on('end', () => setImmediate(() => console.log('stdout still writable')));
    second.pipe(process.stdout);
  });
});
Readable.from([Buffer.from('first line\n'), Buffer.from('second line\n')]).pipe(t).pipe(process.stdout);
