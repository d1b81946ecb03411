// setImmediate callbacks run FIFO in the check phase; one queued from inside an immediate waits
// for the next turn of the loop; ticks and microtasks queued by an immediate run before the next
// immediate (Node >= 11); clearImmediate cancels one already queued for this turn.
let victim;
setImmediate(() => {
  console.log('immediate 1');
  setImmediate(() => console.log('immediate 1 -> nested (next turn)'));
  process.nextTick(() => console.log('immediate 1 -> tick'));
  Promise.resolve().then(() => console.log('immediate 1 -> promise'));
  clearImmediate(victim);
});
setImmediate((x, y) => {
  console.log(`immediate 2 args ${x} ${y}`);
  setImmediate(() => {
    console.log('immediate 2 -> nested (next turn)');
    setImmediate(() => console.log('immediate 2 -> nested -> nested (turn 3)'));
  });
}, 'p', 'q');
victim = setImmediate(() => console.log('victim: must not run'));
setImmediate(() => console.log('immediate 4'));
console.log('main done');
