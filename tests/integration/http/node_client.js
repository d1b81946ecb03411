// A Node.js http client for the integration tests: sequential requests over one keep-alive
// agent socket, a streamed chunked POST and a Content-Length POST; prints one JSON line.
// usage: node node_client.js PORT
const http = require('http');
const crypto = require('crypto');
const port = Number(process.argv[2]);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function get(path) {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers,
                                    body: Buffer.concat(chunks).toString('latin1'),
                                    reused: req.reusedSocket }));
    });
    req.on('error', reject);
  });
}

function post(path, pieces, chunked) {
  return new Promise((resolve, reject) => {
    const total = pieces.reduce((n, p) => n + p.length, 0);
    const headers = chunked ? {} : { 'Content-Length': total };
    const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', agent, headers },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode,
                                      body: Buffer.concat(chunks).toString('latin1'),
                                      reused: req.reusedSocket }));
      });
    req.on('error', reject);
    for (const p of pieces) req.write(p);
    req.end();
  });
}

(async () => {
  const out = { gets: [], posts: [] };
  for (let i = 0; i < 5; i++) out.gets.push(await get(`/info?i=${i}`));
  const pieces = [];
  for (let i = 0; i < 40; i++) pieces.push(crypto.randomBytes(1000 + i * 997));
  const all = Buffer.concat(pieces);
  out.expected = `${all.length} ${crypto.createHash('sha256').update(all).digest('hex')}\n`;
  out.posts.push(await post('/echo', pieces, true));
  out.posts.push(await post('/echo', pieces, false));
  out.stream = await get('/stream?bytes=300000&chunked=1');
  out.stream.body = out.stream.body.length;
  agent.destroy();
  console.log(JSON.stringify(out));
})().catch((e) => { console.log(JSON.stringify({ error: String(e) })); process.exitCode = 1; });
