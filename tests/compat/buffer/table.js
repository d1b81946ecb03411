// Runs every case of cases.txt (see scripts/gen/gen_buffer_cases.js) and prints one line per
// case: the case's number and its result (bytes in hex, text as the hex of its UTF-8, numbers,
// or the error).
'use strict';
const fs = require('fs');

function parse(arg) {
  const value = arg.slice(2);
  switch (arg[0]) {
    case 's': return Buffer.from(value, 'hex').toString('utf8');
    case 'b': return Buffer.from(value, 'hex');
    case 'n': return Number(value);
    case 'f': return Number(value);
    case 'e': return value;
    case 'g': return BigInt(value);
  }
  throw new Error(`bad argument ${arg}`);
}

function show(r) {
  if (r instanceof Raw) return r.text;
  if (Buffer.isBuffer(r)) return `<${r.toString('hex')}>`;
  if (typeof r === 'string') return `"${Buffer.from(r, 'utf8').toString('hex')}"`;
  if (typeof r === 'number' && Number.isNaN(r)) return 'NaN';
  if (typeof r === 'number' && !Number.isSafeInteger(r)) {
    const f = new Float64Array([r]);
    return `d${Buffer.from(f.buffer).toString('hex')}`;
  }
  if (Object.is(r, -0)) return '-0';
  return String(r);
}

// A result already shown (a count and the bytes written).
class Raw { constructor(text) { this.text = text; } }

// Each operation as Node spells it; the first argument is the buffer (or its size).
const ops = {
  from: (s, e) => (e === undefined ? Buffer.from(s) : Buffer.from(s, e)),
  byteLength: (s, e) => Buffer.byteLength(s, e),
  toString: (b, ...rest) => b.toString(...rest),
  fromArray: (...values) => Buffer.from(values),
  fromBuffer: (b) => Buffer.from(b),
  concat: (...list) => Buffer.concat(list),
  concatTotal: (total, ...list) => Buffer.concat(list, total),
  alloc: (size) => Buffer.alloc(size),
  allocFill: (size, fill, e) => Buffer.alloc(size, fill, e),
  isEncoding: (e) => Buffer.isEncoding(e),
  write: (size, s, ...rest) => {
    const b = Buffer.alloc(size);
    const n = b.write(s, ...rest);
    return new Raw(`${n} ${show(b)}`);
  },
  fill: (size, ...rest) => Buffer.alloc(size).fill(...rest),
  indexOf: (b, ...rest) => b.indexOf(...rest),
  lastIndexOf: (b, ...rest) => b.lastIndexOf(...rest),
  includes: (b, ...rest) => b.includes(...rest),
  compareStatic: (a, b) => Buffer.compare(a, b),
  equals: (a, b) => a.equals(b),
  compare: (a, b, ...rest) => a.compare(b, ...rest),
  copy: (src, size, ...rest) => {
    const target = Buffer.alloc(size);
    const n = src.copy(target, ...rest);
    return new Raw(`${n} ${show(target)}`);
  },
  copySelf: (b, ...rest) => {
    const n = b.copy(b, ...rest);
    return new Raw(`${n} ${show(b)}`);
  },
  subarray: (b, ...rest) => b.subarray(...rest),
  slice: (b, ...rest) => b.slice(...rest),
  swap16: (b) => b.swap16(),
  swap32: (b) => b.swap32(),
  swap64: (b) => b.swap64(),
  toJSON: (b) => new Raw(JSON.stringify(b.toJSON())),
};
const numberOp = (name) => {
  if (name.startsWith('read')) return (b, ...rest) => b[name](...rest);
  return (size, ...rest) => {
    const b = Buffer.alloc(size);
    const n = b[name](...rest);
    return new Raw(`${n} ${show(b)}`);
  };
};

const lines = fs.readFileSync('cases.txt', 'utf8').split('\n').filter((l) => l.length > 0);
const out = [];
lines.forEach((line, i) => {
  const [op, ...args] = line.split(' ');
  const f = ops[op] || numberOp(op);
  let result;
  try {
    result = show(f(...args.map(parse)));
  } catch (e) {
    result = String(e);
  }
  out.push(`${i + 1} ${result}`);
});
process.stdout.write(out.join('\n') + '\n');
