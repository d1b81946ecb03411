// fs.createReadStream: events in order, chunk sizes for start/end/highWaterMark ('end' is
// inclusive), pause/resume with read-ahead, a missing file ('error' then 'close'), ranges past
// the end and an empty file. Streams run one after another so the order is deterministic.
const fs = require('fs');

const tmp = fs.mkdtempSync('/tmp/nodecc-fs-rs-');
const rel = (p) => String(p).split(tmp).join('<tmp>');
const at = (name) => tmp + '/' + name;
fs.writeFileSync(at('abc.txt'), 'abcdefghijklmnopqrstuvwxyz');
fs.writeFileSync(at('empty.txt'), '');
fs.writeFileSync(at('big.bin'), Buffer.alloc(200000, 7));

const steps = [];
const step = (f) => steps.push(f);
const next = () => { const f = steps.shift(); if (f) f(); };

function watch(name, rs, showData) {
  for (const ev of ['open', 'ready', 'end', 'close', 'pause', 'resume']) {
    rs.on(ev, (arg) => {
      console.log(name, ev, typeof arg === 'number' ? 'fd' : '');
      if (ev === 'close') { console.log(name, 'bytesRead', rs.bytesRead, 'destroyed', rs.destroyed, 'ended', rs.readableEnded); next(); }
    });
  }
  rs.on('error', (e) => console.log(name, 'error', rel(e.message), e.code, e.syscall, rel(e.path)));
  if (showData) rs.on('data', (c) => console.log(name, 'data', c.length, c.toString()));
}

step(() => {
  const rs = fs.createReadStream(at('abc.txt'), { start: 2, end: 11, highWaterMark: 4 });
  console.log('range pending', rs.pending, rs.bytesRead, rel(rs.path));
  watch('range', rs, true);
  process.nextTick(() => console.log('tick after create'));
});
step(() => watch('whole', fs.createReadStream(at('abc.txt'), { highWaterMark: 10 }), true));
step(() => watch('one byte', fs.createReadStream(at('abc.txt'), { start: 5, end: 5 }), true));
step(() => watch('start only', fs.createReadStream(at('abc.txt'), { start: 20 }), true));
step(() => watch('past end', fs.createReadStream(at('abc.txt'), { start: 30 }), true));
step(() => watch('empty', fs.createReadStream(at('empty.txt')), true));
step(() => watch('missing', fs.createReadStream(at('missing.txt')), true));
step(() => watch('dir', fs.createReadStream(tmp), true));
step(() => {
  // Paused in every 'data' and resumed by a timer. Whether the read-ahead reached the end of
  // the file before the timer fired is a race (in Node too), and it moves 'resume' events and
  // the timer's own turn; so only what does not depend on it is printed.
  const rs = fs.createReadStream(at('abc.txt'), { highWaterMark: 10 });
  let timer = null;
  rs.on('pause', () => console.log('paused pause'));
  rs.on('end', () => console.log('paused end'));
  rs.on('close', () => {
    clearTimeout(timer);
    console.log('paused close', rs.bytesRead);
    next();
  });
  rs.on('data', (c) => {
    console.log('paused data', c.length, 'isPaused', rs.isPaused());
    rs.pause();
    console.log('after pause', rs.isPaused());
    timer = setTimeout(() => rs.resume(), 5);
  });
});
step(() => {
  let chunks = 0, total = 0;
  const rs = fs.createReadStream(at('big.bin'));
  rs.on('data', (c) => { chunks++; total += c.length; });
  rs.on('end', () => console.log('big', chunks, total, rs.readableHighWaterMark));
  rs.on('close', next);
});
step(() => {
  const rs = fs.createReadStream(at('abc.txt'));
  rs.on('open', () => { console.log('destroy after open'); rs.destroy(); });
  rs.on('data', () => console.log('no data expected'));
  rs.on('close', () => { console.log('destroyed close', rs.destroyed, rs.bytesRead); next(); });
});
step(() => {
  const fd = fs.openSync(at('abc.txt'), 'r');
  const rs = fs.createReadStream(null, { fd, start: 23 });
  rs.on('data', (c) => console.log('fd data', c.toString()));
  rs.on('close', () => { console.log('fd close', fs.existsSync(at('abc.txt'))); next(); });
});
step(() => {
  try { fs.createReadStream(at('abc.txt'), { start: 5, end: 2 }); } catch (e) { console.log('bad range', e.name, e.code, e.message); }
  fs.rmSync(tmp, { recursive: true });
  console.log('cleaned', fs.existsSync(tmp));
});
next();
