// util.parseArgs on 400 argument lists drawn from a seeded generator (the same in both
// programs): strict and non-strict, tokens included, Node's quirks included.
const util = require('util');

let state = 2463534242;
const next = () => {
  state ^= state << 13; state >>>= 0;
  state ^= state >>> 17;
  state ^= state << 5; state >>>= 0;
  return state;
};
const alphabet = ['-', '-', '=', 'a', 'b', 'c', 'x', ' ', 'é'];
const options = {
  a: { type: 'string', short: 'a' },
  b: { type: 'boolean', short: 'b' },
  c: { type: 'string', multiple: true },
};
const show = (v) => util.inspect(v, { breakLength: Infinity, depth: Infinity });

for (let round = 0; round < 400; round++) {
  const args = [];
  const count = next() % 5;
  for (let i = 0; i < count; i++) {
    let arg = '';
    const length = next() % 6;
    for (let j = 0; j < length; j++) arg += alphabet[next() % alphabet.length];
    args.push(arg);
  }
  const strict = next() % 2 === 0;
  try {
    const r = util.parseArgs({ args, options, strict, allowPositionals: true, tokens: true });
    console.log(round, show(args), show(r));
  } catch (e) {
    console.log(round, show(args), e.code, show(e.message));
  }
}
