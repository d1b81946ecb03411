// rl.pause() and rl.resume() pause and resume the input and emit 'pause'/'resume'; rl.write()
// feeds text as if it came from the input (resuming first); an input that emits strings
// (setEncoding) is taken as it is.
const { PassThrough } = require('stream');
const readline = require('readline');

const log = (...a) => console.log(...a);
const input = new PassThrough();
input.setEncoding('utf8');
const rl = readline.createInterface({ input });
rl.on('line', (line) => log('line', line, input.isPaused()));
for (const ev of ['pause', 'resume', 'close']) rl.on(ev, () => log(ev, rl.paused));
input.write('first\nsec');
setImmediate(() => {
  rl.pause();
  log('input paused', input.isPaused());
  input.write('ond\nthird\n');
  setImmediate(() => {
    log('still waiting', input.readableLength);
    rl.write('typed\n');
    input.end('last');
  });
});
