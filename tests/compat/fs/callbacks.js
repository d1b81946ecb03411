// The callback forms, one after another (each step starts from the previous one's callback):
// err-first results on success and Node's errors on failure. Also: a hundred readFiles in
// flight at once all complete, each exactly once.
const fs = require('fs');

const tmp = fs.mkdtempSync('/tmp/nodecc-fs-callbacks-');
const rel = (p) => p === undefined ? 'undefined' : String(p).split(tmp).join('<tmp>');
const at = (name) => tmp + '/' + name;
const err = (e) => e === null ? 'null' : `${rel(e.message)} ${e.code} ${e.syscall}`;

const steps = [];
const step = (f) => steps.push(f);
const next = () => { const f = steps.shift(); if (f) f(); };

step(() => fs.writeFile(at('a.txt'), 'hello', (e) => { console.log('writeFile', err(e)); next(); }));
step(() => fs.appendFile(at('a.txt'), ' world', (e) => { console.log('appendFile', err(e)); next(); }));
step(() => fs.readFile(at('a.txt'), (e, d) => { console.log('readFile', err(e), d.length, d.toString()); next(); }));
step(() => fs.readFile(at('a.txt'), 'base64', (e, s) => { console.log('readFile base64', err(e), s); next(); }));
step(() => fs.readFile(at('missing'), (e, d) => { console.log('readFile missing', err(e), d); next(); }));
step(() => fs.stat(at('a.txt'), (e, s) => { console.log('stat', err(e), s.size, s.isFile()); next(); }));
step(() => fs.stat(at('missing'), (e) => { console.log('stat missing', err(e)); next(); }));
step(() => fs.mkdir(at('d/e'), { recursive: true }, (e, p) => { console.log('mkdir recursive', err(e), rel(p)); next(); }));
step(() => fs.mkdir(at('d/e'), { recursive: true }, (e, p) => { console.log('mkdir recursive again', err(e), p); next(); }));
step(() => fs.mkdir(at('d/f'), (e) => { console.log('mkdir', err(e)); next(); }));
step(() => fs.mkdir(at('d/f'), (e) => { console.log('mkdir existing', err(e)); next(); }));
step(() => fs.mkdir(at('a.txt/x'), { recursive: true }, (e) => { console.log('mkdir over file', err(e)); next(); }));
step(() => fs.writeFile(at('d/e/x.txt'), 'x', (e) => { console.log('writeFile nested', err(e)); next(); }));
step(() => fs.readdir(at('d'), (e, names) => { console.log('readdir', err(e), names.join(',')); next(); }));
step(() => fs.readdir(at('d'), { withFileTypes: true }, (e, ds) => { console.log('readdir types', err(e), ds.map((d) => `${d.name}:${d.isDirectory()}`).join(',')); next(); }));
step(() => fs.readdir(at('a.txt'), (e) => { console.log('readdir file', err(e)); next(); }));
step(() => fs.rmdir(at('d'), (e) => { console.log('rmdir non-empty', err(e)); next(); }));
step(() => fs.copyFile(at('a.txt'), at('b.txt'), (e) => { console.log('copyFile', err(e)); next(); }));
step(() => fs.copyFile(at('a.txt'), at('b.txt'), fs.constants.COPYFILE_EXCL, (e) => { console.log('copyFile excl', err(e)); next(); }));
step(() => fs.rename(at('b.txt'), at('c.txt'), (e) => { console.log('rename', err(e)); next(); }));
step(() => fs.rename(at('b.txt'), at('c.txt'), (e) => { console.log('rename missing', err(e)); next(); }));
step(() => fs.access(at('c.txt'), fs.constants.R_OK, (e) => { console.log('access', err(e)); next(); }));
step(() => fs.access(at('c.txt'), fs.constants.X_OK, (e) => { console.log('access X', err(e)); next(); }));
step(() => fs.exists(at('c.txt'), (yes) => { console.log('exists', yes); next(); }));
step(() => fs.exists(at('b.txt'), (yes) => { console.log('exists missing', yes); next(); }));
step(() => fs.symlink('c.txt', at('link'), (e) => { console.log('symlink', err(e)); next(); }));
step(() => fs.symlink('c.txt', at('link'), (e) => { console.log('symlink existing', err(e)); next(); }));
step(() => fs.symlink('nowhere', at('dangling'), (e) => { console.log('symlink dangling', err(e)); next(); }));
step(() => fs.mkdir(at('dangling/x/y'), { recursive: true }, (e) => { console.log('mkdir recursive through dangling', err(e), rel(e && e.path)); next(); }));
step(() => fs.readlink(at('link'), (e, target) => { console.log('readlink', err(e), target); next(); }));
step(() => fs.lstat(at('link'), (e, s) => { console.log('lstat', err(e), s.isSymbolicLink()); next(); }));
step(() => fs.realpath(at('link'), (e, p) => { console.log('realpath', err(e), rel(p)); next(); }));
step(() => fs.realpath(at('d/missing/x'), (e) => { console.log('realpath missing', err(e)); next(); }));
step(() => fs.truncate(at('c.txt'), 3, (e) => { console.log('truncate', err(e), fs.readFileSync(at('c.txt'), 'utf8')); next(); }));
step(() => fs.utimes(at('c.txt'), 100, 200, (e) => { console.log('utimes', err(e), fs.statSync(at('c.txt')).mtimeMs); next(); }));
step(() => fs.chmod(at('c.txt'), 0o600, (e) => { console.log('chmod', err(e), (fs.statSync(at('c.txt')).mode & 0o777).toString(8)); next(); }));
step(() => fs.open(at('fd.txt'), 'w+', (e, fd) => {
  console.log('open', err(e), typeof fd);
  fs.write(fd, 'abcdef', (e2, n, s) => {
    console.log('write string', err(e2), n, s);
    fs.write(fd, Buffer.from('XYZ'), 1, 2, 0, (e3, n3, b3) => {
      console.log('write buffer', err(e3), n3, b3.toString());
      const buf = Buffer.alloc(8);
      fs.read(fd, buf, 0, 8, 0, (e4, n4, b4) => {
        console.log('read', err(e4), n4, b4.toString('utf8', 0, n4), b4 === buf);
        fs.fstat(fd, (e5, s5) => {
          console.log('fstat', err(e5), s5.size);
          fs.ftruncate(fd, 1, (e6) => {
            console.log('ftruncate', err(e6), fs.fstatSync(fd).size);
            fs.fsync(fd, (e7) => {
              console.log('fsync', err(e7));
              fs.close(fd, (e8) => {
                console.log('close', err(e8));
                fs.close(fd, (e9) => { console.log('close again', err(e9)); next(); });
              });
            });
          });
        });
      });
    });
  });
}));
step(() => fs.open(at('missing'), 'r', (e, fd) => { console.log('open missing', err(e), fd); next(); }));
step(() => fs.unlink(at('link'), (e) => { console.log('unlink', err(e)); next(); }));
step(() => fs.unlink(at('link'), (e) => { console.log('unlink missing', err(e)); next(); }));
step(() => fs.rm(at('d'), (e) => { console.log('rm dir', err(e)); next(); }));
step(() => fs.rm(at('d'), { recursive: true }, (e) => { console.log('rm recursive', err(e), fs.existsSync(at('d'))); next(); }));
step(() => fs.rm(at('d'), { force: true }, (e) => { console.log('rm force missing', err(e)); next(); }));
step(() => fs.mkdtemp(at('t-'), (e, p) => { console.log('mkdtemp', err(e), rel(p).length, fs.statSync(p).isDirectory()); next(); }));
step(() => {
  let done = 0, bytes = 0;
  for (let i = 0; i < 100; i++) {
    fs.readFile(at('a.txt'), (e, d) => {
      done++;
      bytes += d.length;
      if (done === 100) { console.log('100 readFiles', done, bytes); next(); }
    });
  }
});
step(() => fs.rm(tmp, { recursive: true }, (e) => { console.log('cleaned', err(e), fs.existsSync(tmp)); next(); }));
next();
