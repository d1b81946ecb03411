// console.time / timeLog / timeEnd: the line each prints (durations masked: they vary), and
// the warnings for unknown and repeated labels (printed to stderr, not compared).
const { Console } = require('console');
let captured = '';
const sink = new (require('stream').Writable)({ write(chunk, encoding, cb) { captured += chunk; cb(); } });
const c = new Console({ stdout: sink });
const busy = (ms) => { const end = Date.now() + ms; while (Date.now() < end); };

c.time();
c.time('task');
busy(2);
c.timeLog('task', 'checkpoint', { step: 1 });
c.timeLog();
c.timeEnd('task');
c.timeEnd();
c.timeEnd('task');
c.timeLog('never started');
c.time('again');
c.time('again');
c.timeEnd('again');
console.log(captured.replace(/\d+(\.\d+)?(ms|s)/g, 'N$2'));
