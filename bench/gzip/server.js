// bench/gzip's Node server, the twin of server.cc: the npm compression package (1.8.2, installed
// by `npm ci` in tests/express) in front of http.createServer, level 6, PAGE as text/html, whole
// (MODE=whole) or in 4 KiB writes (MODE=stream).
const http = require('http');
const fs = require('fs');
const path = require('path');
const compression = require(path.join(__dirname, '../../tests/express/node_modules/compression'));

const page = fs.readFileSync(process.env.PAGE, 'utf8');
const compress = compression({ level: 6 });
const stream = process.env.MODE === 'stream';
http.createServer((req, res) => {
  compress(req, res, () => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    if (!stream) {
      res.end(page);
      return;
    }
    for (let at = 0; at < page.length; at += 4096) res.write(page.slice(at, at + 4096));
    res.end();
  });
}).listen(+process.env.PORT, '127.0.0.1', () => console.log('listening'));
