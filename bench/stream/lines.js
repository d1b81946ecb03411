// A line-splitting Transform over generated text: a Readable pushes the same 64 KiB of lines
// (the last one cut, so lines span chunks) until TOTAL bytes went by; the Transform splits
// them into one string per line (readableObjectMode); a Writable counts lines and bytes.
// Prints JSON: {"ms", "lines", "bytes"}.
const { Readable, Transform, Writable, pipeline } = require('stream');

const total = Number(process.argv[2] || 1 << 30);
let pattern = '';
for (let i = 0; pattern.length < 65536; i++) pattern += 'line ' + i + ' ' + 'x'.repeat(i % 60) + '\n';
const chunk = Buffer.from(pattern.slice(0, 65536));
let sent = 0;
const source = new Readable({
  read() {
    while (sent < total) {
      sent += chunk.length;
      if (!this.push(chunk)) return;
    }
    this.push(null);
  },
});
class LineSplitter extends Transform {
  constructor() { super({ readableObjectMode: true }); this.rest = ''; }
  _transform(buf, enc, cb) {
    const lines = (this.rest + buf.toString()).split('\n');
    this.rest = lines.pop();
    for (const line of lines) this.push(line);
    cb();
  }
  _flush(cb) { if (this.rest) this.push(this.rest); cb(); }
}
let lines = 0, bytes = 0;
const sink = new Writable({ objectMode: true, write(line, enc, cb) { lines++; bytes += line.length; cb(); } });
const start = process.hrtime.bigint();
pipeline(source, new LineSplitter(), sink, (err) => {
  if (err) throw err;
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  console.log(JSON.stringify({ ms, lines, bytes }));
});
