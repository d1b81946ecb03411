// Every fs operation's Sync form on success: what it returns and what stat then reports,
// printing only what is deterministic (no inode numbers or times the test did not set).
const fs = require('fs');

const tmp = fs.mkdtempSync('/tmp/nodecc-fs-sync-');
const rel = (p) => p.split(tmp).join('<tmp>');
const at = (name) => tmp + '/' + name;

fs.writeFileSync(at('a.txt'), 'hello');
fs.appendFileSync(at('a.txt'), ' world');
console.log('readFile', fs.readFileSync(at('a.txt'), 'utf8'));
const buf = fs.readFileSync(at('a.txt'));
console.log('readFile buffer', buf.length, buf[0]);
fs.writeFileSync(at('hex.bin'), '00ff10', 'hex');
console.log('hex', fs.readFileSync(at('hex.bin')).toString('hex'));
fs.writeFileSync(at('mode.txt'), 'm', { mode: 0o600 });
console.log('mode', (fs.statSync(at('mode.txt')).mode & 0o777).toString(8));

const st = fs.statSync(at('a.txt'));
console.log('stat', st.size, st.isFile(), st.isDirectory(), st.isSymbolicLink(), st.nlink, st.blksize > 0);
console.log('stat dir', fs.statSync(tmp).isDirectory(), fs.statSync(tmp).isFile());

console.log('mkdir', fs.mkdirSync(at('d')));
console.log('mkdir recursive', rel(fs.mkdirSync(at('d/e/f/g'), { recursive: true })));
console.log('mkdir recursive again', fs.mkdirSync(at('d/e/f/g'), { recursive: true }));
fs.writeFileSync(at('d/z.txt'), 'z');
fs.writeFileSync(at('d/b.txt'), 'b');
fs.writeFileSync(at('d/B.txt'), 'B');
console.log('readdir', fs.readdirSync(at('d')).join(','));
for (const e of fs.readdirSync(at('d'), { withFileTypes: true })) {
  console.log('dirent', e.name, e.isFile(), e.isDirectory(), e.isSymbolicLink(), rel(e.parentPath), rel(e.path));
}

fs.copyFileSync(at('a.txt'), at('copy.txt'));
console.log('copyFile', fs.readFileSync(at('copy.txt'), 'utf8'));
fs.chmodSync(at('a.txt'), 0o640);
fs.copyFileSync(at('a.txt'), at('copy2.txt'), fs.constants.COPYFILE_EXCL);
console.log('copyFile mode', (fs.statSync(at('copy2.txt')).mode & 0o777).toString(8));
fs.renameSync(at('copy2.txt'), at('renamed.txt'));
console.log('rename', fs.existsSync(at('copy2.txt')), fs.existsSync(at('renamed.txt')));

fs.symlinkSync('a.txt', at('link'));
console.log('readlink', fs.readlinkSync(at('link')));
console.log('lstat', fs.lstatSync(at('link')).isSymbolicLink(), fs.statSync(at('link')).isSymbolicLink(), fs.statSync(at('link')).size);
console.log('realpath', rel(fs.realpathSync(at('link'))));
console.log('realpath dots', rel(fs.realpathSync(at('d/e/../e/./f'))));
for (const e of fs.readdirSync(tmp, { withFileTypes: true })) {
  if (e.name === 'link') console.log('dirent link', e.isSymbolicLink(), e.isFile());
}

fs.truncateSync(at('copy.txt'), 4);
console.log('truncate', fs.readFileSync(at('copy.txt'), 'utf8'));
fs.truncateSync(at('copy.txt'));
console.log('truncate 0', fs.statSync(at('copy.txt')).size);

fs.utimesSync(at('a.txt'), 1000000, 2000000.5);
const t = fs.statSync(at('a.txt'));
console.log('utimes', t.atimeMs, t.mtimeMs, t.mtime.toISOString(), t.atime.getTime());
fs.utimesSync(at('a.txt'), new Date(1500000000123), new Date(1600000000456));
const t2 = fs.statSync(at('a.txt'));
console.log('utimes date', t2.atimeMs, t2.mtimeMs, t2.mtime.toISOString());

fs.accessSync(at('a.txt'));
fs.accessSync(at('a.txt'), fs.constants.R_OK | fs.constants.W_OK);
console.log('access ok', fs.constants.F_OK, fs.constants.R_OK, fs.constants.W_OK, fs.constants.X_OK);
console.log('exists', fs.existsSync(at('a.txt')), fs.existsSync(at('nope')), fs.existsSync('a\0b'));

const fd = fs.openSync(at('rw.txt'), 'w+');
console.log('write', fs.writeSync(fd, 'abcdef'), fs.writeSync(fd, Buffer.from('XYZ'), 1, 2, 1));
const rb = Buffer.alloc(10);
console.log('read', fs.readSync(fd, rb, 0, 10, 0), rb.toString('utf8', 0, 6));
console.log('read at', fs.readSync(fd, rb, 2, 3, 3), rb.toString('utf8', 0, 6));
console.log('fstat', fs.fstatSync(fd).size, fs.fstatSync(fd).isFile());
fs.ftruncateSync(fd, 2);
fs.fsyncSync(fd);
console.log('ftruncate', fs.fstatSync(fd).size);
fs.closeSync(fd);
const fd2 = fs.openSync(at('rw.txt'), fs.constants.O_RDONLY);
console.log('numeric flags', fs.readSync(fd2, Buffer.alloc(4)));
fs.closeSync(fd2);
const fd3 = fs.openSync(at('rw.txt'), 'a');
fs.writeSync(fd3, '++');
fs.closeSync(fd3);
console.log('append flag', fs.readFileSync(at('rw.txt'), 'utf8'));

fs.unlinkSync(at('link'));
fs.rmdirSync(at('d/e/f/g'));
console.log('unlink rmdir', fs.existsSync(at('link')), fs.existsSync(at('d/e/f/g')));
fs.rmSync(at('d'), { recursive: true });
fs.rmSync(at('gone'), { force: true });
fs.rmSync(at('renamed.txt'));
console.log('rm', fs.readdirSync(tmp).join(','));
fs.rmSync(tmp, { recursive: true });
console.log('cleaned', fs.existsSync(tmp));
