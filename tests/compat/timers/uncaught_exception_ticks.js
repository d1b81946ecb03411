// Where the ticks and microtasks queued by a throwing callback (or by the 'uncaughtException'
// handler) run. Node leaves its timers or immediates loop when a callback throws and re-enters
// it after the handler without draining the queues first, so they run after the next timer of
// the same list, or after the next immediate, and before the next timer list. The busy wait
// puts both timer lists in the first timers phase.
function busyWait(ms) {
  const end = Date.now() + ms;
  while (Date.now() < end);
}

process.on('uncaughtException', (err) => {
  console.log(`caught ${err.message}`);
  process.nextTick(() => console.log('handler -> tick'));
  Promise.resolve().then(() => console.log('handler -> promise'));
});
setTimeout(() => {
  console.log('timer 1 throws');
  process.nextTick(() => console.log('timer 1 -> tick'));
  Promise.resolve().then(() => console.log('timer 1 -> promise'));
  throw new Error('from timer');
}, 5);
setTimeout(() => console.log('timer 2 (same list)'), 5);
setTimeout(() => console.log('timer 3 (other list)'), 6);
setImmediate(() => {
  console.log('immediate 1 throws');
  process.nextTick(() => console.log('immediate 1 -> tick'));
  throw new Error('from immediate');
});
setImmediate(() => console.log('immediate 2'));
busyWait(10);
