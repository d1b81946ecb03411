// Buffer's hot paths under Node; buffer_bench.cc is the same program in nodecc. Each case runs
// in batches for 0.2 s and prints "name ops_per_second"; compare.py runs both and compares.
'use strict';

let sink = 0;
function measure(name, batch, f) {
  for (let i = 0; i < batch; i++) f();  // warm-up
  let ops = 0;
  const start = process.hrtime.bigint();
  let elapsed = 0n;
  while (elapsed < 200000000n) {
    for (let i = 0; i < batch; i++) f();
    ops += batch;
    elapsed = process.hrtime.bigint() - start;
  }
  console.log(`${name} ${Math.round(ops / (Number(elapsed) / 1e9))}`);
}

const big = Buffer.alloc(65536);
for (let i = 0; i < big.length; i++) big[i] = (i * 7 + 3) & 255;
const ascii = Buffer.from('The quick brown fox jumps over the lazy dog. '.repeat(23)).subarray(0, 1024);
const mixed = Buffer.from('naïve café — 日本語 😀 '.repeat(40)).subarray(0, 1024);
const hex = ascii.toString('hex');
const b64 = ascii.toString('base64');
const hay = Buffer.from('a'.repeat(65536 - 6) + 'needle');

// 64 KiB of reads or writes per op.
measure('readUInt32LE 64KiB', 10, () => { let s = 0; for (let i = 0; i + 4 <= 65536; i += 4) s += big.readUInt32LE(i); sink += s; });
measure('readUInt32BE 64KiB', 10, () => { let s = 0; for (let i = 0; i + 4 <= 65536; i += 4) s += big.readUInt32BE(i); sink += s; });
measure('readDoubleLE 64KiB', 10, () => { let s = 0; for (let i = 0; i + 8 <= 65536; i += 8) s += big.readDoubleLE(i); sink += s; });
measure('readBigUInt64LE 64KiB', 2, () => { let s = 0n; for (let i = 0; i + 8 <= 65536; i += 8) s += big.readBigUInt64LE(i); sink += Number(s & 1n); });
measure('writeUInt32LE 64KiB', 10, () => { for (let i = 0; i + 4 <= 65536; i += 4) big.writeUInt32LE(i, i); });
measure('writeUInt16BE 64KiB', 10, () => { for (let i = 0; i + 2 <= 65536; i += 2) big.writeUInt16BE(i & 0xffff, i); });
measure('writeDoubleLE 64KiB', 10, () => { for (let i = 0; i + 8 <= 65536; i += 8) big.writeDoubleLE(i * 0.5, i); });
measure('indexOf byte 64KiB', 100, () => { sink += hay.indexOf(0x6e); });
measure('indexOf string 64KiB', 100, () => { sink += hay.indexOf('needle'); });
measure('lastIndexOf string 64KiB', 100, () => { sink += hay.lastIndexOf('aaaaan', -1); });
measure('includes buffer 64KiB', 100, () => { sink += hay.includes(Buffer.from('needle')) ? 1 : 0; });
measure('toString utf8 1KiB ascii', 1000, () => { sink += ascii.toString().length; });
measure('toString utf8 1KiB mixed', 1000, () => { sink += mixed.toString().length; });
measure('toString hex 1KiB', 1000, () => { sink += ascii.toString('hex').length; });
measure('toString base64 1KiB', 1000, () => { sink += ascii.toString('base64').length; });
measure('from hex 1KiB', 1000, () => { sink += Buffer.from(hex, 'hex').length; });
measure('from base64 1KiB', 1000, () => { sink += Buffer.from(b64, 'base64').length; });
measure('from utf8 short', 10000, () => { sink += Buffer.from('hello world').length; });
measure('alloc 64', 10000, () => { sink += Buffer.alloc(64).length; });
measure('compare 1KiB', 10000, () => { sink += ascii.compare(mixed); });
measure('concat 3x1KiB', 1000, () => { sink += Buffer.concat([ascii, mixed, ascii]).length; });
if (sink === 0.5) console.log('');
