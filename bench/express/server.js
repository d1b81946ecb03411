// bench/express's servers under Node (MODE as server.cc: express-hello, http-hello,
// express-json, http-json, express-routes).
const express = require('express');
const http = require('http');
const mode = process.env.MODE || 'express-hello';
const port = Number(process.env.PORT);
const user = (id) => ({ id, name: 'Ada Lovelace', active: true, score: 42 });
const listening = () => console.log('listening');
if (mode === 'http-hello' || mode === 'http-json') {
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
      app.get('/r' + i + '/:id', (req, res) => { res.json(user(req.params.id)); });
    }
  }
  app.listen(port, '127.0.0.1', listening);
}
