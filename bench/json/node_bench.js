// bench/json/node_bench.js: json_bench.cc's measurements with Node's JSON.parse and
// JSON.stringify, the same lines of JSON on stdout. CPU time is process.cpuUsage(): user and
// system time of every thread, V8's garbage collector included.
//   node node_bench.js [--seconds S] FILE...
'use strict';
const fs = require('fs');
const path = require('path');
const crypto = require('crypto');

function cpuSeconds() {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

function measure(file, op, bytes, seconds, f) {
  f();  // warm-up: the optimizing compiler, caches
  const start = cpuSeconds();
  let elapsed = 0;
  let runs = 0;
  do {
    f();
    ++runs;
    elapsed = cpuSeconds() - start;
  } while (elapsed < seconds);
  console.log(JSON.stringify({file, op, bytes, runs, cpu_s: +elapsed.toFixed(4),
                              mb_per_s: +(bytes * runs / elapsed / 1e6).toFixed(1)}));
}

let seconds = 0.5;
const files = [];
const args = process.argv.slice(2);
for (let i = 0; i < args.length; ++i) {
  if (args[i] === '--seconds') {
    seconds = Number(args[++i]);
  } else {
    files.push(args[i]);
  }
}

for (const p of files) {
  const text = fs.readFileSync(p, 'utf8');
  const file = path.basename(p);
  const bytes = Buffer.byteLength(text);
  let v;
  measure(file, 'parse', bytes, seconds, () => { v = JSON.parse(text); });
  const compact = JSON.stringify(v);
  measure(file, 'stringify', Buffer.byteLength(compact), seconds, () => { JSON.stringify(v); });
  const indented = JSON.stringify(v, null, 2);
  const sha = (s) => crypto.createHash('sha256').update(s).digest('hex');
  console.log(JSON.stringify({file, op: 'roundtrip', sha256: sha(compact),
                              sha256_indented: sha(indented)}));
}
