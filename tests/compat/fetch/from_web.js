// Readable.fromWeb(response.body): piped through pipeline into a Writable counting bytes, into
// createGunzip, read by async iteration, and destroyed early (the server sees its response
// close before it finished; the fetch connection is closed).
const http = require('http');
const zlib = require('zlib');
const { Readable, Writable } = require('stream');
const { pipeline } = require('stream/promises');

let slowClosed;
const server = http.createServer((req, res) => {
  if (req.url === '/data') {
    for (let i = 0; i < 100; i++) res.write(Buffer.alloc(1000, 'x'));
    res.end();
  } else if (req.url === '/gzip') {
    res.end(zlib.gzipSync('hello, '.repeat(1000) + 'end'));
  } else if (req.url === '/slow') {
    const timer = setInterval(() => res.write(Buffer.alloc(1000, 'y')), 5);
    res.on('close', () => {
      clearInterval(timer);
      slowClosed(res.writableFinished);
    });
  }
});

function counter(totals) {
  return new Writable({
    write(chunk, encoding, cb) {
      totals.bytes += chunk.length;
      cb();
    },
  });
}

async function main() {
  const base = `http://127.0.0.1:${server.address().port}`;
  let res = await fetch(`${base}/data`);
  const totals = { bytes: 0 };
  const r = Readable.fromWeb(res.body);
  console.log('fromWeb', r.readableObjectMode, r.readableHighWaterMark, res.body.locked);
  await pipeline(r, counter(totals));
  console.log('counted', totals.bytes, res.bodyUsed);

  res = await fetch(`${base}/gzip`);
  let text = '';
  await pipeline(Readable.fromWeb(res.body), zlib.createGunzip(), new Writable({
    write(chunk, encoding, cb) {
      text += chunk.toString();
      cb();
    },
  }));
  console.log('gunzip', text.length, text.slice(-8));

  res = await fetch(`${base}/data`);
  let bytes = 0;
  for await (const chunk of Readable.fromWeb(res.body)) bytes += chunk.length;
  console.log('iterated', bytes);

  const closed = new Promise((resolve) => { slowClosed = resolve; });
  res = await fetch(`${base}/slow`);
  const slow = Readable.fromWeb(res.body);
  slow.on('close', () => console.log('client close', slow.destroyed));
  for await (const chunk of slow) {
    console.log('first chunk', chunk[0] === 0x79);
    break;
  }
  console.log('server finished', await closed);

  res = await fetch(`${base}/slow`);
  const failing = Readable.fromWeb(res.body);
  const sink = new Writable({
    write(chunk, encoding, cb) {
      cb(new Error('sink failed'));
    },
  });
  const closed2 = new Promise((resolve) => { slowClosed = resolve; });
  try {
    await pipeline(failing, sink);
  } catch (err) {
    console.log('pipeline', err.message, failing.destroyed);
  }
  console.log('server finished', await closed2);

  res = await fetch(`${base}/data`);
  await res.text();
  try {
    Readable.fromWeb(res.body);
  } catch (err) {
    console.log('used body', err.name, err.code, err.message);
  }
  server.close();
}

server.listen(0, '127.0.0.1', main);
