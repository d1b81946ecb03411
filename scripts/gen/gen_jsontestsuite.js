// Writes jsontestsuite_expected.tsv: what Node's JSON.parse does with each file of
// JSONTestSuite's test_parsing/ (read as Node reads a file, fs.readFileSync(path, 'utf8')):
//   <file> TAB accept TAB <JSON.stringify of JSON.stringify(JSON.parse(text))>
//   <file> TAB reject TAB <JSON.stringify of "<error name>: <message>">
// tests/unit/api/json/json_conformance_test.cc checks nodecc against it. JSONTestSuite
// (github.com/nst/JSONTestSuite) is optional data kept outside the repository; regenerate with
// Node 20 after the suite changes:
//   node scripts/gen/gen_jsontestsuite.js SUITE/test_parsing [OUT]
// OUT defaults to tests/unit/api/json/jsontestsuite_expected.tsv; SUITE is where the suite is
// (../shared/conformance/json beside the repository, where the test looks for it).
'use strict';
const fs = require('fs');
const path = require('path');

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node scripts/gen/gen_jsontestsuite.js SUITE/test_parsing [OUT]');
  process.exit(2);
}
const out =
  process.argv[3] || path.join(__dirname, '../../tests/unit/api/json/jsontestsuite_expected.tsv');
const lines = [];
for (const name of fs.readdirSync(dir).filter((n) => n.endsWith('.json')).sort()) {
  const text = fs.readFileSync(path.join(dir, name), 'utf8');
  try {
    lines.push(`${name}\taccept\t${JSON.stringify(JSON.stringify(JSON.parse(text)))}`);
  } catch (e) {
    lines.push(`${name}\treject\t${JSON.stringify(`${e.name}: ${e.message}`)}`);
  }
}
fs.writeFileSync(out, lines.join('\n') + '\n');
