// fs.createWriteStream with backpressure: writes made before the file is open are buffered
// and go out together once it is; write() turns false at highWaterMark, 'drain' follows once
// everything is written, then end(): 'finish' before 'close', end()'s callback before
// 'finish'. A stream whose directory is missing: the writes' callbacks and end()'s fail with
// ENOENT, 'error' (Node's message) then 'close', no 'finish'. close(cb) on a stream in use.
const fs = require('fs');

const tmp = fs.mkdtempSync('/tmp/nodecc-fs-wbp-');
const rel = (p) => String(p).split(tmp).join('<tmp>');
const at = (name) => tmp + '/' + name;

function backpressure(done) {
  const ws = fs.createWriteStream(at('out.txt'), { highWaterMark: 10 });
  const log = [];
  for (const ev of ['open', 'ready', 'drain', 'finish', 'close']) {
    ws.on(ev, () => log.push(`${ev} ${ws.bytesWritten} ${ws.writableLength}`));
  }
  let i = 0;
  const more = () => {
    while (i < 6) {
      const n = ++i;
      const ok = ws.write(`chunk${n}|`, (err) => log.push(`cb${n} ${err ? err.code : null}`));
      log.push(`write ${n} ${ok} ${ws.writableLength} ${ws.writableNeedDrain}`);
      if (!ok) {
        ws.once('drain', more);
        return;
      }
    }
    ws.end('last', (err) => log.push(`end cb ${err ? err.code : null} ${ws.writableFinished}`));
    log.push(`ended ${ws.writableEnded} ${ws.writableFinished}`);
  };
  more();
  ws.on('close', () => {
    console.log(log.join('\n'));
    console.log('content', fs.readFileSync(at('out.txt'), 'utf8'));
    done();
  });
}

function missingDir(done) {
  const ws = fs.createWriteStream(at('nodir/x.txt'));
  const log = [];
  console.log('pending', ws.pending);
  log.push(`write ${ws.write('a', (err) => log.push(`cb a ${err ? err.code : null}`))}`);
  log.push(`write ${ws.write('b', (err) => log.push(`cb b ${err ? err.code : null}`))}`);
  ws.end((err) => log.push(`end cb ${err ? err.code : null}`));
  ws.on('open', () => log.push('open'));
  ws.on('finish', () => log.push('finish'));
  ws.on('error', (e) => log.push(`error ${e.code} ${e.errno} ${e.syscall} ${rel(e.path)} ${rel(e.message)}`));
  ws.on('close', () => {
    log.push(`close ${ws.destroyed} ${ws.writableFinished} ${ws.bytesWritten}`);
    setImmediate(() => {
      console.log(log.join('\n'));
      done();
    });
  });
}

function closeWhileWriting(done) {
  const ws = fs.createWriteStream(at('close.txt'));
  const log = [];
  ws.write('one', (err) => log.push(`cb one ${err ? err.code : null}`));
  ws.on('finish', () => log.push('finish'));
  ws.close((err) => {
    log.push(`close cb ${err ? err.code : null}`);
    console.log(log.join(','), fs.readFileSync(at('close.txt'), 'utf8'));
    done();
  });
  ws.on('close', () => log.push('close'));
}

backpressure(() => missingDir(() => closeWhileWriting(() => {
  fs.rmSync(tmp, { recursive: true });
  console.log('cleaned', fs.existsSync(tmp));
})));
