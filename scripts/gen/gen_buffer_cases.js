// Generates tests/compat/buffer/cases.txt, the table that table.js (Node) and table.cc (nodecc)
// both run; the compat test compares their outputs line by line. Deterministic: run
//   node scripts/gen/gen_buffer_cases.js [OUT]
// (OUT defaults to tests/compat/buffer/cases.txt) to regenerate after adding cases, and commit
// the result.
//
// One case a line: an operation and its arguments, each argument typed by a prefix:
//   s:HEX  a string (its UTF-8 bytes in hex)     b:HEX  a Buffer       n:INT  an integer
//   f:NUM  a double                             e:NAME an encoding    g:INT  a BigInt
// An argument left out is simply not there (trailing), as in Node.
'use strict';
const fs = require('fs');
const path = require('path');

const lines = [];
const hex = (s) => Buffer.from(s, 'utf8').toString('hex');
const S = (s) => `s:${hex(s)}`;
const B = (bytes) => `b:${Buffer.from(bytes).toString('hex')}`;
const N = (n) => `n:${n}`;
const F = (x) => `f:${x}`;
const E = (e) => `e:${e}`;
const G = (n) => `g:${n}`;
const add = (op, ...args) => lines.push([op, ...args].join(' '));

const encodings = ['utf8', 'utf-8', 'UTF8', 'utf16le', 'ucs2', 'UCS-2', 'utf-16le', 'latin1',
  'binary', 'ascii', 'hex', 'base64', 'base64url', 'BASE64', 'Hex', 'nope', ''];

// Strings: ASCII, Latin-1 range, BMP, astral, controls, and the shapes hex and base64 see.
const strings = ['', 'a', 'hello world', 'é', 'naïve café', '€', '日本語', '😀', 'a😀b', '\u0000\u0001\u007f',
  '\u0080\u00ff', '\uffff', '\ufeff', 'abcd', 'abc', '0123456789abcdefABCDEF', '0g', 'zz', 'a',
  'abz', 'ab cd', 'YWJj', 'YWJ', 'YW', 'Y', 'YWJjZA==', 'YWJjZA=', 'YWJjZA', 'YW Jj\nZA==',
  'YWJj====ZA', 'YW=Jj', '_-_-', '+/+/', 'YWJj!ZA', '=', '==YWJj', 'YQ=x', 'aéb', '////',
  '-_-_', 'ŁŁŁŁYWJj', 'ŁŁ', '\u0161\u0162', 'YWJj€ZA', 'SGVsbG8sIFdvcmxkIQ', 'SGVsbG8sIFdvcmxkIQ==', ' \t\r\n', 'Zm9v\u00e9YmFy'];

// Byte inputs for toString: valid and invalid UTF-8 (truncated, overlong, surrogates, past
// U+10FFFF, stray continuations), odd lengths for utf16le, every byte value.
const byteInputs = [
  [], [0x61], [0x61, 0x62, 0x63], [0xc3, 0xa9], [0xe2, 0x82, 0xac], [0xf0, 0x9f, 0x98, 0x80],
  [0x80], [0xbf], [0xc0, 0x80], [0xc1, 0xbf], [0xc2], [0xc2, 0x41], [0xe0, 0x80, 0x80],
  [0xe0, 0xa0], [0xe0, 0xa0, 0x41], [0xed, 0xa0, 0x80], [0xed, 0xbf, 0xbf], [0xef, 0xbf, 0xbd],
  [0xf0, 0x80, 0x80, 0x80], [0xf0, 0x90], [0xf0, 0x90, 0x80], [0xf0, 0x90, 0x80, 0x41],
  [0xf4, 0x8f, 0xbf, 0xbf], [0xf4, 0x90, 0x80, 0x80], [0xf5, 0x80], [0xfe], [0xff, 0xfe],
  [0x61, 0x80, 0x80, 0x62], [0xe2, 0x82], [0xe2, 0x41, 0x82], [0xf0, 0x9f, 0x98],
  [0x3d, 0xd8, 0x00, 0xde], [0x3d, 0xd8, 0x41, 0x00], [0x00, 0xdc, 0x41, 0x00], [0x41, 0x00, 0x42],
  [0x3d, 0xd8], [0xfb, 0xff, 0xbf], [0xfb], [0xfb, 0xff],
  Array.from({ length: 256 }, (_, i) => i),
  Array.from({ length: 37 }, (_, i) => (i * 37 + 11) & 255),
];

