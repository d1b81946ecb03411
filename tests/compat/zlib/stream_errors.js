// Bad input to the stream forms: an 'error' event with Node's message, code and errno, never a
// crash; a truncated stream with finishFlush Z_SYNC_FLUSH gives what it has without an error.
const zlib = require('zlib');

const log = (...a) => console.log(...a);
const text = 'hello world '.repeat(1000);
const gz = zlib.gzipSync(text);
const br = zlib.brotliCompressSync(text);
const cases = [
  ['garbage', () => zlib.createGunzip(), Buffer.from('this is not gzip data')],
  ['truncated', () => zlib.createGunzip(), gz.subarray(0, gz.length - 8)],
  ['bad crc', () => zlib.createGunzip(), Buffer.concat([gz.subarray(0, gz.length - 8), Buffer.from([1, 2, 3, 4]), gz.subarray(gz.length - 4)])],
  ['trailing garbage', () => zlib.createGunzip(), Buffer.concat([gz, Buffer.from('xyz')])],
  ['inflate garbage', () => zlib.createInflate(), Buffer.from('garbage!')],
  ['raw garbage', () => zlib.createInflateRaw(), Buffer.from([0xff, 0xff, 0xff, 0xff])],
  ['brotli garbage', () => zlib.createBrotliDecompress(), Buffer.from('not brotli at all')],
  ['brotli truncated', () => zlib.createBrotliDecompress(), br.subarray(0, br.length - 3)],
  ['sync flush truncated', () => zlib.createGunzip({ finishFlush: zlib.constants.Z_SYNC_FLUSH }), gz.subarray(0, gz.length - 8)],
  ['empty', () => zlib.createGunzip(), Buffer.alloc(0)],
];
function next(i) {
  if (i === cases.length) return;
  const [name, make, input] = cases[i];
  const s = make();
  let n = 0;
  s.on('data', (d) => { n += d.length; });
  s.on('error', (e) => log(name, 'error', String(e), e.code, e.errno));
  s.on('end', () => log(name, 'end', n));
  s.on('close', () => { log(name, 'close', s.destroyed); next(i + 1); });
  for (let k = 0; k < input.length; k += 100) s.write(input.subarray(k, k + 100));
  s.end();
}
next(0);
