// The server both clients of the pair talk to (started by run_client_pair.py): Node's own
// http server, so that any difference in the outputs comes from the clients.
const http = require('http');
const server = http.createServer((req, res) => {
  const u = new URL(req.url, 'http://x');
  switch (u.pathname) {
    case '/json':
      res.setHeader('Content-Type', 'application/json');
      res.setHeader('X-Multi', ['a', 'b']);
      res.end('{"hello":"world"}');
      break;
    case '/chunked':
      res.setHeader('Trailer', 'X-Sum');
      res.write('one ');
      res.write('two ');
      res.addTrailers({ 'X-Sum': '3' });
      res.end('three');
      break;
    case '/echo': {
      let body = '';
      req.on('data', (c) => { body += c; });
      req.on('end', () => {
        const names = Object.keys(req.headers).sort();
        res.end(`${req.method} ${req.url}\n${names.map((n) => `${n}: ${req.headers[n]}`).join('\n')}\n${body}`);
      });
      break;
    }
    case '/status':
      res.writeHead(Number(u.searchParams.get('code')), u.searchParams.get('message') || undefined);
      res.end();
      break;
    case '/hangup':
      req.socket.destroy();
      break;
    case '/cut':
      res.setHeader('Content-Length', 100);
      res.write('only part of it');
      setTimeout(() => req.socket.destroy(), 20);
      break;
    case '/slow':
      setTimeout(() => res.end('late'), 2000);
      break;
    case '/hints':
      res.writeEarlyHints({ link: '</style.css>; rel=preload' });
      res.end('after hints');
      break;
    case '/continue':
      res.end('continued');
      break;
    default:
      res.statusCode = 404;
      res.end('not found');
  }
});
server.on('checkContinue', (req, res) => {
  res.writeContinue();
  let body = '';
  req.on('data', (c) => { body += c; });
  req.on('end', () => res.end(`got ${body}`));
});
server.listen(0, '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}/`);
});
