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

// Each returns a number derived from the result, summed so that no call can be dropped.
const CALLS = {
  join: (a) => path.join(...a).length,
  resolve: (a) => path.resolve(...a).length,
  resolveAbs: (a) => path.resolve(...a).length,
  normalize: (a) => path.normalize(a[0]).length,
  relative: (a) => path.relative(a[0], a[1]).length,
  dirname: (a) => path.dirname(a[0]).length,
  basename: (a) => path.basename(a[0]).length,
  basenameExt: (a) => path.basename(a[0], a[1]).length,
  extname: (a) => path.extname(a[0]).length,
  parse: (a) => { const p = path.parse(a[0]); return p.dir.length + p.name.length + p.ext.length; },
  format: (a) => path.format({ root: a[0], dir: a[1], base: a[2] }).length,
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
  const mask = inputs.length;  // taken in turn
  const samples = [];
  for (let rep = 0; rep <= REPS; rep++) {
    const t0 = process.cpuUsage();
    for (let i = 0; i < OPS; i++) sink += call(inputs[i % mask]);
    const t = process.cpuUsage(t0);
    const ns = ((t.user + t.system) * 1000) / OPS;
    if (rep > 0) samples.push(ns);
  }
  console.log(JSON.stringify({ name, ns_per_op: median(samples), ops: OPS }));
}
if (sink === 42) console.error('');
