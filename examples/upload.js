// Streams a request body without ever holding it whole: answers its size and SHA-256.
const http = require('http');
const crypto = require('crypto');
const args = process.argv.slice(2);
const port = Number(args[args.indexOf('--port') + 1]) || 8080;
const host = args.includes('--host') ? args[args.indexOf('--host') + 1] : '127.0.0.1';

http.createServer((req, res) => {
  const hash = crypto.createHash('sha256');
  let bytes = 0;
  req.on('data', (chunk) => {
    bytes += chunk.length;
    hash.update(chunk);
  });
  req.on('end', () => {
    res.setHeader('Content-Type', 'text/plain');
    res.end(`${bytes} ${hash.digest('hex')}\n`);
  });
}).listen(port, host, () => {
  console.log(`listening on http://${host}:${port}/`);
});
