'use strict';
// What both Node.js scanners share: the source scan and the result line. scan.cc is its C++
// twin, rule for rule (bench/fs-scan/README.md describes the dialect).
const path = require('node:path');

const CONSTANT_PREFIXES = ['const ', 'export const '];
const FUNCTION_PREFIXES = ['function ', 'function*', 'async function ', 'async function*',
  'export function ', 'export function*', 'export async function ',
  'export async function*', 'export default function', 'export default async function'];
const IMPORT_PREFIXES = ['import ', 'import{', 'export {', 'export{', 'export *'];

function startsWithAny(text, pos, prefixes) {
  for (const p of prefixes) {
    if (text.startsWith(p, pos)) return true;
  }
  return false;
}

function isSpace(c) {
  return c === ' ' || c === '\t' || c === '\n' || c === '\r';
}

// The specifier of the statement text[start, end) (`import ... from 'x'`, `import 'x'`,
// `export ... from 'x'`; `end` is its ';'): the quoted string at its end when `from` or the
// bare `import` keyword precedes it, else null (`export { a };`).
function specifierOf(text, start, end) {
  let close = end - 1;
  while (close > start && isSpace(text[close])) close--;
  const quote = text[close];
  if (quote !== '\'' && quote !== '"') return null;
  const open = text.lastIndexOf(quote, close - 1);
  if (open <= start) return null;
  let i = open - 1;
  while (i > start && isSpace(text[i])) i--;
  const keyword = i + 1 - start === 6 && text.startsWith('import', start);
  if (!keyword && !(i - 3 >= start && text.startsWith('from', i - 3))) return null;
  return text.slice(open + 1, close);
}

// Counts the top-level constants and functions of one file and collects its import
// specifiers (relative ones in `relative`, the rest counted as external).
function scanSource(text) {
  const r = { constants: 0, functions: 0, external: 0, relative: [] };
  let pos = 0;
  while (pos < text.length) {
    let eol = text.indexOf('\n', pos);
    if (eol < 0) eol = text.length;
    if (startsWithAny(text, pos, CONSTANT_PREFIXES)) {
      r.constants++;
    } else if (startsWithAny(text, pos, FUNCTION_PREFIXES)) {
      r.functions++;
    } else if (startsWithAny(text, pos, IMPORT_PREFIXES)) {
      let end = text.indexOf(';', pos);
      if (end < 0) end = text.length;
      const spec = specifierOf(text, pos, end);
      if (spec !== null) {
        if (spec.startsWith('./') || spec.startsWith('../')) {
          r.relative.push(spec);
        } else {
          r.external++;
        }
      }
    }
    pos = eol + 1;
  }
  return r;
}

// The file an import of `spec` from `file` names.
function resolveImport(file, spec) {
  return path.join(path.dirname(file), spec);
}

function newTotals() {
  return { files: 0, bytes: 0, constants: 0, functions: 0, imports: 0, external: 0 };
}

// Adds one file's scan to the totals.
function addFile(totals, text, r) {
  totals.files++;
  totals.bytes += text.length;
  totals.constants += r.constants;
  totals.functions += r.functions;
  totals.imports += r.relative.length;
  totals.external += r.external;
}

function resultLine(t) {
  return `files ${t.files} bytes ${t.bytes} constants ${t.constants} ` +
    `functions ${t.functions} imports ${t.imports} external ${t.external}`;
}

// Prints the line, and with --time the scan's own milliseconds (start-up excluded) to stderr.
function report(totals, startNs) {
  console.log(resultLine(totals));
  if (process.argv.includes('--time')) {
    const ms = Number(process.hrtime.bigint() - startNs) / 1e6;
    console.error(`scan-ms ${ms.toFixed(3)}`);
  }
}

function entryOf(argv) {
  const entry = argv.slice(2).find((a) => !a.startsWith('--'));
  if (!entry) {
    console.error(`usage: node ${path.basename(argv[1])} PROJECT/index.js [--time]`);
    process.exit(2);
  }
  return path.normalize(entry);
}

module.exports = { scanSource, resolveImport, newTotals, addFile, report, entryOf };
