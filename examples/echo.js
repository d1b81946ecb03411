// The echo app: GET or HEAD /?value=X answers X; other methods get 405.
const http = require('http');
const url = require('url');
const args = process.argv.slice(2);
const port = Number(args[args.indexOf('--port') + 1]) || 8080;
const host = args.includes('--host') ? args[args.indexOf('--host') + 1] : '127.0.0.1';

http.createServer((req, res) => {
  if (req.method === 'GET' || req.method === 'HEAD') {
    const q = url.parse(req.url, true).query;
    if (!q.value) res.end('no value specified'); else res.end(q.value);
  } else { res.writeHead(405, 'Method Not Allowed'); res.end(); }
}).listen(port, host, () => {
  console.log(`listening on http://${host}:${port}/`);
});
