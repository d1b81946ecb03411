// node stream_gzip.js IN OUT [LEVEL]: IN -> gzip stream -> OUT, stream_gzip.cc's twin.
const fs = require('fs');
const zlib = require('zlib');
const { pipeline } = require('stream');

const [input, output, level] = process.argv.slice(2);
const out = fs.createWriteStream(output);
pipeline(fs.createReadStream(input), zlib.createGzip(level === undefined ? {} : { level: Number(level) }), out, (err) => {
  if (err) { console.error(err); process.exitCode = 1; } else console.log(out.bytesWritten);
});
