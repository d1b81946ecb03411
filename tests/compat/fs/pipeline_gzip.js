// stream.pipeline(fs.createReadStream, zlib.createGzip, fs.createWriteStream, cb), then back
// through stream/promises pipeline with createGunzip: both files compare equal to the source,
// and each stream's events come in Node's order (collected per stream and printed at the end,
// since the three streams' events interleave by timing). Then a pipeline whose source is
// missing: the error reaches the callback, and the destination (destroyed while it opens its
// file) still opens it, then closes without 'finish'. Then stream.finished on a ReadStream,
// and the same gzip with pipe(): createReadStream(a).pipe(createGzip()).pipe(createWriteStream(b)).
const fs = require('fs');
const zlib = require('zlib');
const stream = require('stream');

const tmp = fs.mkdtempSync('/tmp/nodecc-fs-pipeline-');
const rel = (p) => String(p).split(tmp).join('<tmp>');
const at = (name) => tmp + '/' + name;
const lines = [];
for (let i = 0; i < 20000; i++) lines.push(`${i} line of text number ${i * 7 % 1000}\n`);
const data = Buffer.from(lines.join(''));
fs.writeFileSync(at('src.txt'), data);

function watch(log, s, events) {
  for (const ev of events) s.on(ev, (arg) => log.push(ev === 'open' ? `open ${typeof arg}` : ev));
}

function gzip(done) {
  const rsLog = [], gzLog = [], wsLog = [];
  const rs = fs.createReadStream(at('src.txt'), { highWaterMark: 16384 });
  const gz = zlib.createGzip();
  const ws = fs.createWriteStream(at('src.txt.gz'));
  watch(rsLog, rs, ['open', 'ready', 'end', 'close']);
  watch(gzLog, gz, ['finish', 'end', 'close']);
  watch(wsLog, ws, ['open', 'ready', 'finish', 'close']);
  let written = 0;
  ws.on('finish', () => { written = ws.bytesWritten; });
  const ret = stream.pipeline(rs, gz, ws, (err) => {
    console.log('gzip callback', err ? err.code : null);
    console.log('read stream', rsLog.join(','));
    console.log('gzip', gzLog.join(','));
    console.log('write stream', wsLog.join(','));
    console.log('bytesWritten matches', written === fs.statSync(at('src.txt.gz')).size);
    done();
  });
  console.log('pipeline returns the destination', ret === ws);
}

async function gunzip() {
  const rs = fs.createReadStream(at('src.txt.gz'));
  const ws = fs.createWriteStream(at('copy.txt'));
  const log = [];
  watch(log, ws, ['finish', 'close']);
  await stream.promises.pipeline(rs, zlib.createGunzip(), ws);
  console.log('gunzip resolved', log.join(','));
  console.log('round trip equal', fs.readFileSync(at('copy.txt')).equals(data));
  console.log('gunzipSync equal', zlib.gunzipSync(fs.readFileSync(at('src.txt.gz'))).equals(data));
}

function missing(done) {
  const rs = fs.createReadStream(at('missing.txt'));
  const ws = fs.createWriteStream(at('never.gz'));
  const log = [];
  watch(log, ws, ['open', 'finish', 'close']);
  rs.on('close', () => log.push('source close'));
  let pending = 2;
  const settle = () => {
    if (--pending > 0) return;
    // The destination was destroyed while it opened its file: it still opens it (then closes it).
    console.log('missing events', log.join(','), fs.existsSync(at('never.gz')));
    done();
  };
  ws.on('close', settle);
  stream.pipeline(rs, zlib.createGzip(), ws, (err) => {
    console.log('missing callback', err.code, rel(err.message));
    log.push('callback');
    settle();
  });
}

function finishedCallback(done) {
  const rs = fs.createReadStream(at('src.txt'));
  let bytes = 0;
  rs.on('data', (c) => { bytes += c.length; });
  stream.finished(rs, (err) => {
    console.log('finished', err ? err.code : null, bytes, rs.readableEnded);
    done();
  });
}

function chain(done) {
  const ws = fs.createReadStream(at('src.txt')).pipe(zlib.createGzip()).pipe(fs.createWriteStream(at('chain.gz')));
  const log = [];
  ws.on('finish', () => log.push('finish'));
  ws.on('close', () => {
    log.push('close');
    console.log('chain', log.join(','), zlib.gunzipSync(fs.readFileSync(at('chain.gz'))).equals(data));
    done();
  });
}

gzip(() => gunzip().then(() => missing(() => finishedCallback(() => chain(() => {
  fs.rmSync(tmp, { recursive: true });
  console.log('cleaned', fs.existsSync(tmp));
})))));
