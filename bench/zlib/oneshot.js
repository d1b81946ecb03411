// node oneshot.js FILE REPS: oneshot.cc's twin with Node's zlib.
const fs = require('fs');
const zlib = require('zlib');

const [file, repsArg] = process.argv.slice(2);
const data = fs.readFileSync(file);
const reps = Number(repsArg);
function medianMicros(f) {
  const t = [];
  for (let i = 0; i < reps; i++) {
    const a = process.hrtime.bigint();
    f();
    t.push(Number(process.hrtime.bigint() - a) / 1000);
  }
  t.sort((x, y) => x - y);
  return t[Math.floor(t.length / 2)];
}
let packed;
for (let i = 0; i < Math.max(1, reps / 10); i++) { packed = zlib.gzipSync(data); zlib.gunzipSync(packed); }
const c = medianMicros(() => { packed = zlib.gzipSync(data); });
const d = medianMicros(() => { zlib.gunzipSync(packed); });
console.log(`gzipSync ${c.toFixed(1)} gunzipSync ${d.toFixed(1)} ${packed.length}`);
