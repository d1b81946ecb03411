// The oracle for compat.path: every case of inputs.txt (written by
// scripts/gen/gen_path_inputs.js) through Node's path module, one line of JSON values per case.
// path_oracle.cc prints the same lines from nodecc; run_pair.py compares them byte for byte.
'use strict';
const fs = require('fs');
const path = require('path');

function unescapeField(s) {
  return s.replace(/\\(\\|t|n|E)/g, (m, e) => (e === 't' ? '\t' : e === 'n' ? '\n' : e === '\\' ? '\\' : ''));
}

function q(s) {
  return JSON.stringify(s);
}

function parsed(p) {
  return `{"root":${q(p.root)},"dir":${q(p.dir)},"base":${q(p.base)},"ext":${q(p.ext)},"name":${q(p.name)}}`;
}

const lines = fs.readFileSync('inputs.txt', 'utf8').split('\n').filter((l) => l.length > 0);
const out = [];
for (const line of lines) {
  const [kind, ...raw] = line.split('\t');
  const f = raw.map(unescapeField);
  if (kind === 'P') {
    const p = f[0];
    const o = path.parse(p);
    out.push(['P', q(path.normalize(p)), q(path.isAbsolute(p)), q(path.dirname(p)), q(path.basename(p)),
      q(path.extname(p)), parsed(o), q(path.format(o)), q(path.toNamespacedPath(p)), q(path.resolve(p)),
      q(path.join(p)), q(path.posix.normalize(p))].join(' '));
  } else if (kind === 'J') {
    out.push(['J', q(path.join(...f)), q(path.resolve(...f))].join(' '));
  } else if (kind === 'R') {
    out.push(['R', q(path.relative(f[0], f[1]))].join(' '));
  } else if (kind === 'B') {
    out.push(['B', q(path.basename(f[0], f[1]))].join(' '));
  } else if (kind === 'F') {
    const o = {};
    ['root', 'dir', 'base', 'name', 'ext'].forEach((k, i) => { if (f[i]) o[k] = f[i]; });
    out.push(['F', q(path.format(o))].join(' '));
  }
}
console.log(`sep ${q(path.sep)} delimiter ${q(path.delimiter)} posix ${path.posix === path}`);
console.log(out.join('\n'));
console.log(`${lines.length} cases`);
