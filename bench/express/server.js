// bench/express's servers under Node (MODE as server.cc: express-hello, http-hello,
// http-hello-etag, express-json, http-json, http-json-etag, express-routes).
const express = require('express');
const http = require('http');
const crypto = require('crypto');
const mode = process.env.MODE || 'express-hello';
const port = Number(process.env.PORT);
const user = (id) => ({ id, name: 'Ada Lovelace', active: true, score: 42 });
const listening = () => console.log('listening');
const etagOf = (body) => 'W/"' + Buffer.byteLength(body).toString(16) + '-' +
  crypto.createHash('sha1').update(body).digest('base64').substring(0, 27) + '"';
if (mode === 'http-hello-etag' || mode === 'http-json-etag') {
  http.createServer((req, res) => {
    const body = mode === 'http-json-etag' ? JSON.stringify(user(req.url.slice(7))) : 'Hello World';
    res.writeHead(200, { 'X-Powered-By': 'Express', 'Content-Type': mode === 'http-json-etag' ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8',
      'Content-Length': Buffer.byteLength(body), 'ETag': etagOf(body) });
    res.end(body);
  }).listen(port, '127.0.0.1', listening);
} else if (mode === 'http-hello' || mode === 'http-json') {
  http.createServer((req, res) => {
    if (mode === 'http-json') {
      const body = JSON.stringify(user(req.url.slice(7)));
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
      res.end(body);
    } else {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': 11 });
      res.end('Hello World');
    }
  }).listen(port, '127.0.0.1', listening);
} else {
  const app = express();
  if (mode === 'express-hello') {
    app.get('/', (req, res) => { res.send('Hello World'); });
  } else if (mode === 'express-json') {
    app.get('/users/:id', (req, res) => { res.json(user(req.params.id)); });
  } else {
    const routes = Number(process.env.ROUTES || 10);
    for (let i = 0; i < routes; i++) {
      app.get((process.env.PREFIX || '') + '/r' + i + '/:id', (req, res) => { res.json(user(req.params.id)); });
    }
  }
  app.listen(port, '127.0.0.1', listening);
}
