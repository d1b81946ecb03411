// Sync forms failing: Node's message, code, errno, syscall, path and dest for each. Tests run
// as root, so no EACCES: the failures are ENOENT, EEXIST, EISDIR, ENOTDIR, ENOTEMPTY, EINVAL,
// EBADF, ELOOP, plus rm's ERR_FS_EISDIR and the argument errors.
const fs = require('fs');

const tmp = fs.mkdtempSync('/tmp/nodecc-fs-errors-');
const rel = (p) => p === undefined ? 'undefined' : String(p).split(tmp).join('<tmp>');
const at = (name) => tmp + '/' + name;

function t(name, f) {
  try {
    f();
    console.log(name, 'no error');
  } catch (e) {
    console.log(name, '|', rel(e.message), '|', e.name, e.code, e.errno, e.syscall, rel(e.path), rel(e.dest));
  }
}

fs.writeFileSync(at('file'), 'x');
fs.mkdirSync(at('dir'));
fs.writeFileSync(at('dir/inner'), 'y');
fs.symlinkSync('loop2', at('loop1'));
fs.symlinkSync('loop1', at('loop2'));
fs.symlinkSync('nowhere', at('dangling'));

t('readFile missing', () => fs.readFileSync(at('missing')));
t('readFile dir', () => fs.readFileSync(at('dir')));
t('readFile dir utf8', () => fs.readFileSync(at('dir'), 'utf8'));
t('open dir w', () => fs.openSync(at('dir'), 'w'));
t('open dir r+', () => fs.openSync(at('dir'), 'r+'));
t('open wx existing', () => fs.openSync(at('file'), 'wx'));
t('open missing', () => fs.openSync(at('missing')));
t('open under file', () => fs.openSync(at('file/x'), 'w'));
t('open bad flags', () => fs.openSync(at('file'), 'rw'));
t('writeFile dir', () => fs.writeFileSync(at('dir'), 'x'));
t('writeFile missing dir', () => fs.writeFileSync(at('nodir/x'), 'x'));
t('appendFile dir', () => fs.appendFileSync(at('dir'), 'x'));
t('stat missing', () => fs.statSync(at('missing')));
t('stat loop', () => fs.statSync(at('loop1')));
t('lstat missing', () => fs.lstatSync(at('missing')));
t('stat nul', () => fs.statSync('a\0b'));
t('readdir file', () => fs.readdirSync(at('file')));
t('readdir missing', () => fs.readdirSync(at('missing')));
t('mkdir existing', () => fs.mkdirSync(at('dir')));
t('mkdir no parent', () => fs.mkdirSync(at('nodir/x')));
t('mkdir recursive over file', () => fs.mkdirSync(at('file'), { recursive: true }));
t('mkdir recursive under file', () => fs.mkdirSync(at('file/a/b'), { recursive: true }));
t('mkdir recursive dangling', () => fs.mkdirSync(at('dangling'), { recursive: true }));
t('rmdir non-empty', () => fs.rmdirSync(at('dir')));
t('rmdir file', () => fs.rmdirSync(at('file')));
t('rmdir missing', () => fs.rmdirSync(at('missing')));
t('unlink dir', () => fs.unlinkSync(at('dir')));
t('unlink missing', () => fs.unlinkSync(at('missing')));
t('rm missing', () => fs.rmSync(at('missing')));
t('rm missing recursive', () => fs.rmSync(at('missing'), { recursive: true }));
t('rm dir', () => fs.rmSync(at('dir')));
t('rename missing', () => fs.renameSync(at('missing'), at('other')));
t('rename dir over file', () => fs.renameSync(at('dir'), at('file')));
t('rename file over dir', () => fs.renameSync(at('file'), at('dir')));
t('copyFile missing', () => fs.copyFileSync(at('missing'), at('other')));
t('copyFile excl', () => fs.copyFileSync(at('file'), at('dir/inner'), fs.constants.COPYFILE_EXCL));
t('copyFile to dir', () => fs.copyFileSync(at('file'), at('dir')));
t('copyFile from dir', () => fs.copyFileSync(at('dir'), at('c2')));
console.log('copyFile from dir left nothing', fs.existsSync(at('c2')));
t('access missing', () => fs.accessSync(at('missing')));
t('access X on plain file', () => fs.accessSync(at('file'), fs.constants.X_OK));
t('realpath missing', () => fs.realpathSync(at('missing')));
t('realpath under file', () => fs.realpathSync(at('file/x')));
t('realpath dangling', () => fs.realpathSync(at('dangling')));
t('realpath loop', () => fs.realpathSync(at('loop1')));
t('truncate missing', () => fs.truncateSync(at('missing')));
t('truncate dir', () => fs.truncateSync(at('dir')));
t('symlink existing', () => fs.symlinkSync('file', at('dir/inner')));
t('readlink file', () => fs.readlinkSync(at('file')));
t('readlink missing', () => fs.readlinkSync(at('missing')));
t('utimes missing', () => fs.utimesSync(at('missing'), 1, 2));
t('chmod missing', () => fs.chmodSync(at('missing'), 0o644));
t('close bad fd', () => fs.closeSync(99999));
t('fstat bad fd', () => fs.fstatSync(99999));
t('read bad fd', () => fs.readSync(99999, Buffer.alloc(4)));
t('write bad fd', () => fs.writeSync(99999, 'x'));
t('ftruncate bad fd', () => fs.ftruncateSync(99999));
t('futimes bad fd', () => fs.futimesSync(99999, 1, 2));
t('fsync bad fd', () => fs.fsyncSync(99999));
const fd = fs.openSync(at('file'), 'r');
t('read range', () => fs.readSync(fd, Buffer.alloc(4), 1, 4, 0));
t('read offset', () => fs.readSync(fd, Buffer.alloc(4), 5, 1, 0));
t('write offset', () => fs.writeSync(fd, Buffer.alloc(4), 5, 1));
t('write length', () => fs.writeSync(fd, Buffer.alloc(4), 1, 4));
t('write read-only fd', () => fs.writeSync(fd, 'x'));
fs.closeSync(fd);
const dfd = fs.openSync(at('dir'), 'r');
t('read dir fd', () => fs.readSync(dfd, Buffer.alloc(4)));
fs.closeSync(dfd);

fs.rmSync(tmp, { recursive: true });
console.log('cleaned', fs.existsSync(tmp));
