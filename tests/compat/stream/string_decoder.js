// string_decoder: text held across chunks in each encoding, invalid UTF-8 inside a chunk, the
// canonical names, and the error for an unknown encoding.
const { StringDecoder } = require('string_decoder');
const show = (label, parts) => console.log(label, parts.map((p) => '[' + p + ']').join(' '));
const run = (enc, chunks, last) => {
  const d = new StringDecoder(enc);
  const parts = chunks.map((c) => d.write(Buffer.from(c)));
  parts.push(last ? d.end(Buffer.from(last)) : d.end());
  show(d.encoding, parts);
};
run('utf8', [[0x61, 0xff, 0x62], [0xe2, 0x82], [0xac, 0x21]]);
run('utf-8', [[0xe2, 0x82], [0x41], [0xf0, 0x9f], [0x98], [0x80]]);
run('utf8', [[0xc3]], [0xa9]);
run('utf8', [[0x41, 0xe2]]);
run('utf8', [[0xed, 0xa0, 0x80, 0x41]]);
run('UCS2', [[0x61], [0x00, 0x3d, 0xd8], [0x00, 0xde, 0x62]]);
run('utf16le', [[0x61, 0x00, 0x62]]);
run('utf16le', [[0x3d, 0xd8, 0x41, 0x00]]);
run('base64', [[1], [2, 3, 4], [5]]);
run('base64url', [[0xfb, 0xff], [0xfe, 1]]);
run('hex', [[0, 0xab], [0xff]]);
run('binary', [[0x41, 0xe9], [0xff]]);
run('ascii', [[0x41, 0xe9]]);
try { new StringDecoder('utf7'); } catch (e) { console.log(e.name, e.code, e.message); }