// from, byteLength, toString.
for (const s of strings) {
  add('from', S(s));
  for (const e of encodings) {
    add('from', S(s), E(e));
    add('byteLength', S(s), E(e));
  }
}
for (const b of byteInputs) {
  add('toString', B(b));
  for (const e of encodings) add('toString', B(b), E(e));
}
const sample = [0x61, 0xc3, 0xa9, 0x62, 0xe2, 0x82, 0xac, 0x63];
for (const e of ['utf8', 'hex', 'latin1', 'utf16le']) {
  for (const start of [-5, 0, 1, 2, 7, 8, 9]) {
    add('toString', B(sample), E(e), N(start));
    for (const end of [-1, 0, 1, 3, 8, 100]) add('toString', B(sample), E(e), N(start), N(end));
  }
}
add('toString', B([]), E('nope'));
add('toString', B([1, 2]), E('nope'), N(2));

// Array and Buffer sources; concat.
add('fromArray', N(1), N(256), N(-1), N(300), N(-129), N(255));
add('fromArray');
add('fromBuffer', B([1, 2, 3]));
for (const total of [undefined, 0, 1, 3, 4, 6, 10, 4294967297]) {
  const list = [B([1, 2]), B([]), B([3, 4])];
  if (total === undefined) add('concat', ...list); else add('concatTotal', N(total), ...list);
}
add('concatTotal', N(5));

// alloc with fill.
add('alloc', N(0));
add('alloc', N(5));
add('allocFill', N(5), N(257));
add('allocFill', N(5), S('ab'));
add('allocFill', N(5), S('ab'), E('hex'));
add('allocFill', N(5), S('YWI='), E('base64'));
add('allocFill', N(5), S('zz'), E('hex'));
add('allocFill', N(0), S('zz'), E('hex'));
add('allocFill', N(5), S(''));
add('allocFill', N(5), S('x'), E('nope'));
add('allocFill', N(7), B([1, 2, 3]));
add('allocFill', N(3), B([]));
add('alloc', N(4294967297));

// isEncoding.
for (const e of [...encodings, 'utf16', 'latin-1', 'utf-16', 'UTF-16LE', 'Binary', 'base-64'])
  add('isEncoding', S(e));

// write(string, offset, length, encoding).
for (const s of ['abc', 'aé€', 'a€', '😀', 'ab', 'zz', 'aazz', 'YWJjZA==', 'é€', '日本語', 'a😀']) {
  for (const e of ['utf8', 'ucs2', 'latin1', 'ascii', 'hex', 'base64', 'base64url']) {
    for (const size of [0, 2, 3, 5]) {
      add('write', N(size), S(s), E(e));
      for (const off of [-1, 0, 1, 6]) {
        add('write', N(size), S(s), N(off), E(e));
        for (const len of [-1, 1, 2, 9]) add('write', N(size), S(s), N(off), N(len), E(e));
      }
    }
  }
}
add('write', N(4), S('abc'));
add('write', N(4), S('abc'), N(1));
add('write', N(4), S('abc'), E('nope'));
add('write', N(4), S('abc'), N(0), N(4), E('nope'));

// fill(value, offset, end, encoding).
const fillValues = [N(1), N(257), N(-1), S(''), S('a'), S('ab'), S('é'), S('€'), S('😀'), S('abc'),
  S('zz'), S('a'), S('0102'), S('AQI='), S('!!!!'), B([]), B([7]), B([7, 8, 9])];
for (const v of fillValues) {
  for (const e of [undefined, 'utf8', 'hex', 'base64', 'latin1', 'ucs2', 'ascii', 'nope']) {
    if (v.startsWith('s:') || e === undefined) {
      const tail = e === undefined ? [] : [E(e)];
      add('fill', N(7), v, ...tail);
      for (const off of [-1, 0, 2, 7, 8]) {
        add('fill', N(7), v, N(off), ...tail);
        for (const end of [-1, 0, 3, 7, 8]) add('fill', N(7), v, N(off), N(end), ...tail);
      }
    }
  }
}

// indexOf, lastIndexOf, includes.
const hay = Buffer.from('abcabcab\u00e9\u20ac\u00e9a', 'utf8');
const hayU = Buffer.from('abcab\u20acb', 'ucs2');
const needles = [S('a'), S('bc'), S(''), S('abcabcabx'), S('\u00e9'), S('\u20ac'), S('x'), B([]),
  B([0x62, 0x63]), B([0x61]), N(97), N(353), N(-159), N(0), S('6263'), S('YmM='), S('b\u20ac')];
