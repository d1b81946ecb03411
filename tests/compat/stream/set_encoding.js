// setEncoding('utf8') on a Readable fed a multi-byte text one byte at a time: 'data' carries
// strings and never a split character; 'hex' and 'base64' decoders hold back what they must,
// and the decoder's end flushes an incomplete character as U+FFFD.
const { Readable } = require('stream');

const log = (...a) => console.log(...a);
function feed(encoding, bytes, done) {
  const r = new Readable({ read() {} });
  r.setEncoding(encoding);
  const parts = [];
  r.on('data', (s) => parts.push(s));
  r.on('end', () => { log(encoding, r.readableEncoding, JSON.stringify(parts)); done(); });
  let i = 0;
  const step = () => {
    if (i < bytes.length) { r.push(bytes.subarray(i, i + 1)); i++; setImmediate(step); } else r.push(null);
  };
  step();
}
const text = Buffer.from('aé€😀z', 'utf8');
feed('utf8', text, () => feed('hex', Buffer.from([1, 2, 255]), () =>
  feed('base64', Buffer.from('hello!!'), () => feed('utf8', Buffer.from([0x61, 0xe2, 0x82]), () => log('done')))));
