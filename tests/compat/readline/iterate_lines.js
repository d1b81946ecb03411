// for await (const line of rl) over a file read with fs.createReadStream: every line (CRLF
// and a missing final newline included), then the loop ends at 'close'; the file is removed.
const fs = require('fs');
const readline = require('readline');

const log = (...a) => console.log(...a);
async function main() {
  const dir = fs.mkdtempSync('/tmp/nodecc-readline-');
  const file = dir + '/lines.txt';
  let text = '';
  for (let i = 0; i < 2000; i++) text += 'line ' + i + (i % 3 === 0 ? '\r\n' : '\n');
  fs.writeFileSync(file, text + 'no newline at the end');
  const rl = readline.createInterface({ input: fs.createReadStream(file, { highWaterMark: 1000 }) });
  let count = 0, last = '', crs = 0;
  rl.on('close', () => log('close event'));
  for await (const line of rl) {
    count++;
    last = line;
    if (line.includes('\r')) crs++;
  }
  log('lines', count, 'last', JSON.stringify(last), 'with \\r', crs);
  fs.rmSync(dir, { recursive: true });
}
main().then(() => log('done'));
