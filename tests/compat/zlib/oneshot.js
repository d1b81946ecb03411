// The one-shot forms: results by content, Node's errors for bad input and bad options, in the
// Sync, callback and promisified forms (callbacks chained, so their order is the program's).
const zlib = require('zlib');
const { promisify } = require('util');

const log = (...a) => console.log(...a);
const show = (e) => `${String(e)} ${e.code} ${e.errno}`;
const text = 'The quick brown fox jumps over the lazy dog. '.repeat(200);
for (const [c, d] of [['gzipSync', 'gunzipSync'], ['deflateSync', 'inflateSync'], ['deflateRawSync', 'inflateRawSync'],
  ['gzipSync', 'unzipSync'], ['deflateSync', 'unzipSync'], ['brotliCompressSync', 'brotliDecompressSync']]) {
  for (const level of [0, 1, 6, 9]) {
    const opts = c.startsWith('brotli') ? { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: level } } : { level };
    const back = zlib[d](zlib[c](text, opts)).toString();
    log(c, d, level, back === text);
  }
}
const gz = zlib.gzipSync(text);
const bad = [['gunzipSync', Buffer.from('not gzip')], ['gunzipSync', gz.subarray(0, 30)], ['gunzipSync', Buffer.alloc(0)],
  ['inflateSync', Buffer.from([0x78, 0x9c, 0xff])], ['unzipSync', Buffer.from([0x1f, 0x8b, 0x08])],
  ['brotliDecompressSync', Buffer.from([0xff, 0xff])], ['inflateRawSync', Buffer.from([0x07])]];
for (const [f, input] of bad) {
  try { zlib[f](input); log(f, 'no error'); } catch (e) { log(f, show(e)); }
}
for (const [f, opts] of [['gzipSync', { level: 10 }], ['gzipSync', { windowBits: 7 }], ['deflateRawSync', { windowBits: 0 }],
  ['inflateSync', { windowBits: 0 }], ['gzipSync', { chunkSize: 63 }], ['gunzipSync', { maxOutputLength: 0 }],
  ['brotliCompressSync', { params: { 9: 1 } }], ['brotliCompressSync', { flush: 4 }]]) {
  try { zlib[f](f.startsWith('gunzip') || f.startsWith('inflate') ? gz : 'x', opts); log(f, 'ok'); } catch (e) { log(f, show(e)); }
}
try { zlib.gunzipSync(gz, { maxOutputLength: 100 }); } catch (e) { log('maxOutputLength', show(e)); }
zlib.gzip(text, (err, packed) => {
  log('gzip cb', err, zlib.gunzipSync(packed).toString() === text);
  zlib.gunzip(gz.subarray(0, gz.length - 1), (err, out) => {
    log('gunzip cb', show(err), out);
    zlib.brotliDecompress(Buffer.from('not brotli'), (err) => {
      log('brotli cb', show(err));
      const gunzip = promisify(zlib.gunzip);
      gunzip(gz).then((out) => {
        log('promise', out.toString() === text);
        return gunzip(gz, { maxOutputLength: 10 });
      }).catch((e) => log('promise', show(e)));
    });
  });
});
