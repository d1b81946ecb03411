// Permission denied (EACCES) in the Sync, callback and promise forms: a file without read or
// write permission, a directory that cannot be listed or searched, a read-only directory that
// refuses new, removed and renamed entries. Root bypasses these checks, so run_pair.py runs
// this pair as an unprivileged user (compat_pairs.cmake: UNPRIVILEGED).
const fs = require('fs');
const fsp = fs.promises;

const tmp = fs.mkdtempSync('/tmp/nodecc-fs-permissions-');
const rel = (p) => p === undefined ? 'undefined' : String(p).split(tmp).join('<tmp>');
const at = (name) => tmp + '/' + name;
const show = (name, e) => console.log(name, '|', rel(e.message), '|', e.code, e.errno, e.syscall, rel(e.path), rel(e.dest));

function t(name, f) {
  try {
    f();
    console.log(name, 'no error');
  } catch (e) {
    show(name, e);
  }
}

fs.writeFileSync(at('secret'), 'x');
fs.chmodSync(at('secret'), 0o000);
fs.writeFileSync(at('readonly'), 'r');
fs.chmodSync(at('readonly'), 0o444);
fs.mkdirSync(at('locked'));
fs.writeFileSync(at('locked/inner'), 'y');
fs.chmodSync(at('locked'), 0o000);
fs.mkdirSync(at('ro'));
fs.writeFileSync(at('ro/f'), 'z');
fs.mkdirSync(at('ro/d'));
fs.chmodSync(at('ro'), 0o555);
fs.mkdirSync(at('tree/sub'), { recursive: true });
fs.writeFileSync(at('tree/sub/f'), 'w');
fs.chmodSync(at('tree/sub'), 0o555);

t('readFile no read', () => fs.readFileSync(at('secret')));
t('open no read', () => fs.openSync(at('secret'), 'r'));
t('open read-only for writing', () => fs.openSync(at('readonly'), 'r+'));
t('writeFile read-only', () => fs.writeFileSync(at('readonly'), 'x'));
t('appendFile read-only', () => fs.appendFileSync(at('readonly'), 'x'));
t('truncate read-only', () => fs.truncateSync(at('readonly'), 0));
t('copyFile from no read', () => fs.copyFileSync(at('secret'), at('copy')));
t('copyFile into read-only dir', () => fs.copyFileSync(at('readonly'), at('ro/copy')));
t('access R_OK', () => fs.accessSync(at('secret'), fs.constants.R_OK));
t('access W_OK', () => fs.accessSync(at('readonly'), fs.constants.W_OK));
t('access F_OK', () => fs.accessSync(at('secret')));
console.log('exists no read', fs.existsSync(at('secret')));
console.log('exists in unsearchable dir', fs.existsSync(at('locked/inner')));
t('stat no read', () => console.log('  size', fs.statSync(at('secret')).size));
t('readdir locked', () => fs.readdirSync(at('locked')));
t('readdir types locked', () => fs.readdirSync(at('locked'), { withFileTypes: true }));
t('stat in locked', () => fs.statSync(at('locked/inner')));
t('lstat in locked', () => fs.lstatSync(at('locked/inner')));
t('readFile in locked', () => fs.readFileSync(at('locked/inner')));
t('realpath in locked', () => fs.realpathSync(at('locked/inner')));
t('readlink in locked', () => fs.readlinkSync(at('locked/inner')));
t('utimes in locked', () => fs.utimesSync(at('locked/inner'), 1, 2));
t('writeFile in read-only dir', () => fs.writeFileSync(at('ro/new'), 'x'));
t('mkdir in read-only dir', () => fs.mkdirSync(at('ro/sub')));
t('mkdir recursive in read-only dir', () => fs.mkdirSync(at('ro/a/b'), { recursive: true }));
t('unlink in read-only dir', () => fs.unlinkSync(at('ro/f')));
t('rmdir in read-only dir', () => fs.rmdirSync(at('ro/d')));
t('rm in read-only dir', () => fs.rmSync(at('ro/f')));
t('rename out of read-only dir', () => fs.renameSync(at('ro/f'), at('moved')));
t('rename into read-only dir', () => fs.renameSync(at('readonly'), at('ro/moved')));
t('symlink in read-only dir', () => fs.symlinkSync('f', at('ro/link')));
t('rm recursive with read-only subdir', () => fs.rmSync(at('tree'), { recursive: true }));
console.log('tree kept', fs.existsSync(at('tree/sub/f')));
t('rm recursive force with read-only subdir', () => fs.rmSync(at('tree'), { recursive: true, force: true }));

