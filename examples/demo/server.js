// The demo site: a page and its stylesheet, /echo?value=, /api/time (JSON), POST /api/upload.
const http = require('http');
const fs = require('fs');
const url = require('url');
const path = require('path');
const crypto = require('crypto');
const args = process.argv.slice(2);
const port = Number(args[args.indexOf('--port') + 1]) || 8080;
const host = args.includes('--host') ? args[args.indexOf('--host') + 1] : '127.0.0.1';
const root = path.join(__dirname, 'public');
const types = { '.html': 'text/html; charset=utf-8', '.css': 'text/css; charset=utf-8' };

function sendFile(res, name) {
  fs.readFile(path.join(root, name), (err, data) => {
    if (err) { res.writeHead(404, { 'Content-Type': 'text/plain' }); res.end('not found\n'); return; }
    res.setHeader('Content-Type', types[path.extname(name)]);
    res.end(data);
  });
}

const server = http.createServer((req, res) => {
  const u = url.parse(req.url, true);
  if (req.method === 'GET' && u.pathname === '/') {
    sendFile(res, 'index.html');
  } else if (req.method === 'GET' && u.pathname === '/style.css') {
    sendFile(res, 'style.css');
  } else if (req.method === 'GET' && u.pathname === '/echo') {
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.end(u.query.value ? u.query.value : 'no value specified');
  } else if (req.method === 'GET' && u.pathname === '/api/time') {
    const now = Date.now();
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ now: now, iso: new Date(now).toISOString() }));
  } else if (req.method === 'POST' && u.pathname === '/api/upload') {
    const hash = crypto.createHash('sha256');
    let bytes = 0;
    req.on('data', (chunk) => { bytes += chunk.length; hash.update(chunk); });
    req.on('end', () => {
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ bytes: bytes, sha256: hash.digest('hex') }));
    });
  } else {
    res.writeHead(404, { 'Content-Type': 'text/plain' });
    res.end('not found\n');
  }
});
server.listen(port, host, () => {
  console.log(`nodecc demo on http://${host}:${port}/  (Ctrl-C stops it)`);
});
process.on('SIGINT', () => {
  console.log('stopping');
  server.close(() => process.exit(0));
});
