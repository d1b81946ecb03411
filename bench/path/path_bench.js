'use strict';
// Node's side of bench/path: ns per call of each path function over the inputs of inputs.txt
// (taken in turn), one JSON line per function: {"name", "ns_per_op", "ops"}. Each function
// runs one warm-up repetition and REPS measured ones; the median is printed. Time is the
// process's CPU time (process.cpuUsage, GC threads included), as path_bench.cc reads its own.
const fs = require('fs');
const path = require('path');

const OPS = Number(process.env.BENCH_OPS || 2_000_000);
const REPS = 5;

const byName = new Map();
for (const line of fs.readFileSync(`${__dirname}/inputs.txt`, 'utf8').split('\n')) {
  if (!line) continue;
  const [name, ...args] = line.split('\t');
  if (!byName.has(name)) byName.set(name, []);
  byName.get(name).push(args);
}

// What the program does with a result, the same on both sides (path_bench.cc's use()): reads
// its length and its last character, as a program that hands the path to a syscall reads all of
// it. V8 may return a lazy cons string (format, join) whose characters are built only when read.
const use = (s) => s.length + (s.length === 0 ? 0 : s.charCodeAt(s.length - 1));

// Each returns a number derived from the result, summed so that no call can be dropped.
const CALLS = {
  join: (a) => use(path.join(...a)),
  resolve: (a) => use(path.resolve(...a)),
  resolveAbs: (a) => use(path.resolve(...a)),
  normalize: (a) => use(path.normalize(a[0])),
  relative: (a) => use(path.relative(a[0], a[1])),
  dirname: (a) => use(path.dirname(a[0])),
  basename: (a) => use(path.basename(a[0])),
  basenameExt: (a) => use(path.basename(a[0], a[1])),
  extname: (a) => use(path.extname(a[0])),
  parse: (a) => { const p = path.parse(a[0]); return use(p.dir) + use(p.name) + use(p.ext); },
  format: (a) => use(path.format({ root: a[0], dir: a[1], base: a[2] })),
  isAbsolute: (a) => (path.isAbsolute(a[0]) ? 1 : 0),
};

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

const filter = process.env.BENCH_FILTER || '';
let sink = 0;
for (const [name, inputs] of byName) {
  if (!name.includes(filter)) continue;
  const call = CALLS[name];
  const n = inputs.length;  // taken in turn, as path_bench.cc takes them
  const samples = [];
  for (let rep = 0; rep <= REPS; rep++) {
    const t0 = process.cpuUsage();
    // A local sum, as in path_bench.cc: `sink` is a script variable, kept in memory (and boxed
    // once past 2^30).
    let sum = 0;
    for (let i = 0, k = 0; i < OPS; i++) {
      sum += call(inputs[k]);
      k = k + 1 === n ? 0 : k + 1;
    }
    const t = process.cpuUsage(t0);
    sink += sum;
    const ns = ((t.user + t.system) * 1000) / OPS;
    if (rep > 0) samples.push(ns);
  }
  console.log(JSON.stringify({ name, ns_per_op: median(samples), ops: OPS }));
}
if (sink === 42) console.error('');
