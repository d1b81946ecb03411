// fs.createReadStream over fd 0 (stdin, a file here): Node's close() skips a falsy fd, so the
// stream's end and close leave fd 0 open (lib/internal/fs/streams.js close()).
const fs = require('fs');

let bytes = 0;
const rs = fs.createReadStream(null, { fd: 0 });
rs.on('data', (chunk) => { bytes += chunk.length; });
rs.on('end', () => console.log('end', bytes));
rs.on('close', () => {
  console.log('close');
  console.log('fd 0 still open', fs.fstatSync(0).isFile());
});
