// timers/promises: setTimeout(ms[, value]) fulfills from a timer callback and setImmediate()
// from the check phase; an await on them resumes in the microtask drain right after that
// callback, so before the next timer of the same list. The busy wait puts both 10 ms timers in
// the first timers phase: two timers set one after the other may start a millisecond apart.
// The race starts when the sleeper is done, so a stalled loop cannot interleave the two.
const timersPromises = require('timers/promises');

function busyWait(ms) {
  const end = Date.now() + ms;
  while (Date.now() < end);
}

async function sleeper() {
  console.log('sleeper start');
  await timersPromises.setTimeout(10);
  console.log('sleeper after 10 ms');
  const v = await timersPromises.setTimeout(10, 'value');
  console.log(`sleeper got ${v}`);
  await timersPromises.setImmediate();
  console.log('sleeper after immediate');
  return 'sleeper done';
}

async function racer() {
  const fast = timersPromises.setTimeout(60, 'fast');
  const slow = timersPromises.setTimeout(80, 'slow');
  const first = Promise.race([slow, fast]);
  const winner = await first;
  console.log(`race won by ${winner}`);
  const all = Promise.all([slow, fast]);
  const both = await all;
  console.log(`all ${both[0]} ${both[1]}`);
}

sleeper().then((v) => {
  console.log(v);
  racer();
});
setTimeout(() => {
  console.log('plain 10 ms (same list, set after)');
  timersPromises.setImmediate().then(() => console.log('immediate promise'));
  setImmediate(() => console.log('plain immediate'));
}, 10);
busyWait(15);
console.log('main done');
