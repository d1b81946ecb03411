// A report of a directory tree: files and bytes per extension, and the largest files.
// node dir_report.js DIR
const fs = require('fs');
const path = require('path');

const root = process.argv[2] ?? '.';
const TOP = 5;

// Every regular file under dir, depth first, in readdir's order.
async function walk(dir, files) {
  const entries = await fs.promises.readdir(dir, { withFileTypes: true });
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      await walk(full, files);
    } else if (entry.isFile()) {
      const stats = await fs.promises.stat(full);
      files.push({ path: path.relative(root, full), size: stats.size });
    }
  }
  return files;
}

function kib(bytes) {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

async function main() {
  const files = await walk(root, []);
  const total = files.reduce((sum, f) => sum + f.size, 0);
  console.log('%s: %d files, %d bytes (%s)', root, files.length, total, kib(total));

  const byExt = new Map();
  for (const f of files) {
    const ext = path.extname(f.path) || '(none)';
    const row = byExt.get(ext) ?? { ext, files: 0, bytes: 0 };
    row.files += 1;
    row.bytes += f.size;
    byExt.set(ext, row);
  }
  const rows = [...byExt.values()].sort((a, b) => b.bytes - a.bytes);
  console.table(rows.map((r) => ({ ext: r.ext, files: r.files, bytes: r.bytes, share: `${(100 * r.bytes / total).toFixed(1)}%` })));

  console.log('largest files:');
  const largest = [...files].sort((a, b) => b.size - a.size).slice(0, TOP);
  largest.forEach((f, i) => console.log(`${i + 1}. ${f.path} ${kib(f.size)}`));

  const empty = files.filter((f) => f.size === 0).map((f) => path.basename(f.path));
  console.log('empty files:', empty);
}

main().catch((err) => {
  console.error(`dir_report: ${err.message}`);
  process.exitCode = 1;
});
