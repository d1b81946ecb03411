// Digests and HMACs of every family over inputs around the block sizes, in every output
// encoding; the one-shot hash; update encodings; copy; the errors; getHashes.
const crypto = require('crypto');

const show = (s) => Buffer.from(s, 'utf8').toString('hex');
const fail = (label, f) => {
  try {
    f();
    console.log(label, 'no error');
  } catch (e) {
    console.log(label, e.name, e.code || '-', e.message);
  }
};

const algorithms = ['md5', 'sha1', 'sha224', 'sha256', 'sha384', 'sha512', 'sha512-224', 'sha512-256',
  'sha3-224', 'sha3-256', 'sha3-384', 'sha3-512', 'shake128', 'shake256', 'ripemd160', 'blake2b512',
  'blake2s256', 'sm3', 'SHA256', 'RSA-SHA1', 'sha-256', 'SHA2-512'];
const pattern = (n) => {
  const b = Buffer.alloc(n);
  for (let i = 0; i < n; i++) b[i] = (i * 7 + 3) & 255;
  return b;
};
const inputs = [Buffer.alloc(0), Buffer.from('abc'), pattern(55), pattern(64), pattern(65), pattern(1000), pattern(100000)];

for (const alg of algorithms) {
  for (const input of inputs) {
    console.log('hash', alg, input.length, crypto.createHash(alg).update(input).digest('hex'));
  }
  const h = crypto.createHash(alg).update('naïve ');
  const copy = h.copy();
  h.update('café');
  copy.update(pattern(10));
  console.log('split', alg, h.digest('base64'), copy.digest('base64url'));
  console.log('latin1', alg, show(crypto.createHash(alg).update('x').digest('latin1')));
  console.log('buffer', alg, crypto.createHash(alg).update('x').digest().length);
  console.log('oneshot', alg, crypto.hash(alg, 'abc'), crypto.hash(alg, pattern(65), 'base64'));
  for (const key of ['', 'key', 'k'.repeat(200)]) {
    if (alg.startsWith('shake')) continue;
    console.log('hmac', alg, key.length, crypto.createHmac(alg, key).update('The quick brown fox').digest('hex'),
      crypto.createHmac(alg, Buffer.from(key)).update(pattern(1000)).digest('base64'));
  }
}
for (const len of [0, 1, 5, 32, 100]) {
  console.log('xof', len, crypto.createHash('shake256', { outputLength: len }).update('a').digest('hex'),
    crypto.createHash('shake128', { outputLength: len }).update('a').digest('hex'));
}
console.log('xof copy', crypto.createHash('shake256').update('a').copy({ outputLength: 4 }).digest('hex'));
console.log('sha256 own length', crypto.createHash('sha256', { outputLength: 32 }).digest('hex'));

for (const enc of ['utf8', 'hex', 'base64', 'latin1', 'binary', 'ucs2', 'ascii', 'nope']) {
  console.log('update', enc, crypto.createHash('sha1').update('616263c3a9', enc).digest('hex'),
    crypto.createHmac('sha1', 'k').update('6162', enc).digest('hex'));
}
for (const enc of ['hex', 'base64', 'base64url', 'latin1', 'binary', 'utf8', 'ucs2', 'ascii']) {
  console.log('digest', enc, show(crypto.createHash('md5').update('abc').digest(enc)), show(crypto.hash('md5', 'abc', enc)));
}

const hmac = crypto.createHmac('sha256', 'k');
console.log('hmac first', hmac.digest('hex'));
console.log('hmac again', JSON.stringify(hmac.digest('hex')), hmac.digest().length);

fail('unknown hash', () => crypto.createHash('nope'));
fail('unknown hmac', () => crypto.createHmac('nope', 'k'));
fail('unknown one-shot', () => crypto.hash('nope', 'x'));
fail('one-shot encoding', () => crypto.hash('sha1', 'x', 'nope'));
fail('not xof', () => crypto.createHash('sha256', { outputLength: 5 }));
fail('odd hex', () => crypto.createHash('sha1').update('abc', 'hex'));
fail('hmac odd hex', () => crypto.createHmac('sha1', 'k').update('abc', 'hex'));
const done = crypto.createHash('sha256');
done.digest();
fail('update after digest', () => done.update('x'));
fail('digest after digest', () => done.digest('hex'));
fail('copy after digest', () => done.copy());
fail('hmac update after digest', () => hmac.update('x'));

const hashes = crypto.getHashes();
console.log('getHashes', hashes.length, hashes.join(' '));
