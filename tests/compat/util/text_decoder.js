// TextDecoder and TextEncoder: UTF-8 (replacement and fatal), UTF-16LE, latin1 labels, BOMs
// and streaming.
const hex = (s) => [...s].map((c) => c.codePointAt(0).toString(16)).join(' ');
const bytes = (a) => Buffer.from(a);

const u = new TextDecoder();
console.log(u.encoding, u.fatal, u.ignoreBOM);
console.log(hex(u.decode(bytes([0xef, 0xbb, 0xbf, 0x41, 0xe2, 0x82, 0xac]))));
console.log(hex(u.decode(bytes([0x41, 0xe2, 0x82, 0xff, 0xf0, 0x9f, 0x98, 0xc0, 0x80, 0xed, 0xa0, 0x80]))));
console.log(hex(u.decode(bytes([0xf4, 0x90, 0x80, 0x80, 0xe0, 0x80, 0xaf, 0xf0, 0x9f, 0x98, 0x80]))));
console.log(hex(u.decode(bytes([0xc2]))), JSON.stringify(u.decode()), JSON.stringify(u.decode(bytes([]))));
console.log(hex(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes([0xef, 0xbb, 0xbf, 0x41]))));
const s = new TextDecoder();
console.log(JSON.stringify(s.decode(bytes([0xef, 0xbb]), { stream: true })));
console.log(hex(s.decode(bytes([0xbf, 0xe2, 0x82]), { stream: true })));
console.log(hex(s.decode(bytes([0xac, 0xef, 0xbb, 0xbf]), { stream: true })), hex(s.decode(bytes([0xf0]), { stream: true })));
console.log(hex(s.decode()), hex(s.decode(bytes([0xef, 0xbb, 0xbf, 0x42]))));
for (const label of ['utf8', ' UTF-8 ', 'unicode-1-1-utf-8', 'utf-16', 'UTF-16LE', 'ucs-2', 'latin1', 'ascii', 'iso-8859-1', 'windows-1252', 'us-ascii']) {
  console.log(label, '->', new TextDecoder(label).encoding);
}
for (const label of ['utf-7', 'nope', '']) {
  try { new TextDecoder(label); } catch (e) { console.log(e.name, e.code, e.message); }
}
const f = new TextDecoder('utf-8', { fatal: true });
console.log(f.fatal, hex(f.decode(bytes([0x68, 0xc3, 0xa9]))));
for (const bad of [[0xff], [0xc3], [0xed, 0xa0, 0x80], [0x41, 0x80]]) {
  try { f.decode(bytes(bad)); } catch (e) { console.log(e.name, e.code, e.message); }
}
console.log(hex(f.decode(bytes([0x6f, 0x6b]))));
const w = new TextDecoder('utf-16le');
console.log(hex(w.decode(bytes([0xff, 0xfe, 0x41, 0, 0x00, 0xde, 0x3d, 0xd8, 0x41, 0, 0x3d, 0xd8, 0x00, 0xde]))));
console.log(hex(w.decode(bytes([0x41, 0x00, 0x42]))));
console.log(JSON.stringify(w.decode(bytes([0x41]), { stream: true })), hex(w.decode(bytes([0x00, 0x3d]), { stream: true })));
console.log(JSON.stringify(w.decode(bytes([0xd8]), { stream: true })), hex(w.decode(bytes([0x00, 0xde]))));
try { new TextDecoder('utf-16le', { fatal: true }).decode(bytes([0x41])); } catch (e) { console.log(e.name, e.code, e.message); }
const l = new TextDecoder('latin1');
console.log(hex(l.decode(bytes([0x41, 0x80, 0x9f, 0xe9, 0xff]))));

const enc = new TextEncoder();
// encode() returns a Uint8Array in Node, a Buffer in nodecc: printed as a Buffer in both.
console.log(enc.encoding, Buffer.from(enc.encode('hé😀')), Buffer.from(enc.encode()));
const dest = Buffer.alloc(5);
console.log(enc.encodeInto('héllo', dest), dest);
console.log(enc.encodeInto('😀😀', Buffer.alloc(6)), enc.encodeInto('abc', Buffer.alloc(0)), enc.encodeInto('日本', Buffer.alloc(4)));
