// readStream.pipe(): to a WriteStream (a file copy whose write() returns false on every 64 KiB
// chunk: the source pauses until each 'drain') and to an http.ServerResponse (a client over a
// raw TCP socket dechunks the body). Each stream's events are collected and printed at the
// end, since the two streams' events interleave by timing. The last chunk's 'drain' races with
// the source's end (end() first suppresses it, in Node too): at least chunks - 1 drains.
const fs = require('fs');
const http = require('http');
const net = require('net');
const crypto = require('crypto');

const tmp = fs.mkdtempSync('/tmp/nodecc-fs-pipe-');
const at = (name) => tmp + '/' + name;
const sha = (b) => crypto.createHash('sha256').update(b).digest('hex');

const data = Buffer.alloc(1000000);
for (let i = 0; i < data.length; i++) data[i] = (i * 7 + (i >> 8)) & 0xff;
fs.writeFileSync(at('src.bin'), data);

function toFile(done) {
  const rs = fs.createReadStream(at('src.bin'));
  const ws = fs.createWriteStream(at('dst.bin'));
  const rsLog = [], wsLog = [];
  let chunks = 0, drains = 0;
  rs.on('data', () => chunks++);
  for (const ev of ['open', 'end', 'close']) rs.on(ev, () => rsLog.push(ev));
  for (const ev of ['open', 'finish', 'close']) ws.on(ev, () => wsLog.push(ev));
  ws.on('drain', () => drains++);
  const ret = rs.pipe(ws);
  console.log('pipe returns destination', ret === ws);
  let closed = 0;
  const onClose = () => {
    if (++closed < 2) return;
    console.log('file source', rsLog.join(','), 'chunks', chunks, 'bytesRead', rs.bytesRead);
    console.log('file destination', wsLog.join(','), 'drains', drains >= chunks - 1, 'bytesWritten', ws.bytesWritten);
    console.log('file copy equal', fs.readFileSync(at('dst.bin')).equals(data));
    done();
  };
  rs.on('close', onClose);
  ws.on('close', onClose);
}

function toResponse(done) {
  let pending = 2, sourceRead = -1;
  const finish = () => {
    if (--pending > 0) return;
    console.log('response source closed', sourceRead);
    server.close(done);
  };
  const server = http.createServer((req, res) => {
    res.setHeader('Content-Type', 'application/octet-stream');
    const rs = fs.createReadStream(at('src.bin'), { highWaterMark: 16384 });
    rs.pipe(res);
    rs.on('close', () => { sourceRead = rs.bytesRead; finish(); });
  });
  server.listen(0, '127.0.0.1', () => {
    const socket = net.connect(server.address().port, '127.0.0.1', () => {
      socket.write('GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    });
    const parts = [];
    socket.on('data', (c) => parts.push(c));
    socket.on('end', () => {
      const raw = Buffer.concat(parts);
      const headEnd = raw.indexOf('\r\n\r\n');
      const head = raw.subarray(0, headEnd).toString().split('\r\n');
      console.log('status', head[0]);
      console.log('headers', head.slice(1).map((h) => h.split(':')[0].toLowerCase()).filter((h) => h !== 'date').sort().join(','));
      const body = [];
      let pos = headEnd + 4;
      for (;;) {
        const lineEnd = raw.indexOf('\r\n', pos);
        const size = parseInt(raw.subarray(pos, lineEnd).toString(), 16);
        if (size === 0) break;
        body.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
        pos = lineEnd + 2 + size + 2;
      }
      const all = Buffer.concat(body);
      console.log('body', all.length, sha(all) === sha(data));
      finish();
    });
  });
}

toFile(() => toResponse(() => {
  fs.rmSync(tmp, { recursive: true });
  console.log('cleaned', fs.existsSync(tmp));
}));
