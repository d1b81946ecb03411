// pbkdf2 and scrypt on the RFC 6070 / RFC 7914 vectors in the sync, callback and promise forms;
// the random functions' shapes, ranges and errors; timingSafeEqual; the order in which the
// callbacks arrive relative to the code that started them.
const crypto = require('crypto');
const util = require('util');

const fail = (label, f) => {
  try {
    f();
    console.log(label, 'no error');
  } catch (e) {
    console.log(label, e.name, typeof e.code === 'string' ? e.code : '-', e.message);
  }
};

console.log('pbkdf2', crypto.pbkdf2Sync('password', 'salt', 1, 20, 'sha1').toString('hex'));
console.log('pbkdf2', crypto.pbkdf2Sync('password', 'salt', 4096, 20, 'sha1').toString('hex'));
console.log('pbkdf2', crypto.pbkdf2Sync('passwordPASSWORDpassword', 'saltSALTsaltSALTsaltSALTsaltSALTsalt', 4096, 25, 'sha1').toString('hex'));
console.log('pbkdf2', crypto.pbkdf2Sync(Buffer.from('pass\0word'), Buffer.from('sa\0lt'), 4096, 16, 'sha1').toString('hex'));
console.log('pbkdf2', crypto.pbkdf2Sync('password', 'salt', 1000, 64, 'sha512').toString('base64'));
console.log('pbkdf2', crypto.pbkdf2Sync('', '', 1, 0, 'sha256').length);
console.log('scrypt', crypto.scryptSync('', '', 64, { N: 16, r: 1, p: 1 }).toString('hex'));
console.log('scrypt', crypto.scryptSync('password', 'NaCl', 64, { N: 1024, r: 8, p: 16 }).toString('hex'));
console.log('scrypt', crypto.scryptSync('password', 'salt', 16).toString('hex'));
console.log('scrypt', crypto.scryptSync('password', 'salt', 16, { N: 0, r: 0, p: 0, maxmem: 0 }).toString('hex'));
console.log('scrypt', crypto.scryptSync('p', 's', 0).length);

fail('pbkdf2 iterations', () => crypto.pbkdf2Sync('p', 's', 0, 10, 'sha1'));
fail('pbkdf2 keylen', () => crypto.pbkdf2Sync('p', 's', 1, -1, 'sha1'));
fail('pbkdf2 keylen big', () => crypto.pbkdf2Sync('p', 's', 1, 2 ** 31, 'sha1'));
fail('pbkdf2 digest', () => crypto.pbkdf2Sync('p', 's', 1, 10, 'nope'));
fail('pbkdf2 callback digest', () => crypto.pbkdf2('p', 's', 1, 10, 'nope', () => {}));
fail('scrypt N', () => crypto.scryptSync('p', 's', 16, { N: 3 }));
fail('scrypt callback N', () => crypto.scrypt('p', 's', 16, { N: 3 }, () => {}));
fail('scrypt keylen', () => crypto.scryptSync('p', 's', -1));
fail('scrypt memory', () => crypto.scryptSync('p', 's', 16, { N: 2 ** 20 }));

const sizes = [0, 1, 16, 1000];
for (const n of sizes) console.log('randomBytes', n, crypto.randomBytes(n).length);
fail('randomBytes negative', () => crypto.randomBytes(-1));
fail('randomBytes big', () => crypto.randomBytes(2 ** 31));
fail('randomBytes callback big', () => crypto.randomBytes(2 ** 31, () => {}));
const zeros = Buffer.alloc(64);
crypto.randomFillSync(zeros, 8, 16);
console.log('randomFillSync untouched', zeros.subarray(0, 8).equals(Buffer.alloc(8)), zeros.subarray(24).equals(Buffer.alloc(40)));
fail('randomFillSync offset', () => crypto.randomFillSync(Buffer.alloc(4), 5));
fail('randomFillSync negative', () => crypto.randomFillSync(Buffer.alloc(4), -1));
fail('randomFillSync size', () => crypto.randomFillSync(Buffer.alloc(4), 1, 4));
fail('randomFill size', () => crypto.randomFill(Buffer.alloc(4), 1, 4, () => {}));
let inRange = true;
const seen = new Set();
for (let i = 0; i < 2000; i++) {
  const v = crypto.randomInt(-3, 4);
  if (v < -3 || v >= 4) inRange = false;
  seen.add(v);
}
console.log('randomInt range', inRange, seen.size);
console.log('randomInt max', crypto.randomInt(1), crypto.randomInt(5, 6));
fail('randomInt empty', () => crypto.randomInt(0));
fail('randomInt equal', () => crypto.randomInt(5, 5));
fail('randomInt wide', () => crypto.randomInt(0, 2 ** 48));
fail('randomInt wide max', () => crypto.randomInt(2 ** 48));
fail('randomInt unsafe', () => crypto.randomInt(2 ** 53));
fail('randomInt unsafe min', () => crypto.randomInt(-(2 ** 53), 0));
const uuids = new Set();
let wellFormed = true;
for (let i = 0; i < 300; i++) {
  const u = crypto.randomUUID();
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(u)) wellFormed = false;
  uuids.add(u);
}
console.log('randomUUID', wellFormed, uuids.size);
console.log('getRandomValues', crypto.getRandomValues(Buffer.alloc(65536)).length);
fail('getRandomValues quota', () => crypto.getRandomValues(Buffer.alloc(65537)));
console.log('timingSafeEqual', crypto.timingSafeEqual(Buffer.from('abc'), Buffer.from('abc')),
  crypto.timingSafeEqual(Buffer.from('abc'), Buffer.from('abd')), crypto.timingSafeEqual(Buffer.alloc(0), Buffer.alloc(0)));
fail('timingSafeEqual lengths', () => crypto.timingSafeEqual(Buffer.alloc(1), Buffer.alloc(2)));

crypto.pbkdf2('password', 'salt', 2, 20, 'sha1', (err, key) => {
  console.log('pbkdf2 callback', !!err, key.toString('hex'));
  crypto.scrypt('password', 'NaCl', 64, { N: 1024, r: 8, p: 16 }, (err2, key2) => {
    console.log('scrypt callback', !!err2, key2.toString('hex'));
    crypto.randomBytes(32, (err3, buf) => {
      console.log('randomBytes callback', !!err3, buf.length);
      const target = Buffer.alloc(10);
      crypto.randomFill(target, 2, 3, (err4, same) => {
        console.log('randomFill callback', !!err4, same === target, target.subarray(5).equals(Buffer.alloc(5)));
        crypto.randomInt(10, 20, (err5, n) => {
          console.log('randomInt callback', !!err5, n >= 10 && n < 20);
          util.promisify(crypto.pbkdf2)('password', 'salt', 1, 20, 'sha1').then((k) => {
            console.log('pbkdf2 promise', k.toString('hex'));
            return util.promisify(crypto.scrypt)('', '', 64, { N: 16, r: 1, p: 1 });
          }).then((k) => {
            console.log('scrypt promise', k.toString('hex'));
            return util.promisify(crypto.randomBytes)(7);
          }).then((b) => {
            console.log('randomBytes promise', b.length);
          });
        });
      });
    });
  });
});
console.log('after starting the callbacks');
