// Recursive mkdir spelled every way (what it returns is the first directory it made, spelled
// as a prefix of the argument), rm over trees with links, and realpath through links.
const fs = require('fs');

const tmp = fs.mkdtempSync('/tmp/nodecc-fs-mkdir-');
const rel = (p) => p === undefined ? 'undefined' : String(p).split(tmp).join('<tmp>');
const at = (name) => tmp + '/' + name;
function t(name, f) {
  try {
    console.log(name, rel(f()));
  } catch (e) {
    console.log(name, '|', rel(e.message), e.code, e.syscall, rel(e.path));
  }
}

for (const p of ['./a/b', 'a2//b/', 'a3/./b/../c', 'a4/b/c/', '.', 'a5/..', 'a6/b']) {
  t(`mkdir -p ${p}`, () => fs.mkdirSync(at(p), { recursive: true }));
}
t('mkdir -p existing nested', () => fs.mkdirSync(at('a6/b/c/d'), { recursive: true }));
fs.writeFileSync(at('file'), 'f');
for (const p of ['file/', 'file/a', 'file/.', 'file/a/b/c']) {
  t(`mkdir -p ${p}`, () => fs.mkdirSync(at(p), { recursive: true }));
}
fs.symlinkSync('nowhere', at('dangling'));
fs.symlinkSync('a6', at('dirlink'));
t('mkdir -p dangling', () => fs.mkdirSync(at('dangling'), { recursive: true }));
t('mkdir -p dangling/x', () => fs.mkdirSync(at('dangling/x'), { recursive: true }));
t('mkdir -p through dir link', () => fs.mkdirSync(at('dirlink/b/new'), { recursive: true }));
t('mkdir mode', () => { fs.mkdirSync(at('m'), { mode: 0o700 }); return (fs.statSync(at('m')).mode & 0o777).toString(8); });
t('list', () => fs.readdirSync(tmp).join(','));

t('realpath through dir link', () => fs.realpathSync(at('dirlink/b/new')));
t('realpath dots through link', () => fs.realpathSync(at('dirlink/../a6/b')));
t('realpath trailing slash', () => fs.realpathSync(at('a6/b/')));
t('realpath root', () => fs.realpathSync('/'));

t('rmdir dir link', () => fs.rmdirSync(at('dirlink')));
t('rm dir link', () => { fs.rmSync(at('dirlink')); return fs.existsSync(at('a6/b/new')); });
fs.symlinkSync('../file', at('a6/b/c/filelink'));
fs.writeFileSync(at('a6/b/c/d/deep.txt'), 'deep');
t('rm -r tree with links', () => { fs.rmSync(at('a6'), { recursive: true }); return fs.existsSync(at('file')); });
t('rm -rf missing nested', () => fs.rmSync(at('no/such/thing'), { recursive: true, force: true }));
t('rm file recursive', () => { fs.rmSync(at('file'), { recursive: true }); return fs.existsSync(at('file')); });
t('rm dangling link', () => { fs.rmSync(at('dangling')); return fs.existsSync(at('dangling')); });
t('rm -r dot', () => fs.rmSync(at('a3/.'), { recursive: true }));
t('rm -r', () => fs.rmSync(tmp, { recursive: true }));
t('cleaned', () => fs.existsSync(tmp));