for (const [name, h] of [['hay', hay], ['hayU', hayU], ['odd', Buffer.from([0x62, 0, 0x63])],
  ['empty', Buffer.alloc(0)], ['one', Buffer.from([0x62])]]) {
  for (const nd of needles) {
    const isNumber = nd.startsWith('n:');
    add('includes', B(h), nd);
    add('includes', B(h), nd, N(-2));
    for (const op of ['indexOf', 'lastIndexOf']) {
      add(op, B(h), nd);
      for (const off of [-100, -3, 0, 1, 7, 8, 9, 100, 4294967296, -4294967296]) {
        add(op, B(h), nd, N(off));
      }
      if (isNumber) continue;
      for (const e of ['utf8', 'ucs2', 'latin1', 'hex', 'base64', 'ascii', 'nope']) {
        add(op, B(h), nd, E(e));
        for (const off of [-3, 1, 8]) add(op, B(h), nd, N(off), E(e));
      }
    }
  }
}

// compare, equals, copy, subarray.
const src = [1, 2, 3, 4, 5];
const tgt = [2, 3, 4];
for (const [a, b] of [[src, tgt], [tgt, src], [[], []], [[1], []], [[1, 2], [1, 2]], [[1, 2], [1, 3]]]) {
  add('compareStatic', B(a), B(b));
  add('equals', B(a), B(b));
}
const cmpArgs = [-1, 0, 1, 2, 3, 4, 5, 6];
for (const ts of cmpArgs) {
  add('compare', B(src), B(tgt), N(ts));
  for (const te of cmpArgs) {
    add('compare', B(src), B(tgt), N(ts), N(te));
    for (const ss of [-1, 0, 1, 4, 6]) {
      for (const se of [-1, 0, 2, 5, 6]) add('compare', B(src), B(tgt), N(ts), N(te), N(ss), N(se));
    }
  }
}
for (const ts of cmpArgs) {
  add('copy', B(src), N(3), N(ts));
  for (const ss of cmpArgs) {
    add('copy', B(src), N(3), N(ts), N(ss));
    for (const se of cmpArgs) add('copy', B(src), N(3), N(ts), N(ss), N(se));
  }
}
add('copySelf', B(src), N(1), N(0), N(4));
add('copySelf', B(src), N(0), N(1), N(5));
for (const s of [-7, -5, -2, 0, 1, 3, 5, 6, 100]) {
  add('subarray', B(src), N(s));
  for (const e of [-7, -1, 0, 2, 5, 9]) {
    add('subarray', B(src), N(s), N(e));
    add('slice', B(src), N(s), N(e));
  }
}

// swap, toJSON.
for (let len = 0; len <= 17; len++) {
  const b = Array.from({ length: len }, (_, i) => i);
  add('swap16', B(b));
  add('swap32', B(b));
  add('swap64', B(b));
  if (len < 4) add('toJSON', B(b));
}

// Numbers: every read at edge offsets over buffers of every size up to 9.
const reads = [['readUInt8', 1], ['readUInt16LE', 2], ['readUInt16BE', 2], ['readUInt32LE', 4],
  ['readUInt32BE', 4], ['readInt8', 1], ['readInt16LE', 2], ['readInt16BE', 2],
  ['readInt32LE', 4], ['readInt32BE', 4], ['readBigUInt64LE', 8], ['readBigUInt64BE', 8],
  ['readBigInt64LE', 8], ['readBigInt64BE', 8], ['readFloatLE', 4], ['readFloatBE', 4],
  ['readDoubleLE', 8], ['readDoubleBE', 8], ['readUint8', 1], ['readUint32LE', 4],
  ['readBigUint64LE', 8]];
