// for await over fs.createReadStream with start/end/highWaterMark: the chunks of the range
// ('end' inclusive); a loop left early with break destroys the stream (an AbortError, then
// 'close') and its fd is closed; a loop that runs to the end sees 'end' and 'close'; a
// ReadStream with an encoding hands out text; stream.addAbortSignal destroys one with
// AbortError.
const fs = require('fs');
const stream = require('stream');

const tmp = fs.mkdtempSync('/tmp/nodecc-fs-iterate-');
const at = (name) => tmp + '/' + name;
fs.writeFileSync(at('abc.txt'), 'abcdefghijklmnopqrstuvwxyz');

function fdClosed(fd) {
  try { fs.fstatSync(fd); return 'open'; } catch (e) { return e.code; }
}

async function early() {
  const rs = fs.createReadStream(at('abc.txt'), { start: 2, end: 21, highWaterMark: 4 });
  let fd = -1;
  const log = [];
  rs.on('open', (f) => { fd = f; log.push('open'); });
  rs.on('ready', () => log.push('ready'));
  rs.on('end', () => log.push('end'));
  rs.on('error', (e) => log.push(`error ${e.name} ${e.code}`));
  const closed = new Promise((resolve) => rs.on('close', () => { log.push('close'); resolve(); }));
  let n = 0;
  for await (const chunk of rs) {
    console.log('chunk', chunk.length, chunk.toString());
    if (++n === 3) break;
  }
  console.log('after break destroyed', rs.destroyed, 'bytesRead', rs.bytesRead);
  await closed;
  console.log('early events', log.join(','));
  console.log('early fd', fdClosed(fd), 'closed', rs.closed, 'ended', rs.readableEnded, 'errored', rs.errored ? rs.errored.name : null);
}

async function whole() {
  const rs = fs.createReadStream(at('abc.txt'), { start: 20, highWaterMark: 4 });
  const log = [];
  rs.on('end', () => log.push('end'));
  rs.on('close', () => log.push('close'));
  const chunks = [];
  for await (const chunk of rs) chunks.push(chunk.toString());
  console.log('whole', chunks.join('|'), rs.bytesRead);
  await new Promise((resolve) => setImmediate(resolve));
  console.log('whole events', log.join(','));
}

async function text() {
  const rs = fs.createReadStream(at('abc.txt'), { encoding: 'utf8', start: 0, end: 9, highWaterMark: 5 });
  const parts = [];
  for await (const s of rs) parts.push(`${typeof s}:${s}`);
  console.log('text', parts.join(' '), rs.readableEncoding);
}

async function aborted() {
  const ac = new AbortController();
  const rs = stream.addAbortSignal(ac.signal, fs.createReadStream(at('abc.txt'), { highWaterMark: 5 }));
  const log = [];
  rs.on('data', (c) => { log.push(`data ${c}`); ac.abort(); });
  rs.on('error', (e) => log.push(`error ${e.name} ${e.code}`));
  await new Promise((resolve) => rs.on('close', () => { log.push(`close ${rs.bytesRead}`); resolve(); }));
  console.log('aborted', log.join(','));
}

early().then(whole).then(text).then(aborted).then(() => {
  fs.rmSync(tmp, { recursive: true });
  console.log('cleaned', fs.existsSync(tmp));
});
