// Since Node 11 the nextTick and microtask queues drain after each timer callback, not once
// after the whole timers phase: what a timer schedules runs before the next timer, in the
// same list and in the next list. The busy wait puts both lists in the first timers phase.
function busyWait(ms) {
  const end = Date.now() + ms;
  while (Date.now() < end);
}

for (const name of ['a', 'b']) {
  setTimeout(() => {
    console.log(`timer ${name}`);
    process.nextTick(() => console.log(`timer ${name} -> tick`));
    Promise.resolve().then(() => {
      console.log(`timer ${name} -> promise`);
      process.nextTick(() => console.log(`timer ${name} -> promise -> tick`));
    });
  }, 5);
}
setTimeout(() => {
  console.log('timer c (other list)');
  queueMicrotask(() => console.log('timer c -> microtask'));
  setImmediate(() => console.log('timer c -> immediate'));
}, 10);
setTimeout(() => console.log('timer d (other list)'), 15);
busyWait(30);
