// fs.promises and FileHandle in an async function: results on success, rejections with Node's
// errors, a FileHandle's read/write/readFile/writeFile/stat/truncate/close, and the "file
// closed" errors after close.
const fs = require('fs');
const fsp = fs.promises;

const tmp = fs.mkdtempSync('/tmp/nodecc-fs-promises-');
const rel = (p) => p === undefined ? 'undefined' : String(p).split(tmp).join('<tmp>');
const at = (name) => tmp + '/' + name;
const show = (name, e) => console.log(name, '|', rel(e.message), '|', e.code, e.errno, e.syscall, rel(e.path), rel(e.dest));

async function main() {
  await fsp.writeFile(at('a.txt'), 'hello');
  await fsp.appendFile(at('a.txt'), ' world');
  console.log('readFile', (await fsp.readFile(at('a.txt'))).length, await fsp.readFile(at('a.txt'), 'utf8'));
  const st = await fsp.stat(at('a.txt'));
  console.log('stat', st.size, st.isFile(), st.isDirectory());
  console.log('mkdir', rel(await fsp.mkdir(at('x/y/z'), { recursive: true })), await fsp.mkdir(at('x/y/z'), { recursive: true }));
  await fsp.writeFile(at('x/y/f.txt'), 'f');
  console.log('readdir', (await fsp.readdir(at('x/y'))).join(','));
  console.log('readdir types', (await fsp.readdir(at('x/y'), { withFileTypes: true })).map((d) => `${d.name}:${d.isFile()}`).join(','));
  await fsp.copyFile(at('a.txt'), at('b.txt'));
  await fsp.rename(at('b.txt'), at('c.txt'));
  await fsp.access(at('c.txt'));
  await fsp.symlink('c.txt', at('link'));
  console.log('readlink', await fsp.readlink(at('link')), (await fsp.lstat(at('link'))).isSymbolicLink());
  console.log('realpath', rel(await fsp.realpath(at('link'))));
  await fsp.truncate(at('c.txt'), 2);
  await fsp.utimes(at('c.txt'), 5, 6);
  await fsp.chmod(at('c.txt'), 0o644);
  const c = await fsp.stat(at('c.txt'));
  console.log('truncate utimes chmod', c.size, c.mtimeMs, (c.mode & 0o777).toString(8));
  const tdir = await fsp.mkdtemp(at('tmp-'));
  console.log('mkdtemp', rel(tdir).length);
  await fsp.rmdir(tdir);
  await fsp.unlink(at('link'));
  await fsp.rm(at('x'), { recursive: true });
  console.log('after rm', (await fsp.readdir(tmp)).join(','));

  for (const [name, f] of [
    ['readFile missing', () => fsp.readFile(at('missing'))],
    ['readFile dir', () => fsp.readFile(tmp)],
    ['stat missing', () => fsp.stat(at('missing'))],
    ['mkdir over file', () => fsp.mkdir(at('a.txt'), { recursive: true })],
    ['mkdir under file', () => fsp.mkdir(at('a.txt/q'), { recursive: true })],
    ['rename missing', () => fsp.rename(at('missing'), at('q'))],
    ['copyFile excl', () => fsp.copyFile(at('a.txt'), at('c.txt'), fs.constants.COPYFILE_EXCL)],
    ['realpath missing', () => fsp.realpath(at('missing'))],
    ['rm dir', () => fsp.rm(tmp)],
    ['rmdir non-empty', () => fsp.rmdir(tmp)],
    ['open dir for writing', () => fsp.open(tmp, 'w')],
    ['open bad flags', () => fsp.open(at('a.txt'), 'bogus')],
  ]) {
    try { await f(); console.log(name, 'no error'); } catch (e) { show(name, e); }
  }

  const fh = await fsp.open(at('fh.txt'), 'w+');
  console.log('open', typeof fh.fd, fh.fd > 2);
  const w1 = await fh.write('abcdef');
  console.log('write string', w1.bytesWritten);
  const w2 = await fh.write(Buffer.from('XYZ'), 0, 3, 1);
  console.log('write buffer', w2.bytesWritten, w2.buffer.toString());
  const r1 = await fh.read(Buffer.alloc(10), 0, 10, 0);
  console.log('read', r1.bytesRead, r1.buffer.toString('utf8', 0, r1.bytesRead));
  const s1 = await fh.stat();
  console.log('fh stat', s1.size, s1.isFile());
  await fh.truncate(4);
  console.log('fh truncate', (await fh.stat()).size);
  await fh.close();
  console.log('closed fd', fh.fd);
  await fh.close();
  console.log('second close resolves');
  for (const [name, f] of [['stat', () => fh.stat()], ['read', () => fh.read(Buffer.alloc(1), 0, 1, 0)], ['write', () => fh.write('x')], ['readFile', () => fh.readFile()], ['truncate', () => fh.truncate()]]) {
    try { await f(); console.log('closed', name, 'no error'); } catch (e) { console.log('closed', name, e.message, e.code, e.syscall, e.errno); }
  }

  const rh = await fsp.open(at('a.txt'));
  console.log('fh readFile', await rh.readFile('utf8'));
  await rh.close();
  const wh = await fsp.open(at('w.txt'), 'w');
  await wh.writeFile('written by handle');
  await wh.close();
  console.log('fh writeFile', await fsp.readFile(at('w.txt'), 'utf8'));
  const ah = await fsp.open(at('w.txt'), 'a');
  await ah.appendFile('!');
  await ah.close();
  console.log('fh appendFile', await fsp.readFile(at('w.txt'), 'utf8'));

  // close() waits for the operations in flight on the handle.
  const ph = await fsp.open(at('a.txt'));
  const reads = [ph.read(Buffer.alloc(5), 0, 5, 0), ph.read(Buffer.alloc(5), 0, 5, 6)];
  const closing = ph.close();
  const done = await Promise.all(reads);
  await closing;
  console.log('reads before close', done.map((r) => r.buffer.toString()).join('|'));

  await fsp.rm(tmp, { recursive: true });
  console.log('cleaned', fs.existsSync(tmp));
}
main();
