// readline over process.stdin: CRLF, LF, a lone CR, an empty line and a last line without a
// newline (emitted at stdin's end, before 'close').
const readline = require('readline');

const json = (s) => JSON.stringify(s);
const rl = readline.createInterface({ input: process.stdin });
let count = 0;
rl.on('line', (line) => { count++; console.log('line', json(line)); });
rl.on('close', () => console.log('close', count, 'lines'));
process.stdin.on('end', () => console.log('stdin end'));
