// Writes jsontestsuite_expected.tsv: what Node's JSON.parse does with each file of
// JSONTestSuite's test_parsing/ (read as Node reads a file, fs.readFileSync(path, 'utf8')):
//   <file> TAB accept TAB <JSON.stringify of JSON.stringify(JSON.parse(text))>
//   <file> TAB reject TAB <JSON.stringify of "<error name>: <message>">
// json_conformance_test.cc checks nodecc against it. Regenerate with Node 20 after the suite
// changes:
//   node tests/unit/api/json/gen_jsontestsuite.js ../shared/conformance/json/test_parsing \
//       > tests/unit/api/json/jsontestsuite_expected.tsv
'use strict';
const fs = require('fs');
const path = require('path');

const dir = process.argv[2];
const lines = [];
for (const name of fs.readdirSync(dir).filter((n) => n.endsWith('.json')).sort()) {
  const text = fs.readFileSync(path.join(dir, name), 'utf8');
  try {
    lines.push(`${name}\taccept\t${JSON.stringify(JSON.stringify(JSON.parse(text)))}`);
  } catch (e) {
    lines.push(`${name}\treject\t${JSON.stringify(`${e.name}: ${e.message}`)}`);
  }
}
process.stdout.write(lines.join('\n') + '\n');
