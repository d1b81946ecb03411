'use strict';
// Writes tests/compat/path/inputs.txt, the table compat.path runs through Node's path module
// and nodecc's:
//   node scripts/gen/gen_path_inputs.js [OUT]     (OUT defaults to tests/compat/path/inputs.txt)
// Deterministic (a seeded generator), so the checked-in table can be regenerated and diffed.
//
// One case per line, fields separated by TAB, the first naming the case:
//   P path                    every one-path function (normalize, dirname, parse, resolve...)
//   J arg...                  join(...args) and resolve(...args)
//   R from to                 relative(from, to)
//   B path suffix             basename(path, suffix)
//   F root dir base name ext  format({...}), an empty field meaning a missing one
// Escapes inside a field: \\ \t \n, and \E for an empty field at the end of a line.

const fs = require('fs');
const path = require('path');

const SEGMENTS = [
  '', '.', '..', '...', 'a', 'b', 'foo', 'bar', 'x.js', 'index.html', 'archive.tar.gz',
  '.bashrc', '.a.b', '..a', 'a..', 'a.', '.', 'file.', 'name with space', 'é', '日本語',
  'caf\u00e9.txt', '\u{1F642}.txt', '.\u{1F642}', 'a\\b', '-', '~', 'node_modules', '@scope',
  'x'.repeat(40), 'ab.cd.ef',
];
const SEPARATORS = ['/', '/', '/', '//', '///'];
const SUFFIXES = ['', '.js', 'js', '.html', 'x', 'bar', 'a', '.', '/', 'a/', 'tar.gz', '.gz',
  'é', '.txt', 'foo', '..'];

// mulberry32: small, seeded, the same on every machine.
let seed = 0x5eed1234;
function random() {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (xs) => xs[Math.floor(random() * xs.length)];

function randomPath(maxSegments) {
  const n = Math.floor(random() * (maxSegments + 1));
  let p = random() < 0.4 ? pick(['/', '//', '///']) : '';
  for (let i = 0; i < n; i++) {
    if (i > 0) p += pick(SEPARATORS);
    p += pick(SEGMENTS);
  }
  if (random() < 0.25) p += pick(['/', '//']);
  return p;
}

function longPath() {
  const n = 50 + Math.floor(random() * 200);
  const parts = [];
  for (let i = 0; i < n; i++) parts.push(pick(SEGMENTS));
  return (random() < 0.5 ? '/' : '') + parts.join(pick(SEPARATORS));
}

function escapeField(s) {
  return s.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n');
}

const lines = [];
const seen = new Set();
function add(kind, fields) {
  const line = [kind, ...fields.map(escapeField)].join('\t');
  const key = line;
  if (seen.has(key)) return;
  seen.add(key);
  // A trailing empty field would be invisible: \E marks it.
  lines.push(fields.length && fields[fields.length - 1] === '' ? line + '\\E' : line);
}

// Every segment alone and between slashes, then every pair: the small cases in full.
const SHORT = ['', '/', '//', '///', '.', './', '..', '../', '/.', '/..', '//.', '/./', '/../'];
for (const s of SHORT) add('P', [s]);
for (const s of SEGMENTS) {
  for (const form of [s, `/${s}`, `${s}/`, `/${s}/`, `//${s}`, `${s}//`, `./${s}`, `../${s}`]) {
    add('P', [form]);
  }
}
for (const a of SEGMENTS) {
  for (const b of SEGMENTS) add('P', [`${a}/${b}`]);
}
while (lines.length < 2200) add('P', [randomPath(6)]);
for (let i = 0; i < 60; i++) add('P', [longPath()]);
add('P', ['a\tb/c\nd.e']);

for (let i = 0; i < 600; i++) {
  const n = Math.floor(random() * 5);
  const args = [];
  for (let j = 0; j < n; j++) args.push(randomPath(3));
  if (n === 0) {
    add('J', []);
  } else {
    add('J', args);
  }
}
for (const a of SHORT) add('J', [a, 'x']);

for (let i = 0; i < 500; i++) add('R', [randomPath(4), randomPath(4)]);
for (const [a, b] of [['/', '/'], ['/a', '/a/'], ['/foo/bar', '/foo/barbaz'], ['/foo/barbaz', '/foo/bar'],
  ['/', '/foo'], ['/foo', '/'], ['', ''], ['', '.'], ['a', ''], ['/a/b/c', '/a/b'], ['x', '/x']]) {
  add('R', [a, b]);
}

for (let i = 0; i < 400; i++) add('B', [randomPath(3), pick(SUFFIXES)]);
for (const s of SUFFIXES) {
  for (const p of ['', '/', 'a', 'a/', 'foo.js', '/x/foo.js/', 'js', '.js', '///', 'tar.gz']) {
    add('B', [p, s]);
  }
}

const FIELDS = ['', '', '/', '/x', 'dir', '/home/user', 'file.txt', 'file', '.txt', 'txt', '.', '..'];
for (let i = 0; i < 300; i++) {
  add('F', [pick(FIELDS), pick(FIELDS), pick(FIELDS), pick(FIELDS), pick(FIELDS)]);
}

const out = process.argv[2] || path.join(__dirname, '../../tests/compat/path/inputs.txt');
fs.writeFileSync(out, lines.join('\n') + '\n');