const patterns = [(i) => (i * 29 + 0x81) & 255, () => 0xff, () => 0, () => 0x80];
for (const [op, w] of reads) {
  for (let size = 0; size <= 9; size++) {
    for (const pat of patterns) {
      const b = Array.from({ length: size }, (_, i) => pat(i));
      const offs = new Set([-1, 0, 1, size - w, size - w + 1, size]);
      add(op, B(b));
      for (const o of offs) add(op, B(b), N(o));
    }
  }
}
// Floats that are special: NaN, infinities, -0, denormals.
for (const b of [[0, 0, 0xc0, 0x7f], [0, 0, 0x80, 0x7f], [0, 0, 0x80, 0xff], [0, 0, 0, 0x80],
  [1, 0, 0, 0], [0xff, 0xff, 0x7f, 0x7f]]) {
  add('readFloatLE', B(b), N(0));
  add('readFloatBE', B(b), N(0));
}
for (const op of ['readUIntLE', 'readUIntBE', 'readIntLE', 'readIntBE', 'readUintLE']) {
  for (let size = 0; size <= 8; size++) {
    const b = Array.from({ length: size }, (_, i) => (i * 61 + 0x93) & 255);
    for (let n = 0; n <= 7; n++) {
      for (const o of new Set([-1, 0, 1, size - n, size - n + 1])) add(op, B(b), N(o), N(n));
    }
  }
}

// Every write: values at and past the type's range, at edge offsets.
const writes = [['writeUInt8', 1, 0, 255], ['writeUInt16LE', 2, 0, 65535],
  ['writeUInt16BE', 2, 0, 65535], ['writeUInt32LE', 4, 0, 4294967295],
  ['writeUInt32BE', 4, 0, 4294967295], ['writeInt8', 1, -128, 127],
  ['writeInt16LE', 2, -32768, 32767], ['writeInt16BE', 2, -32768, 32767],
  ['writeInt32LE', 4, -2147483648, 2147483647], ['writeInt32BE', 4, -2147483648, 2147483647],
  ['writeUint8', 1, 0, 255], ['writeUint16BE', 2, 0, 65535], ['writeUint32LE', 4, 0, 4294967295]];
for (const [op, w, min, max] of writes) {
  for (const size of [0, w - 1, w, w + 1, 9]) {
    if (size < 0) continue;
    for (const v of [min - 1, min, 0, 1, max, max + 1, 4294967297, -4294967297, 2 ** 53 - 1]) {
      add(op, N(size), N(v));
      for (const o of new Set([-1, 0, 1, size - w, size - w + 1])) add(op, N(size), N(v), N(o));
    }
  }
}
for (const op of ['writeBigUInt64LE', 'writeBigUInt64BE', 'writeBigInt64LE', 'writeBigInt64BE',
  'writeBigUint64LE']) {
  const values = op.includes('UInt') || op.includes('Uint')
    ? ['0', '1', '18446744073709551615', '9223372036854775808']
    : ['0', '-1', '-9223372036854775808', '9223372036854775807', '4294967297'];
  for (const size of [0, 7, 8, 9]) {
    for (const v of values) {
      for (const o of new Set([-1, 0, 1, size - 8, size - 7])) add(op, N(size), G(v), N(o));
    }
  }
}
for (const op of ['writeFloatLE', 'writeFloatBE', 'writeDoubleLE', 'writeDoubleBE']) {
  for (const v of ['0', '-0', '1.5', '0.1', '3.4028234663852886e38', '3.4028235677973366e38',
    '3.402823567797337e38', '1e40', '-1e40', '1e-46', '1.401298464324817e-45', 'Infinity',
    '-Infinity', '123456789.125', '1.7976931348623157e308']) {
    for (const size of [3, 4, 8, 9]) {
      for (const o of new Set([-1, 0, 1, size - 4, size - 8])) add(op, N(size), F(v), N(o));
    }
  }
}
for (const op of ['writeUIntLE', 'writeUIntBE', 'writeIntLE', 'writeIntBE', 'writeUintBE']) {
  for (let n = 0; n <= 7; n++) {
    const bits = 8 * Math.min(Math.max(n, 1), 6);
    const signed = op.startsWith('writeInt');
    const lo = signed ? -(2 ** (bits - 1)) : 0;
    const hi = signed ? 2 ** (bits - 1) - 1 : 2 ** bits - 1;
    for (const v of [lo - 1, lo, 0, hi, hi + 1, 12345]) {
      for (const size of [n, 8]) {
        for (const o of new Set([-1, 0, 1, size - n, size - n + 1])) add(op, N(size), N(v), N(o), N(n));
      }
    }
  }
}

const out = process.argv[2] || path.join(__dirname, '../../tests/compat/buffer/cases.txt');
fs.writeFileSync(out, lines.join('\n') + '\n');
console.log(`${lines.length} cases`);
