// flush(): Z_SYNC_FLUSH makes everything written so far come out, ending on the 00 00 ff ff
// marker, readable at once by an inflater; flush() (Z_FULL_FLUSH) and params() the same; a
// flush after end() calls back at 'end'. Content and markers only (sizes depend on the zlib).
const zlib = require('zlib');

const log = (...a) => console.log(...a);
const d = zlib.createDeflate();
const chunks = [];
d.on('data', (c) => chunks.push(c));
const soFar = () => zlib.inflateSync(Buffer.concat(chunks), { finishFlush: zlib.constants.Z_SYNC_FLUSH }).toString();
const tail = () => Buffer.concat(chunks).subarray(-4).toString('hex');
d.write('hello ');
d.flush(zlib.constants.Z_SYNC_FLUSH, () => {
  log('sync flush', JSON.stringify(soFar()), tail(), d.bytesWritten);
  d.write('world ');
  d.flush(() => {
    log('full flush', JSON.stringify(soFar()), tail(), d.bytesWritten);
    d.params(1, zlib.constants.Z_DEFAULT_STRATEGY, () => {
      log('params', JSON.stringify(soFar()), tail());
      d.params(1, zlib.constants.Z_DEFAULT_STRATEGY, () => log('same params'));
      d.end('and the rest');
      d.flush(() => log('flush after end', JSON.stringify(zlib.inflateSync(Buffer.concat(chunks)).toString())));
    });
  });
});
d.on('end', () => log('end', d.bytesWritten));
try { d.params(10, 0); } catch (e) { log(String(e)); }
try { d.params(1, 7); } catch (e) { log(String(e)); }
