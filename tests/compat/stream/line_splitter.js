// A line-splitting Transform (bytes in, one string per line out, readableObjectMode) fed chunks
// that cut lines anywhere, CRLF included; flush emits the unterminated last line.
const { Transform, Readable, Writable, pipeline } = require('stream');

const log = (...a) => console.log(...a);
class LineSplitter extends Transform {
  constructor() { super({ readableObjectMode: true }); this.rest = ''; }
  _transform(chunk, enc, cb) {
    const parts = (this.rest + chunk.toString()).split('\n');
    this.rest = parts.pop();
    for (const p of parts) this.push(p.endsWith('\r') ? p.slice(0, -1) : p);
    cb();
  }
  _flush(cb) { if (this.rest) this.push(this.rest); cb(); }
}
const lines = [];
const text = 'alpha\nbeta\r\ngamma delta\n\nepsilon';
const src = Readable.from([text.slice(0, 3), text.slice(3, 12), text.slice(12, 13), text.slice(13)], { objectMode: false });
pipeline(src, new LineSplitter(), new Writable({ objectMode: true, write(l, e, cb) { lines.push(l); cb(); } }), (err) => {
  log('lines', JSON.stringify(lines), err);
});
