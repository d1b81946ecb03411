'use strict';
// fs-scan with Node's fs.promises: a file's imports are read as soon as the file is scanned,
// all of them at once (Promise.all), so every discovered file is in flight together; each file
// is read once.  node scan_async.js PROJECT/index.js [--time]
const fsp = require('node:fs/promises');
const { scanSource, resolveImport, newTotals, addFile, report, entryOf } =
  require('./scan_common.js');

const start = process.hrtime.bigint();
const entry = entryOf(process.argv);
const totals = newTotals();
const seen = new Set([entry]);

async function visit(file) {
  const text = await fsp.readFile(file, 'utf8');
  const r = scanSource(text);
  addFile(totals, text, r);
  const next = [];
  for (const spec of r.relative) {
    const target = resolveImport(file, spec);
    if (!seen.has(target)) {
      seen.add(target);
      next.push(visit(target));
    }
  }
  await Promise.all(next);
}

visit(entry).then(() => report(totals, start));
