// fs.readFile / fs.writeFile with {signal}, callback and promise forms: an aborted signal
// calls back at once (before readFile returns) with AbortError and creates no file; an abort
// while the operation runs ends it with AbortError; a signal that never aborts changes nothing.
const fs = require('fs');
const fsp = require('fs/promises');
const os = require('os');
const path = require('path');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nodecc-abort-'));
const at = (name) => path.join(dir, name);
const show = (what, err) => console.log(what, err ? `${err.name} ${err.code} ${err.message}` : 'ok');

fs.writeFileSync(at('a.txt'), 'hello');
fs.readFile(at('a.txt'), { signal: AbortSignal.abort() }, (err) => show('cb readFile aborted', err));
console.log('after readFile call');
fs.writeFile(at('b.txt'), 'data', { signal: AbortSignal.abort() }, (err) => {
  show('cb writeFile aborted', err);
  console.log('b.txt exists', fs.existsSync(at('b.txt')));
});

async function main() {
  const ac = new AbortController();
  const text = await fsp.readFile(at('a.txt'), { encoding: 'utf8', signal: ac.signal });
  console.log('read', text);
  try {
    await fsp.readFile(at('a.txt'), { signal: AbortSignal.abort() });
  } catch (err) {
    show('promise readFile aborted', err);
  }
  const mid = new AbortController();
  const p = fsp.readFile(at('a.txt'), { signal: mid.signal });
  mid.abort();
  try {
    await p;
  } catch (err) {
    show('promise readFile aborted while reading', err);
  }
  const midWrite = new AbortController();
  const w = fsp.writeFile(at('c.txt'), 'data', { signal: midWrite.signal });
  midWrite.abort();
  try {
    await w;
  } catch (err) {
    show('promise writeFile aborted while writing', err);
  }
  try {
    await fsp.readFile(at('missing.txt'), { signal: ac.signal });
  } catch (err) {
    console.log('missing', err.code);
  }
  await new Promise((resolve) => fs.readFile(at('a.txt'), 'utf8', resolve));
  fs.readFile(at('a.txt'), { encoding: 'utf8', signal: ac.signal }, (err, data) => {
    show('cb readFile', err);
    console.log('data', data);
    fs.rmSync(dir, { recursive: true });
  });
}
setTimeout(main, 10);
