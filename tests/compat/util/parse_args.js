// util.parseArgs: option kinds, short groups, values, defaults, tokens, and strict-mode
// errors with Node's codes and messages.
const { parseArgs } = require('util');

const options = {
  verbose: { type: 'boolean', short: 'v' },
  out: { type: 'string', short: 'o' },
  tag: { type: 'string', multiple: true, short: 't' },
  level: { type: 'string', default: 'info' },
  flag: { type: 'boolean', multiple: true, default: [false] },
};
const run = (config) => {
  try {
    console.log(parseArgs(config));
  } catch (e) {
    console.log(e.name, e.code, JSON.stringify(e.message));
  }
};

run({ args: [], options });
run({ args: ['-v', '--out', 'file.txt', '-t', 'a', '--tag=b', '-tc'], options });
run({ args: ['-vofile', '--level=debug', '--flag', '--flag'], options });
run({ args: ['-vo', 'x', '--', '--not-an-option', '-v'], options, allowPositionals: true });
run({ args: ['pos1', '-v', 'pos2'], options, allowPositionals: true });
run({ args: ['--out='], options });
run({ args: ['--unknown'], options });
run({ args: ['-x'], options });
run({ args: ['--unknown'], options, allowPositionals: true });
run({ args: ['--out'], options });
run({ args: ['-o'], options });
run({ args: ['--verbose=yes'], options });
run({ args: ['-v', 'pos'], options });
run({ args: ['--out', '--verbose'], options });
run({ args: ['-o', '-v'], options });
run({ args: ['--out=-v'], options });
run({ args: ['-abc', 'x', '--y=1', '--z'], strict: false });
run({ args: ['--x=1', '-y', '--z', 'v', 'pos', '--', '-w'], strict: false, tokens: true });
run({ args: ['-vt', 'x', '-ot'], options, tokens: true });
run({ args: ['--no-verbose', '--verbose', '--no-flag'], options, allowNegative: true });
run({ args: ['--no-out'], options, allowNegative: true });
run({ args: ['--no-verbose=1'], options, allowNegative: true });
run({ args: ['--__proto__', 'x'], strict: false });
run({ args: [], options: { bad: { type: 'number' } } });
run({ args: [], options: { bad: { type: 'string', short: 'xy' } } });
run({ args: [], options: { bad: { type: 'string', default: true } } });
run({ args: [], options: { bad: { type: 'boolean', default: 'a very long default value here' } } });
run({ args: [], options: { bad: { type: 'string', multiple: true, default: 'x' } } });
run({ args: [], options: { bad: { type: 'boolean', multiple: true, default: ['x'] } } });
run({ args: ['-é'], options: { e: { type: 'boolean', short: 'é' } } });
