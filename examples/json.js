// The TechEmpower "json" test: every request gets a small JSON object.
const http = require('http');
const args = process.argv.slice(2);
const port = Number(args[args.indexOf('--port') + 1]) || 8080;
const host = args.includes('--host') ? args[args.indexOf('--host') + 1] : '127.0.0.1';

http.createServer((req, res) => {
  const body = JSON.stringify({ message: 'Hello, World!' });
  res.writeHead(200, { 'Content-Type': 'application/json', 'Server': 'nodecc' });
  res.end(body);
}).listen(port, host, () => {
  console.log(`listening on http://${host}:${port}/`);
});
