// The Node.js server the client integration tests point client-driver at.
//   /hello              "hello\n"
//   /stream?bytes=N     N bytes of the /stream pattern, with backpressure (&chunked=1: no
//                       Content-Length, so Node sends Transfer-Encoding: chunked)
//   /cut?bytes=N        Content-Length 2N, then N bytes, then the socket is destroyed
//   /slow?ms=N          answers after N ms
//   /echo               "<bytes> <sha256>\n" of the request body
//   /connections        how many connections this server has accepted
const http = require('http');
const crypto = require('crypto');
const args = process.argv.slice(2);
const port = Number(args[args.indexOf('--port') + 1]) || 0;

const PERIOD = 65536;
const pattern = Buffer.alloc(PERIOD);
for (let i = 0; i < PERIOD; i++) pattern[i] = 97 + (i * 7 + Math.floor(i / 251)) % 26;

let connections = 0;
const server = http.createServer((req, res) => {
  const u = new URL(req.url, 'http://x');
  const q = u.searchParams;
  if (u.pathname === '/hello') {
    res.end('hello\n');
  } else if (u.pathname === '/stream' || u.pathname === '/cut') {
    const cut = u.pathname === '/cut';
    const total = Number(q.get('bytes'));
    if (cut) res.setHeader('Content-Length', 2 * total);
    else if (q.get('chunked') !== '1') res.setHeader('Content-Length', total);
    let sent = 0;
    const pump = () => {
      while (sent < total) {
        const n = Math.min(PERIOD - (sent % PERIOD), total - sent);
        const chunk = pattern.subarray(sent % PERIOD, sent % PERIOD + n);
        sent += n;
        if (!res.write(chunk)) { res.once('drain', pump); return; }
      }
      if (cut) setTimeout(() => res.socket.destroy(), 20);
      else res.end();
    };
    pump();
  } else if (u.pathname === '/slow') {
    setTimeout(() => res.end('slow\n'), Number(q.get('ms')));
  } else if (u.pathname === '/echo') {
    const hash = crypto.createHash('sha256');
    let bytes = 0;
    req.on('data', (c) => { bytes += c.length; hash.update(c); });
    req.on('end', () => res.end(`${bytes} ${hash.digest('hex')}\n`));
  } else if (u.pathname === '/connections') {
    res.end(`${connections}\n`);
  } else {
    res.statusCode = 404;
    res.end('not found\n');
  }
});
server.on('connection', () => { connections++; });
server.listen(port, '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}/`);
});
