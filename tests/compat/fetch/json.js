// Response.json() and Request.json(): values, V8's SyntaxError text for a bad or empty body,
// a byte order mark dropped, a body read twice, fetch(Request) consuming the request's body,
// and an aborted fetch.
const http = require('http');

const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => { body += c; });
  req.on('end', () => {
    if (req.url === '/bad') res.end('{"a": bad}');
    else if (req.url === '/empty') res.end('');
    else if (req.url === '/bom') res.end('\ufeff{"b":[1,true,null]}');
    else if (req.url === '/echo') res.end(`${req.method} ${req.headers['content-type']} ${body}`);
    else res.end('{"user":{"name":"ada"},"n":7}');
  });
});

async function main() {
  const base = `http://127.0.0.1:${server.address().port}`;
  for (const path of ['/ok', '/bad', '/empty', '/bom']) {
    const res = await fetch(base + path);
    try {
      const v = await res.json();
      console.log(path, JSON.stringify(v));
    } catch (err) {
      console.log(path, err.name, err.message);
    }
  }
  const res = await fetch(`${base}/ok`);
  const v = await res.json();
  console.log('name', v.user.name, v.n + 1);
  try {
    await res.json();
  } catch (err) {
    console.log('again', err.name, err.message);
  }

  const req = new Request(`${base}/echo`, { method: 'post', body: JSON.stringify({ x: 1 }) });
  console.log('request', req.url === `${base}/echo`, req.method, req.bodyUsed);
  const echoed = await fetch(req);
  console.log('echo', req.bodyUsed, await echoed.text());
  try {
    await fetch(req);
  } catch (err) {
    console.log('reuse', err.name, err.message);
  }
  const local = new Request(`${base}/x`, { method: 'PUT', body: '{"k":[1,2]}' });
  console.log('request json', JSON.stringify(await local.json()), local.bodyUsed);
  try {
    await new Request(`${base}/x`, { method: 'PUT', body: '[1,' }).json();
  } catch (err) {
    console.log('request bad', err.name, err.message);
  }
  try {
    new Request(`${base}/x`, { body: 'x' });
  } catch (err) {
    console.log('get body', err.name, err.message);
  }
  try {
    new Request('nope');
  } catch (err) {
    console.log('bad url', err.name, err.message);
  }
  const ac = new AbortController();
  const pending = fetch(`${base}/ok`, { signal: ac.signal });
  ac.abort();
  try {
    await pending;
  } catch (err) {
    console.log('abort', err.name, err.message);
  }
  server.close();
}

server.listen(0, '127.0.0.1', main);
