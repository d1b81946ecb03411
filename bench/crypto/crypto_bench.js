// crypto's hot paths under Node; crypto_bench.cc is the same program in nodecc. Each case runs
// in batches for 0.2 s and prints "name ops_per_second"; ../buffer/compare.py runs both.
'use strict';
const crypto = require('crypto');

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

const inputs = [['64B', Buffer.alloc(64, 7), 1000], ['1KiB', Buffer.alloc(1024, 7), 1000],
  ['1MiB', Buffer.alloc(1 << 20, 7), 1]];
for (const alg of ['md5', 'sha1', 'sha256', 'sha512', 'sha3-256']) {
  for (const [label, data, batch] of inputs) {
    measure(`hash ${alg} ${label}`, batch, () => { sink += crypto.createHash(alg).update(data).digest().length; });
  }
}
for (const [label, data, batch] of inputs) {
  measure(`hmac sha256 ${label}`, batch, () => { sink += crypto.createHmac('sha256', 'secret key').update(data).digest().length; });
}
measure('hash() sha256 64B hex', 1000, () => { sink += crypto.hash('sha256', 'x'.repeat(64)).length; });
measure('digest hex sha256 64B', 1000, () => { sink += crypto.createHash('sha256').update('x'.repeat(64)).digest('hex').length; });
measure('randomBytes 16', 1000, () => { sink += crypto.randomBytes(16).length; });
measure('randomBytes 1KiB', 1000, () => { sink += crypto.randomBytes(1024).length; });
measure('randomUUID', 1000, () => { sink += crypto.randomUUID().length; });
measure('randomInt', 1000, () => { sink += crypto.randomInt(1000); });
measure('timingSafeEqual 32B', 1000, () => { sink += crypto.timingSafeEqual(inputs[0][1].subarray(0, 32), inputs[0][1].subarray(32)) ? 1 : 0; });
measure('pbkdf2Sync sha256 1000', 1, () => { sink += crypto.pbkdf2Sync('pw', 'salt', 1000, 32, 'sha256').length; });
measure('scryptSync N=1024', 1, () => { sink += crypto.scryptSync('pw', 'salt', 32, { N: 1024 }).length; });
if (sink === 0.5) console.log('');
