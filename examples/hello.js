// The smallest HTTP server: 13 bytes of text for every request.
const http = require('http');
const args = process.argv.slice(2);
const port = Number(args[args.indexOf('--port') + 1]) || 8080;
const host = args.includes('--host') ? args[args.indexOf('--host') + 1] : '127.0.0.1';

http.createServer((req, res) => {
  res.setHeader('Content-Type', 'text/plain');
  res.end('Hello, World!');
}).listen(port, host, () => {
  console.log(`listening on http://${host}:${port}/`);
});
