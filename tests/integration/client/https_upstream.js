// The https upstream of test_proxy_https.py: Node's https server with the certificate given.
//   GET /info: the request line and fields as received, one per line
//   POST|PUT /echo: "<bytes> <sha256 hex>" of the request body
//   GET /bytes?n=N: N bytes, 64 KiB blocks of "abcdefghij" repeated (written with backpressure)
const https = require('https');
const fs = require('fs');
const crypto = require('crypto');
const args = process.argv.slice(2);
const opt = (name) => args[args.indexOf(name) + 1];

const block = Buffer.alloc(65536, 'abcdefghij');
const server = https.createServer({ cert: fs.readFileSync(opt('--cert')), key: fs.readFileSync(opt('--key')) }, (req, res) => {
  const u = new URL(req.url, 'https://upstream');
  if (u.pathname === '/info') {
    let text = `${req.method} ${req.url} HTTP/${req.httpVersion}\n`;
    for (let i = 0; i < req.rawHeaders.length; i += 2) text += `${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}\n`;
    res.end(text);
  } else if (u.pathname === '/echo') {
    const hash = crypto.createHash('sha256');
    let bytes = 0;
    req.on('data', (chunk) => { bytes += chunk.length; hash.update(chunk); });
    req.on('end', () => res.end(`${bytes} ${hash.digest('hex')}\n`));
  } else if (u.pathname === '/bytes') {
    let left = Number(u.searchParams.get('n'));
    res.writeHead(200, { 'Content-Length': left });
    const pump = () => {
      while (left > 0) {
        const piece = block.subarray(0, Math.min(left, block.length));
        left -= piece.length;
        if (!res.write(piece)) { res.once('drain', pump); return; }
      }
      res.end();
    };
    pump();
  } else {
    res.writeHead(404);
    res.end('not found\n');
  }
});
server.listen(0, '127.0.0.1', () => console.log(`listening on https://127.0.0.1:${server.address().port}/`));
