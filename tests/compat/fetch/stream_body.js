// fetch() with a stream body (duplex: 'half'), sent chunked: a ReadableStream from
// Readable.toWeb, a Readable, a Request over a stream, another response's body; the missing
// duplex option, duplex 'full', a 307 and a 303 redirect with a stream body, and a source
// stream that fails mid-upload (the fetch rejects, the server sees the upload aborted).
const http = require('http');
const { Readable } = require('stream');

let aborted;
const server = http.createServer((req, res) => {
  if (req.url === '/307') {
    res.writeHead(307, { location: '/echo' });
    res.end();
    return;
  }
  if (req.url === '/303') {
    res.writeHead(303, { location: '/echo' });
    res.end();
    return;
  }
  if (req.url === '/data') {
    for (let i = 0; i < 50; i++) res.write(Buffer.alloc(1000, 'd'));
    res.end();
    return;
  }
  let body = '';
  req.on('data', (c) => { body += c; });
  req.on('aborted', () => aborted('aborted'));
  req.on('end', () => {
    const shown = body.length > 20 ? `${body.length} bytes` : body;
    res.end(`${req.method} te=${req.headers['transfer-encoding']} cl=${req.headers['content-length']} ct=${req.headers['content-type']} ${shown}`);
  });
});

async function main() {
  const base = `http://127.0.0.1:${server.address().port}`;
  let res = await fetch(`${base}/echo`, { method: 'POST', body: Readable.toWeb(Readable.from(['ab', 'cd'])), duplex: 'half' });
  console.log('web', await res.text());
  res = await fetch(`${base}/echo`, { method: 'POST', body: Readable.from([Buffer.from('xy'), Buffer.from('z')]), duplex: 'half' });
  console.log('readable', await res.text());

  const req = new Request(`${base}/echo`, { method: 'PUT', body: Readable.toWeb(Readable.from(['r', 'q'])), duplex: 'half' });
  console.log('request', req.duplex, req.bodyUsed, req.headers.get('content-type'));
  res = await fetch(req);
  console.log('request sent', req.bodyUsed, await res.text());
  const local = new Request(`${base}/x`, { method: 'POST', body: Readable.toWeb(Readable.from([Buffer.from('lo'), Buffer.from('cal')])), duplex: 'half' });
  console.log('request text', await local.text());

  const data = await fetch(`${base}/data`);
  res = await fetch(`${base}/echo`, { method: 'POST', body: data.body, duplex: 'half' });
  console.log('proxied', await res.text());

  try {
    await fetch(`${base}/echo`, { method: 'POST', body: Readable.toWeb(Readable.from(['a'])) });
  } catch (err) {
    console.log('no duplex', err.name, err.message);
  }
  try {
    new Request(`${base}/echo`, { method: 'POST', body: Readable.toWeb(Readable.from(['a'])) });
  } catch (err) {
    console.log('no duplex request', err.name, err.message);
  }
  try {
    await fetch(`${base}/echo`, { method: 'POST', body: Readable.toWeb(Readable.from(['a'])), duplex: 'full' });
  } catch (err) {
    console.log('full', err.name, err.message);
  }
  try {
    await fetch(`${base}/307`, { method: 'POST', body: Readable.toWeb(Readable.from(['a'])), duplex: 'half' });
  } catch (err) {
    console.log('307', err.name, err.message, err.cause.name, JSON.stringify(err.cause.message));
  }
  res = await fetch(`${base}/303`, { method: 'POST', body: Readable.toWeb(Readable.from(['a'])), duplex: 'half' });
  console.log('303', res.redirected, await res.text());

  const locked = Readable.toWeb(Readable.from(['a']));
  locked.getReader();
  try {
    await fetch(`${base}/echo`, { method: 'POST', body: locked, duplex: 'half' });
  } catch (err) {
    console.log('locked', err.name, err.message);
  }
  const lockedFull = Readable.toWeb(Readable.from(['a']));
  lockedFull.getReader();
  try {
    await fetch(`${base}/echo`, { method: 'POST', body: lockedFull, duplex: 'full' });
  } catch (err) {
    console.log('locked full', err.name, err.message);
  }
  try {
    new Request(`${base}/echo`, { method: 'POST', body: lockedFull, duplex: 'half' });
  } catch (err) {
    console.log('locked request', err.name, err.message);
  }
  const used = await fetch(`${base}/data`);
  await used.text();
  try {
    await fetch(`${base}/echo`, { method: 'POST', body: used.body, duplex: 'half' });
  } catch (err) {
    console.log('used', err.name, err.message);
  }

  async function* failing() {
    yield 'one';
    await new Promise((resolve) => setTimeout(resolve, 20));
    const e = new Error('boom');
    e.code = 'EBOOM';
    throw e;
  }
  const serverSaw = new Promise((resolve) => { aborted = resolve; });
  try {
    await fetch(`${base}/echo`, { method: 'POST', body: Readable.toWeb(Readable.from(failing())), duplex: 'half' });
  } catch (err) {
    console.log('failed', err.name, err.message, err.cause.name, err.cause.message, err.cause.code);
  }
  console.log('server', await serverSaw);

  // An upload aborted by its signal while the source waits for data.
  const src = new Readable({ read() {} });
  src.push('first');
  const ac = new AbortController();
  const serverSaw2 = new Promise((resolve) => { aborted = resolve; });
  const pending = fetch(`${base}/echo`, { method: 'POST', body: Readable.toWeb(src), duplex: 'half', signal: ac.signal });
  setTimeout(() => ac.abort(), 50);
  try {
    await pending;
  } catch (err) {
    console.log('abort', err.name, err.message);
  }
  console.log('server', await serverSaw2);
  server.close();
}

server.listen(0, '127.0.0.1', main);
