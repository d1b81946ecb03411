// Streams made by create*() piped with pipe(), not pipeline: the gzip stream closes (and in
// nodecc is deleted) before the gunzip stream behind it finishes, whose 'finish' unpipes from
// its source.
const zlib = require('zlib');
const { Writable } = require('stream');

let bytes = 0;
const sink = new Writable({
  write(chunk, encoding, cb) {
    bytes += chunk.length;
    cb();
  },
});
const gz = zlib.createGzip();
const gunzip = zlib.createGunzip();
gz.on('close', () => console.log('gzip close'));
gunzip.on('finish', () => console.log('gunzip finish'));
gunzip.on('close', () => console.log('gunzip close'));
sink.on('finish', () => console.log('sink finish', bytes));
gz.pipe(gunzip).pipe(sink);
for (let i = 0; i < 64; i++) {
  gz.write(Buffer.alloc(4096, i));
}
gz.end();
