// fs.createWriteStream: write() returns false once highWaterMark bytes are buffered, 'drain'
// follows when they are written, writes buffered meanwhile go out together; end(chunk, cb),
// 'finish' then 'close', bytesWritten; the flags option; a write after end; a failed open.
const fs = require('fs');

const tmp = fs.mkdtempSync('/tmp/nodecc-fs-ws-');
const rel = (p) => String(p).split(tmp).join('<tmp>');
const at = (name) => tmp + '/' + name;

const steps = [];
const step = (f) => steps.push(f);
const next = () => { const f = steps.shift(); if (f) f(); };

step(() => {
  const ws = fs.createWriteStream(at('out.txt'), { highWaterMark: 16 });
  console.log('created', ws.pending, ws.writableHighWaterMark, rel(ws.path));
  for (const ev of ['ready', 'drain', 'finish', 'close']) {
    ws.on(ev, () => console.log('ws', ev, ws.bytesWritten, ws.writableLength, ws.writableFinished));
  }
  ws.on('open', (fd) => console.log('ws open', typeof fd));
  const chunk = 'x'.repeat(6);
  let i = 0, drains = 0, callbacks = 0;
  function go() {
    while (i < 10) {
      i++;
      const ok = ws.write(chunk, (err) => { callbacks++; console.log('cb', i, err); });
      console.log('write', i, ok, ws.writableLength, ws.writableNeedDrain);
      if (!ok) { ws.once('drain', () => { drains++; go(); }); return; }
    }
    ws.end('END', () => console.log('end cb', callbacks));
    console.log('ended', ws.writableEnded, ws.writableFinished);
  }
  go();
  ws.on('close', () => {
    console.log('drains', drains, 'callbacks', callbacks, fs.readFileSync(at('out.txt'), 'utf8').length);
    next();
  });
});
step(() => {
  const ws = fs.createWriteStream(at('out.txt'), { flags: 'a' });
  ws.write(Buffer.from('++'));
  ws.end();
  ws.on('finish', () => console.log('append finish', ws.bytesWritten));
  ws.on('close', () => { console.log('append close', fs.statSync(at('out.txt')).size); next(); });
});
step(() => {
  const ws = fs.createWriteStream(at('pos.txt'));
  ws.end('0123456789');
  ws.on('close', () => {
    const w2 = fs.createWriteStream(at('pos.txt'), { flags: 'r+', start: 3 });
    w2.write('abc');
    w2.end('d');
    w2.on('close', () => { console.log('start option', fs.readFileSync(at('pos.txt'), 'utf8')); next(); });
  });
});
step(() => {
  const ws = fs.createWriteStream(at('nodir/x.txt'));
  ws.on('open', () => console.log('no open expected'));
  ws.on('error', (e) => console.log('open error', rel(e.message), e.code, e.syscall, rel(e.path)));
  ws.on('close', () => { console.log('open error close', ws.destroyed); next(); });
});
step(() => {
  const ws = fs.createWriteStream(at('after.txt'));
  ws.end();
  ws.write('z', (e) => console.log('write after end cb', e.code, e.message));
  ws.on('finish', () => console.log('no finish expected'));
  ws.on('error', (e) => console.log('write after end error', e.code, e.message));
  ws.on('close', () => { console.log('write after end close', fs.statSync(at('after.txt')).size); next(); });
});
step(() => {
  const ws = fs.createWriteStream(at('empty.txt'));
  ws.on('finish', () => console.log('empty finish', ws.bytesWritten));
  ws.on('close', () => { console.log('empty close', fs.statSync(at('empty.txt')).size); next(); });
  ws.end();
});
step(() => {
  const ws = fs.createWriteStream(at('big.bin'));
  let drains = 0, writes = 0;
  const chunk = Buffer.alloc(65536, 1);
  function go() {
    while (writes < 64) {
      writes++;
      if (!ws.write(chunk)) { ws.once('drain', () => { drains++; go(); }); return; }
    }
    ws.end();
  }
  go();
  ws.on('close', () => { console.log('big', writes, drains, ws.bytesWritten, fs.statSync(at('big.bin')).size); next(); });
});
step(() => {
  fs.rmSync(tmp, { recursive: true });
  console.log('cleaned', fs.existsSync(tmp));
});
next();