const steps = [];
const step = (f) => steps.push(f);
const next = () => { const f = steps.shift(); if (f) f(); };
const err = (e) => e === null ? 'null' : `${rel(e.message)} ${e.code} ${e.syscall}`;

step(() => fs.readFile(at('secret'), (e, d) => { console.log('cb readFile', err(e), d); next(); }));
step(() => fs.open(at('readonly'), 'w', (e, fd) => { console.log('cb open', err(e), fd); next(); }));
step(() => fs.writeFile(at('ro/new'), 'x', (e) => { console.log('cb writeFile', err(e)); next(); }));
step(() => fs.readdir(at('locked'), (e, names) => { console.log('cb readdir', err(e), names); next(); }));
step(() => fs.stat(at('locked/inner'), (e) => { console.log('cb stat', err(e)); next(); }));
step(() => fs.mkdir(at('ro/a/b'), { recursive: true }, (e) => { console.log('cb mkdir recursive', err(e)); next(); }));
step(() => fs.unlink(at('ro/f'), (e) => { console.log('cb unlink', err(e)); next(); }));
step(() => fs.rename(at('ro/f'), at('moved'), (e) => { console.log('cb rename', err(e)); next(); }));
step(() => fs.access(at('secret'), fs.constants.R_OK, (e) => { console.log('cb access', err(e)); next(); }));
step(() => fs.copyFile(at('secret'), at('copy'), (e) => { console.log('cb copyFile', err(e)); next(); }));
step(() => {
  const rs = fs.createReadStream(at('secret'));
  rs.on('error', (e) => { console.log('read stream error', err(e)); next(); });
});
step(() => {
  const ws = fs.createWriteStream(at('ro/stream'));
  ws.on('error', (e) => { console.log('write stream error', err(e)); next(); });
});
step(async () => {
  for (const [name, f] of [
    ['readFile', () => fsp.readFile(at('secret'))],
    ['open', () => fsp.open(at('readonly'), 'a')],
    ['writeFile', () => fsp.writeFile(at('ro/new'), 'x')],
    ['appendFile', () => fsp.appendFile(at('readonly'), 'x')],
    ['readdir', () => fsp.readdir(at('locked'))],
    ['stat', () => fsp.stat(at('locked/inner'))],
    ['mkdir', () => fsp.mkdir(at('ro/sub'))],
    ['mkdir recursive', () => fsp.mkdir(at('ro/a/b/c'), { recursive: true })],
    ['rmdir', () => fsp.rmdir(at('ro/d'))],
    ['unlink', () => fsp.unlink(at('ro/f'))],
    ['rename', () => fsp.rename(at('ro/f'), at('moved'))],
    ['truncate', () => fsp.truncate(at('readonly'))],
    ['access', () => fsp.access(at('readonly'), fs.constants.W_OK)],
  ]) {
    try { await f(); console.log('promise', name, 'no error'); } catch (e) { show('promise ' + name, e); }
  }
  next();
});
step(() => {
  for (const d of ['locked', 'ro', 'tree/sub']) fs.chmodSync(at(d), 0o700);
  fs.rmSync(tmp, { recursive: true });
  console.log('cleaned', fs.existsSync(tmp));
});
next();
