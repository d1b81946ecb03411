// The corpus (optional, outside the repository: ../shared/corpora/json; a file that is not
// there prints "skipped"): parse, then stringify compact and with 2 spaces, and parse that
// again: the bytes' lengths and SHA-256.
const fs = require('fs');
const crypto = require('crypto');
const dir = '../../../../shared/corpora/json';
for (const name of ['twitter.json', 'citm_catalog.json', 'canada.json']) {
  const path = `${dir}/${name}`;
  if (!fs.existsSync(path)) {
    console.log(`${name}: skipped (no corpus)`);
    continue;
  }
  const value = JSON.parse(fs.readFileSync(path, 'utf8'));
  const compact = JSON.stringify(value);
  const indented = JSON.stringify(value, null, 2);
  const again = JSON.stringify(JSON.parse(indented));
  const sha = (s) => crypto.createHash('sha256').update(s).digest('hex');
  console.log(name, Buffer.byteLength(compact), sha(compact));
  console.log(name, Buffer.byteLength(indented), sha(indented));
  console.log(name, again === compact);
}
