// process.stdin piped through an uppercasing Transform into process.stdout (ASCII letters,
// byte by byte: a chunk may end inside a UTF-8 character).
const { Transform } = require('stream');

const upper = new Transform({
  transform(chunk, encoding, callback) {
    const out = Buffer.from(chunk);
    for (let i = 0; i < out.length; i++) if (out[i] >= 97 && out[i] <= 122) out[i] -= 32;
    callback(null, out);
  },
});
process.stdin.on('end', () => console.log('[stdin end]'));
upper.on('end', () => console.log('[upper end]'));
process.stdin.pipe(upper).pipe(process.stdout);
