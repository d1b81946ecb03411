'use strict';
// fs-scan with Node's synchronous fs: one readFileSync after the other, depth first from the
// entry, each file read once.  node scan_sync.js PROJECT/index.js [--time]
const fs = require('node:fs');
const { scanSource, resolveImport, newTotals, addFile, report, entryOf } =
  require('./scan_common.js');

const start = process.hrtime.bigint();
const entry = entryOf(process.argv);
const totals = newTotals();
const seen = new Set([entry]);
const stack = [entry];
while (stack.length > 0) {
  const file = stack.pop();
  const text = fs.readFileSync(file, 'utf8');
  const r = scanSource(text);
  addFile(totals, text, r);
  for (const spec of r.relative) {
    const target = resolveImport(file, spec);
    if (!seen.has(target)) {
      seen.add(target);
      stack.push(target);
    }
  }
}
report(totals, start);
