// Line endings: "\n", "\r\n", a lone "\r", "\r" at the end of one chunk and "\n" at the start
// of the next (one line end), empty lines, and a last line without a newline (emitted at the
// input's end, before 'close').
const { Readable } = require('stream');
const readline = require('readline');

const log = (...a) => console.log(...a);
const chunks = ['one\ntwo\r\nthree\rfour\r', '\nfive\n\n\r\nsix', ' and more\r', 'seven'];
const input = new Readable({ read() {} });
const rl = readline.createInterface({ input });
rl.on('line', (line) => log('line', JSON.stringify(line)));
rl.on('close', () => log('close', rl.closed));
input.on('end', () => log('input end'));
let i = 0;
const feed = () => { if (i < chunks.length) { input.push(chunks[i++]); setImmediate(feed); } else input.push(null); };
feed();
